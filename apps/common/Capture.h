#pragma once
// Deterministic captures: a built scene rendered headless at a fixed time, every effect
// compiled first (no draw skipped as not ready), read back as an sRGB image.
#include <filesystem>
#include <functional>
#include <string>

#include "common/CaptureMeasure.h"
#include "common/GoldenSettings.h"
#include "common/ImageCompare.h"
#include "common/SceneFile.h"
#include "common/SuiteReport.h"
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

/// Judges a capture (already written at `actualPath`) against `goldenDir/<name>.png` by
/// `measure`. A missing golden is GoldenMissing, never a pass. A golden made under other
/// settings than `settings` (its record in the folder's settings.json; else the folder's API
/// and limits and the PNG's size) is refused as Failed, naming the difference. Otherwise the
/// verdict, with the heat map written to `outDir/<name>.diff.png`.
CaptureOutcome checkAgainstGolden(const std::string& name, const ImageRgba8& actual, const std::filesystem::path& actualPath,
                                  const GoldenRecord& settings, const CaptureMeasure& measure,
                                  const std::filesystem::path& goldenDir, const std::optional<GoldenSettings>& folderSettings,
                                  const std::filesystem::path& outDir);

} // namespace th
