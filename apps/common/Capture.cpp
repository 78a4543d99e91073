#include "common/Capture.h"

#include "assets/ImageLoader.h"
#include "common/SceneLibrary.h"
#include "core/Files.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/Readback.h"

namespace th {

ImageRgba8 captureBuiltScene(Renderer& renderer, BuiltScene& built, int width, int height, double seconds) {
    RenderTarget target(width, height, TextureFormat::RGBA8, "capture");
    Camera camera = built.camera;
    camera.aspect = float(width) / float(height);
    if (built.update) built.update(seconds, camera);
    renderer.prepare(*built.scene, camera, target);
    // Two frames: environment bakes and lazily created resources settle on the first.
    renderer.render(*built.scene, camera, target, seconds);
    renderer.render(*built.scene, camera, target, seconds);
    ImageRgba8 image = readPixels(target.framebufferId(), 0, 0, width, height);
    if (!built.scene->bounds().empty()) warnIfAllBlack(image, built.scene->post); // an empty scene has said so
    return image;
}

void warnIfAllBlack(const ImageRgba8& image, const PostSettings& post) {
    for (size_t i = 0; i + 3 < image.pixels.size(); i += 4)
        if (image.pixels[i] != 0 || image.pixels[i + 1] != 0 || image.pixels[i + 2] != 0) return;
    const float scale = post.exposureScale();
    // An exposure that maps a sunlit scene (~1e5 lux) to below one 8-bit step is the likely cause.
    if (scale < 1e-4f)
        logWarning("every pixel of the capture is black: the exposure scales the light by ", scale,
                   post.ev100 ? str(" (EV100 ", *post.ev100, ", exposure ", post.exposure, ")") : str(" (exposure ", post.exposure, ")"),
                   ", which leaves this scene below one 8-bit step; lower EV100 or raise the exposure");
    else
        logWarning("every pixel of the capture is black (exposure scale ", scale,
                   "): no light, emissive surface or background reaches the view");
}

ImageRgba8 captureSceneFile(Renderer& renderer, const std::filesystem::path& path, SceneBuildContext& context) {
    SceneFile file = loadSceneFile(path, sceneKindKeys);
    context.seed = file.seed;
    BuiltScene built = buildSceneFile(context, file);
    return captureBuiltScene(renderer, built, file.width, file.height, file.seconds);
}

CaptureOutcome checkAgainstGolden(const std::string& name, const ImageRgba8& actual, const std::filesystem::path& actualPath,
                                  const GoldenRecord& settings, const CaptureMeasure& measure,
                                  const std::filesystem::path& goldenDir, const std::optional<GoldenSettings>& folderSettings,
                                  const std::filesystem::path& outDir) {
    namespace fs = std::filesystem;
    CaptureOutcome out;
    out.name = name;
    out.actual = fs::absolute(actualPath);
    out.measure = measure.describe();
    out.api = toString(settings.api);
    out.limits = toString(settings.limits);
    out.width = actual.width;
    out.height = actual.height;
    fs::path golden = fs::absolute(goldenDir) / (name + ".png");
    std::error_code ec;
    if (!fs::exists(golden, ec)) {
        out.status = CaptureStatus::GoldenMissing;
        out.message = str("golden missing (", golden.string(), ")");
        return out;
    }
    out.golden = golden;
    ImageRgba8 goldenImage = loadImage(golden);
    GoldenRecord made = settings;
    made.width = goldenImage.width;
    made.height = goldenImage.height;
    if (folderSettings) {
        auto it = folderSettings->goldens.find(name);
        if (it != folderSettings->goldens.end()) {
            made = it->second;
        } else {
            made.api = folderSettings->api;
            made.limits = folderSettings->limits;
        }
    }
    GoldenRecord captured = settings;
    captured.width = actual.width;
    captured.height = actual.height;
    if (std::string difference = goldenDifference(made, captured); !difference.empty()) {
        out.status = CaptureStatus::Failed;
        out.message = str("the golden was made under other settings: ", difference, "; make it anew with --update");
        return out;
    }
    CaptureVerdict verdict = judgeCapture(goldenImage, actual, measure);
    out.statistic = verdict.statistic;
    out.message = verdict.summary;
    out.status = verdict.passed ? CaptureStatus::Passed : CaptureStatus::Failed;
    if (!verdict.heatMap.empty()) {
        out.diff = fs::absolute(outDir) / (name + ".diff.png");
        writePng(out.diff, verdict.heatMap);
    }
    return out;
}

} // namespace th
