#pragma once
// Rewrites a driver's shader compile or link log so each message names the line's origin
// (shader file, include, or plugin snippet) instead of a line of the generated text.
// Recognised forms (the leading number is the source-string index, always 0 for us):
//   Mesa           0:42(12): error: `terrainRough' undeclared
//   NVIDIA         0(42) : error C1008: undefined variable "terrainRough"
//   glslang, ANGLE, AMD, Apple
//                  ERROR: 0:42: 'terrainRough' : undeclared identifier   (also WARNING:)
// Mapped lines read "plugins/terrain/terrain.frag.glsl:42: error: 'terrainRough' :
// undeclared identifier"; lines in no known form pass through unchanged.
#include <string>
#include <string_view>
#include <vector>

#include "shader/Diagnostic.h"
#include "shader/LineMap.h"

namespace th {

class DriverLogMapper {
public:
    /// The whole log, rewritten.
    static std::string map(std::string_view log, const LineMap& lines);
    /// The recognised messages as diagnostics (severity from error/warning), in log order.
    static std::vector<Diagnostic> parse(std::string_view log, const LineMap& lines);
    /// A link log names no line, only identifiers (`vFoo', 'vFoo', "vFoo"). Each line that
    /// quotes one gets where each stage declares it, or that it does not:
    ///   error: fragment shader input `vTint' has no matching output in the previous stage
    ///     [vTint: vertex: not declared; fragment: plugins/tint/tint.frag.glsl:3 (plugin 'Tint' key 'K')]
    static std::string mapLink(std::string_view log, const ShaderText& vertex, const ShaderText& fragment);
};

} // namespace th
