#pragma once
// Synthetic shaders of realistic size and shape for the pipeline benchmark: a fragment of
// ~300 KB and ~6,700 lines after includes with ~1,500 conditionals, a vertex of ~70 KB (the
// size of Babylon.js's PBR pair), built from includes with parameters and index ranges,
// __decl__ variants, CUSTOM_ markers and callable targets, written in GLSL ES 1.00 idioms; and
// five plugins keyed by marker, regex and hook, in the manner of Day Hike's.
#include <vector>

#include "shader/PluginCode.h"
#include "shader/ShaderBuilder.h"
#include "shader/ShaderStore.h"

namespace th::bench {

struct SyntheticMaterial {
    ShaderStore store = ShaderStore::empty();
    std::vector<PluginCode> plugins;
    ShaderBuildRequest vertex, fragment; ///< plugins point into `plugins`
};

/// Deterministic: the same material on every run.
void makeSyntheticMaterial(SyntheticMaterial& out);

} // namespace th::bench
