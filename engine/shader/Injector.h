#pragma once
// Plugin injection: the second stage, run on the include-expanded text before the
// preprocessor, so injected code is ordinary shader source (it may use #ifdef, it is
// migrated). Keys, per stage:
//
//   CUSTOM_<NAME>  Named marker. Every line "#define CUSTOM_<NAME>" (outside comments) is an
//                  injection point; the code of every plugin for that key goes on the lines
//                  before it, in plugin order. A marker may appear more than once (e.g. in
//                  both branches of an #if): the code goes before each.
//   NAME           Callable target (as luma.gl's injection targets). A shader line
//                  "#hook NAME(inout vec3 positionW)" declares it; the injector replaces that
//                  line with "void NAME(inout vec3 positionW) { <statements> }", the statements
//                  of every plugin for NAME in order, or an empty body. The shader calls
//                  NAME(...) unconditionally. A target may return a value and wrap the
//                  plugins' statements in a header and a footer:
//                    #hook vec3 TONE(vec3 color) header { vec3 c = color; } footer { return c; }
//                  becomes "vec3 TONE(vec3 color) {", the header, the statements, the footer,
//                  "}". A target with a return type needs a `return` in its header or footer
//                  (the path taken when no plugin returns); without one it is an error.
//   !pattern       Regex (PCRE2 syntax) that must match exactly once in the expanded shader;
//                  the snippet is the replacement, with $0..$99, ${n}, $& (whole match) and
//                  $$ (a dollar). Zero or several matches is an error listing where.
//   !*pattern      Regex replacing every match; at least one is required.
//
// Every key is checked on every build (nothing is collected once and cached): a key that
// names no marker or target in this shader is an error listing the markers and targets that
// exist; a disabled plugin injects nothing. All keys see the same text — the expanded shader
// before any injection — so plugins cannot depend on one another's replacements; two edits
// that overlap (a regex match across a marker or a hook line, two matches of different keys
// sharing characters) are an error naming both.
//
// Order: plugins by ascending priority, then registration order, then list order (stable; see
// injectionOrder in PluginCode.h); within a plugin, its keys in declaration order.
//
// Each injected line's origin is the snippet's own line ("plugin 'Wind' key
// 'CUSTOM_VERTEX_UPDATE_WORLDPOS'":2, or the snippet file); a line a regex rewrote in the middle
// is attributed to the plugin, since that is where a compile error most likely comes from.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/Error.h"
#include "shader/LineMap.h"
#include "shader/PluginCode.h"
#include "shader/ShaderStage.h"

namespace th {

enum class InjectionKind { Marker, Hook, Regex };

/// One applied injection (one marker occurrence, one hook body part, or one regex match).
struct InjectionRecord {
    std::string plugin;
    std::string key;
    InjectionKind kind = InjectionKind::Marker;
    SourceLocation target; ///< origin of the marker/hook line or of the match's first line
    size_t inputLine = 0;  ///< 0-based line of the expanded input where it lands
    size_t firstLine = 0;  ///< 0-based first output line holding the injected text
    size_t lineCount = 0;  ///< output lines holding it
    std::string text;      ///< the text injected (a regex's expanded replacement)
    std::string replaced;  ///< for a regex: the text it replaced
};

struct InjectionPoint {
    std::string name;      ///< marker "CUSTOM_X" or hook "NAME"
    std::string signature; ///< hook parameters, empty for markers
    size_t line = 0;       ///< 0-based input line
    std::string returnType = "void"; ///< hook: what the generated function returns
    std::string header, footer;      ///< hook: code around the plugins' statements
};

struct InjectionResult {
    ShaderText text;
    std::vector<InjectionRecord> records;
    std::vector<InjectionPoint> markers; ///< in input order
    std::vector<InjectionPoint> hooks;
};

class Injector {
public:
    /// Applies the code of `plugins` for `stage` to `expanded`. `shaderName` names the shader
    /// in messages. Throws th::Error naming plugin, key and line on any key that does not
    /// land exactly as asked.
    static InjectionResult inject(const ShaderText& expanded, ShaderStage stage,
                                  std::span<const PluginCode* const> plugins, std::string_view shaderName = {});
    /// As inject(), writing into `out` and reusing its capacity (hot paths).
    static void injectInto(const ShaderText& expanded, ShaderStage stage, std::span<const PluginCode* const> plugins,
                           std::string_view shaderName, InjectionResult& out);

    /// The markers and hooks a text declares (what keys may name), without injecting.
    static InjectionResult scanPoints(const ShaderText& expanded);
};

} // namespace th
