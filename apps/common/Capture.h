#pragma once
// Deterministic captures: a built scene rendered headless at a fixed time, every effect
// compiled first (no draw skipped as not ready), read back as an sRGB image.
#include <filesystem>
#include <functional>
#include <string>

#include "common/ImageCompare.h"
#include "common/SceneFile.h"
#include "common/scenes/BuiltScene.h"
#include "core/Image.h"

namespace th {

/// Renders `built` at `seconds` into a width×height image. Runs the scene's update first.
ImageRgba8 captureBuiltScene(Renderer& renderer, BuiltScene& built, int width, int height, double seconds);

/// Warns once when every pixel of a capture is black, naming the exposure when it is the
/// likely cause (EV100 at the top of its range with a dim scene), never in silence.
void warnIfAllBlack(const ImageRgba8& image, const PostSettings& post);

/// Loads, builds and captures a scene file at its own resolution and time.
ImageRgba8 captureSceneFile(Renderer& renderer, const std::filesystem::path& file, SceneBuildContext& context);

/// The result of checking one capture against a golden folder.
struct GoldenCheck {
    std::string name;
    bool goldenMissing = false;
    CompareResult comparison;
    std::filesystem::path actualPath, goldenPath, diffPath;
    bool passed() const { return !goldenMissing && comparison.passed; }
};

/// Compares `actual` with `goldenDir/<name>.png`; writes `<name>.png` and `<name>.diff.png`
/// into `outDir`. A missing golden is reported as such, never as a pass.
GoldenCheck checkAgainstGolden(const std::string& name, const ImageRgba8& actual, const std::filesystem::path& goldenDir,
                               const std::filesystem::path& outDir, const CompareTolerance& tolerance = {});

/// One HTML page with golden, new and diff side by side for every check.
void writeComparisonReport(const std::filesystem::path& file, const std::vector<GoldenCheck>& checks);

} // namespace th
