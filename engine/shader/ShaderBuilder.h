#pragma once
// One call that builds one stage of an effect from the store:
//   store lookup -> include expansion -> plugin includes and shader modules -> plugin injection
//   -> lint -> raw-source edits -> preprocessor -> migration
// and returns the final text with its line map, the lint findings and per-stage timings.
// This is what the material layer calls for every effect (and th-shader for the tool).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shader/Diagnostic.h"
#include "shader/Injector.h"
#include "shader/LineMap.h"
#include "shader/PluginCode.h"
#include "shader/Preprocessor.h"
#include "shader/ShaderDefines.h"
#include "shader/ShaderLanguage.h"
#include "shader/ShaderStage.h"
#include "shader/ShaderStore.h"
#include "shader/SourceEdit.h"

namespace th {

struct ShaderBuildRequest {
    std::string source; ///< store name, looked up like an include ("pbr.frag", "pbr/pbr.frag.glsl")
    ShaderStage stage = ShaderStage::Fragment;
    ShaderDefines defines;                    ///< the variant: evaluated and emitted for the driver
    std::vector<std::string> declaredDefines; ///< every define the material may set (for lint)
    std::vector<std::string> builtinDefines;  ///< every define the engine may set (PASS_*, ...)
    std::vector<const PluginCode*> plugins;   ///< any order; injection order is by priority
    ShaderLanguage language = ShaderLanguage::Es300;
    std::vector<std::pair<std::string, int64_t>> indexParameters; ///< for #include<x>[0..name]
    bool uniformBuffers = true;   ///< #include<__decl__x> takes x_ubo (else x)
    /// Raw-source hooks, in order, on the injected source (before the preprocessor).
    std::vector<SourceEdit> sourceEdits;
    bool lint = true;
    bool lintErrorsThrow = true;  ///< a lint error aborts the build (th::Error) instead of a finding
};

/// Wall time of each stage of one build, in milliseconds.
struct ShaderStageTimings {
    double includes = 0, injection = 0, lint = 0, preprocess = 0, migration = 0;
    double pipeline() const { return includes + injection + preprocess + migration; }
};

struct ShaderBuildResult {
    ShaderText text;
    std::vector<Diagnostic> diagnostics;
    ShaderStageTimings timings;
};

class ShaderBuilder {
public:
    explicit ShaderBuilder(const ShaderStore& store) : mStore(store) {}

    /// Builds `request.source` from the store. Throws th::Error (with origin) when any stage
    /// fails, or on a lint error when request.lintErrorsThrow. Never returns a partial shader.
    /// Not thread-safe (it reuses preprocessor tables): one builder per thread.
    ShaderBuildResult build(const ShaderBuildRequest& request);
    /// The same for a text that is not in the store (its includes still come from the store).
    ShaderBuildResult build(const ShaderText& source, const ShaderBuildRequest& request);

    const ShaderStore& store() const { return mStore; }

private:
    const ShaderStore& mStore;
    // Scratch texts reused from build to build: a 300 KB shader otherwise takes fresh pages
    // (page faults) for every intermediate stage, which costs as much as the stages.
    Preprocessor mPreprocessor;
    ShaderText mExpanded;
    InjectionResult mInjected;
    ShaderText mPreprocessed;
};

/// The text with each line prefixed by its origin ("shaders/pbr/pbr.frag.glsl:120 | ..."),
/// for th-shader --annotate and the demo's shader view.
std::string annotate(const ShaderText& text);

} // namespace th
