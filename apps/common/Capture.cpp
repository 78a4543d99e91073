#include "common/Capture.h"

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

GoldenCheck checkAgainstGolden(const std::string& name, const ImageRgba8& actual, const std::filesystem::path& goldenDir,
                               const std::filesystem::path& outDir, const CompareTolerance& tolerance) {
    GoldenCheck c;
    c.name = name;
    c.goldenPath = goldenDir / (name + ".png");
    c.actualPath = outDir / (name + ".png");
    c.diffPath = outDir / (name + ".diff.png");
    writePng(c.actualPath, actual);
    if (!std::filesystem::exists(c.goldenPath)) {
        c.goldenMissing = true;
        return c;
    }
    c.comparison = compareImages(readPng(c.goldenPath), actual, tolerance);
    if (!c.comparison.sizeMismatch) writePng(c.diffPath, c.comparison.heatMap);
    return c;
}

static std::string htmlEscape(const std::string& s) {
    std::string out;
    for (char ch : s) {
        if (ch == '<') out += "&lt;";
        else if (ch == '>') out += "&gt;";
        else if (ch == '&') out += "&amp;";
        else out += ch;
    }
    return out;
}

void writeComparisonReport(const std::filesystem::path& file, const std::vector<GoldenCheck>& checks) {
    auto rel = [&](const std::filesystem::path& p) {
        return htmlEscape(std::filesystem::proximate(p, file.parent_path()).generic_string());
    };
    std::string html = "<!doctype html><meta charset=utf-8><title>Trailhead capture report</title>\n"
                       "<style>body{font-family:sans-serif;background:#222;color:#ddd}img{max-width:32vw;border:1px solid #555}"
                       ".fail{color:#f66}.pass{color:#6f6}td{vertical-align:top;padding:4px}</style>\n"
                       "<h1>Capture comparison</h1>\n<table>\n<tr><th>golden</th><th>new</th><th>difference</th></tr>\n";
    int failed = 0;
    for (auto& c : checks) {
        if (!c.passed()) ++failed;
        std::string status = c.goldenMissing ? "golden missing" : c.comparison.passed ? "pass" : "REGRESSION";
        html += str("<tr><td colspan=3><h2 class=", c.passed() ? "pass" : "fail", ">", htmlEscape(c.name), ": ", status,
                    "</h2>", c.goldenMissing ? "" : htmlEscape(c.comparison.summary()), "</td></tr>\n<tr><td>",
                    c.goldenMissing ? "(none)" : str("<img src=\"", rel(c.goldenPath), "\">"), "</td><td><img src=\"",
                    rel(c.actualPath), "\"></td><td>",
                    c.goldenMissing || c.comparison.sizeMismatch ? "" : str("<img src=\"", rel(c.diffPath), "\">"),
                    "</td></tr>\n");
    }
    html += str("</table>\n<p>", checks.size() - size_t(failed), " of ", checks.size(), " captures match.</p>\n");
    writeFile(file, html);
}

} // namespace th
