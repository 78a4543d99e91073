#pragma once
// Migration: the last string stage. Sources and plugin snippets may be written in GLSL ES 1.00
// idioms; the output is GLSL ES 3.00 ("#version 300 es") or GLSL 3.30 core. Token-aware:
// only whole identifiers outside comments change (myattribute, texture2DArray, a comment that
// says varying: untouched), in code lines and #define bodies.
//
//   attribute            -> in                       (vertex)
//   varying              -> out (vertex), in (fragment)
//   texture2D, textureCube, texture3D, shadow2DEXT -> texture;  ...Lod(EXT) -> textureLod;
//   texture2DProj(Lod)   -> textureProj(Lod);  texture2DGradEXT, textureCubeGradEXT -> textureGrad
//   gl_FragColor, gl_FragData[0] -> fragColor; gl_FragData[n] -> fragData<n>   (fragment; each
//                           declared "layout(location = n) out vec4 ...;" in the prologue)
//   gl_FragDepthEXT      -> gl_FragDepth
//
// The prologue, all "<generated>" origins: the #version line; then the input's #extension
// lines (hoisted, since an #extension must precede any code; ES 1.00 extensions that are core
// in ES 3.00 are dropped); then, for ES 3.00, default precision statements for float, int and
// every sampler type, highp throughout — GLSL ES 3.00 has no default precision for
// sampler2DArray, sampler3D and the shadow and integer samplers, and a declaration without one
// fails only on a real driver; then the fragment outputs. Any #version in the input is dropped.
#include "shader/LineMap.h"
#include "shader/ShaderLanguage.h"
#include "shader/ShaderStage.h"

namespace th {

class Migrator {
public:
    /// Throws th::Error (with origin) for gl_FragData with a non-constant index.
    static ShaderText migrate(const ShaderText& input, ShaderStage stage, ShaderLanguage language);
    /// As migrate(), writing into `out` and reusing its capacity.
    static void migrateInto(const ShaderText& input, ShaderStage stage, ShaderLanguage language, ShaderText& out);
};

} // namespace th
