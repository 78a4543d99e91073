#pragma once
// Include expansion: the first stage. Recognises, at the start of a line outside comments:
//
//   #include<name>                   the named store entry (see ShaderStore for lookup)
//   #include<name>(A,a,B,b)          ... with every whole token A replaced by a, B by b
//                                    (a non-identifier A is replaced as plain text)
//   #include<name>[0..N]             ... repeated for i = 0 .. N-1 with "{X}" replaced by i;
//                                    each bound is a number or an index parameter by name
//                                    (IncludeOptions::indexParameters, e.g. maxSimultaneousLights)
//   #include<__decl__name>           the declaration variant: "name_ubo" when uniform blocks
//                                    are in use (IncludeOptions::uniformBuffers), "name" otherwise
//
// Parameters and ranges may be combined, in either order. Replacement happens in the
// include's own text, nested #include lines included, before those are expanded. A missing
// include, a cycle, too deep a nesting or too large an output is a th::Error that prints the
// chain of includes ("a.glsl:3 -> b.glsl:7 -> a.glsl").
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shader/LineMap.h"
#include "shader/PipelineLimits.h"
#include "shader/ShaderStore.h"

namespace th {

struct IncludeOptions {
    /// Named bounds for `[A..B]` ranges, e.g. {"maxSimultaneousLights", 4}.
    std::vector<std::pair<std::string, int64_t>> indexParameters;
    /// Selects the `__decl__` variant: "name_ubo" when true, "name" when false.
    bool uniformBuffers = true;
    size_t maxOutputBytes = kMaxShaderBytes;
    int maxDepth = kMaxIncludeDepth;
    int maxRepeat = kMaxIncludeRepeat;
};

class IncludeExpander {
public:
    explicit IncludeExpander(const ShaderStore& store) : mStore(store) {}

    /// Expands the store entry `name` (looked up like an include).
    ShaderText expand(std::string_view name, const IncludeOptions& options = {}) const;
    /// Expands a text that is not in the store (a file given to a tool); its own line map is
    /// kept for its lines.
    ShaderText expand(const ShaderText& text, const IncludeOptions& options = {}) const;
    /// As expand(name), writing into `out` and reusing its capacity (hot paths).
    void expandInto(std::string_view name, const IncludeOptions& options, ShaderText& out) const;

private:
    const ShaderStore& mStore;
};

} // namespace th
