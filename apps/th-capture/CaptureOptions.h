#pragma once
// th-capture's command line: what to capture (scene files, a glTF model, or a blank check of
// an existing image), how, and where to write it. Parsing checks every option against the
// mode it applies to and every value against its range; it throws UsageError and never exits
// (tests/fuzz drives it).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "common/ImageCompare.h"
#include "hike/QualityTier.h"
#include "common/ImageVariety.h"
#include "render/DebugView.h"
#include "scene/Atmosphere.h"

namespace th {

struct CaptureOptions {
    bool help = false;
    std::vector<std::filesystem::path> scenes;
    bool allScenes = false; ///< --all: the shipped suite (the caller names its file)
    /// --suite FILE: a capture suite run in worker processes (CaptureSuite.h).
    std::filesystem::path suite;
    int jobs = 0;                  ///< --jobs N; 0: one per core
    int shardIndex = 0, shardCount = 0; ///< --shard I/N (1-based); 0/0: the whole suite
    std::filesystem::path timings; ///< --timings FILE: a previous run's summary, to balance shards
    double timeoutSeconds = 900;   ///< --timeout S: a capture's worker is killed after S seconds
    std::filesystem::path junit, summary; ///< --junit FILE, --summary FILE
    std::vector<std::string> only; ///< --only PATTERN: the captures whose names match (shell pattern)
    /// --merge-reports DIR...: the folders (or summary files) of a suite's shards.
    std::vector<std::filesystem::path> mergeReports;
    std::optional<QualityTier> tier; ///< --tier: a scene file's quality over its own "quality"
    std::filesystem::path gltf;
    std::filesystem::path out, outDir = "captures";
    std::filesystem::path compareDir, updateDir, report;
    int width = 1280, height = 720;
    bool sizeGiven = false;
    std::optional<glm::vec3> position, target, up, background;
    float yfovDegrees = 45.0f;
    std::string camera; ///< --camera NAME|INDEX: one of the file's cameras; empty = framed
    std::string variant; ///< --variant NAME: a KHR_materials_variants variant; empty = the defaults
    std::optional<float> nearPlane, farPlane, skyHour;
    std::filesystem::path env;
    float envIntensity = 1.0f;
    bool punctual = true;
    ToneMapping tonemap = ToneMapping::PbrNeutral;
    float exposure = 1.0f;
    std::optional<float> ev100;
    /// --msaa; unset: 4 (as a WebGL context antialiases by default, and both visual references
    /// do), 1 under --debug-view (a debug view shows each pixel's own value, not a blend).
    std::optional<int> msaa;
    bool fxaa = false;
    std::optional<float> bloom; ///< strength
    std::optional<float> ao;       ///< ambient occlusion's strength
    std::optional<float> aoRadius; ///< metres
    DebugView debugView = DebugView::None; ///< --debug-view NAME
    CompareTolerance tolerance;
    std::filesystem::path checkNotBlank;
    ImageRegion region;
    double minShare = 0.02;
    /// --animation NAME|INDEX|all: pose the glTF model with a clip; --time the seconds into it
    /// (for a scene file: the time it is captured at, over its "seconds").
    std::string animation;
    std::optional<float> time;
    /// Folders whose files scene files may name by absolute or escaping paths (--allow-path).
    std::vector<std::filesystem::path> trustedFolders;
    /// --validate-only: report the glTF file's problems (codes, JSON pointers) and capture
    /// nothing; --json prints the report as JSON.
    bool validateOnly = false, json = false;
};

/// Parses argv. Throws UsageError naming the option for anything it cannot apply.
CaptureOptions parseCaptureOptions(int argc, const char* const* argv);

extern const char* const kCaptureUsage;

} // namespace th
