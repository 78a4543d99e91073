// Renderer's one-shot renders (impostors, thumbnails): a bake waits until every material of
// the scene is ready, draws once single-sampled with the background off and alpha kept as
// coverage, and refuses an empty result. Apart from Renderer.cpp because it drives render()
// from outside, as an application would.
#include <chrono>
#include <functional>
#include <thread>

#include "core/Str.h"
#include "gl/Readback.h"
#include "render/Renderer.h"

namespace th {

bool Renderer::sceneReady(const Scene& scene, std::string* waitingFor) {
    std::function<bool(const Node&)> visit = [&](const Node& node) {
        if (node.mesh) {
            for (auto& part : node.mesh->parts()) {
                if (!part.material) continue;
                if (!part.material->isReady()) {
                    if (waitingFor) *waitingFor = str("material '", part.material->name(), "'");
                    return false;
                }
                for (auto& p : part.material->plugins())
                    if (p->enabled() && !p->isReady()) {
                        if (waitingFor) *waitingFor = str("plugin '", p->name(), "' of material '", part.material->name(), "'");
                        return false;
                    }
            }
        }
        for (auto& c : node.children())
            if (!visit(*c)) return false;
        return true;
    };
    return visit(scene.root());
}

BakeResult Renderer::bake(Scene& scene, const Camera& camera, int width, int height, const std::string& label,
                          double timeoutSeconds) {
    mContext.makeCurrent();
    auto start = SteadyClock::now();
    std::string waitingFor;
    while (!sceneReady(scene, &waitingFor)) {
        if (msSince(start) > timeoutSeconds * 1000.0)
            throw Error(str("bake '", label, "': timed out after ", timeoutSeconds, " s waiting for ", waitingFor));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    RenderTarget target(width, height, TextureFormat::RGBA8, str("bake ", label), true, 0);
    // The bake's own pass and camera: compile exactly what it will draw, then draw once.
    PostSettings savedPost = scene.post;
    bool savedBackground = scene.environment.showAsBackground;
    scene.post.keepAlpha = true;
    scene.post.clearColor = glm::vec3(0.0f);
    scene.post.ambientOcclusion.enabled = false; // a bake draws no pre-pass; its impostor is shaded where it stands
    scene.environment.showAsBackground = false;
    // Bakes stay single-sampled: their coverage feeds CoverageMips, which expects the alpha
    // test's hard edge.
    int savedSamples = mOptions.msaaSamples, savedReported = mReportedSamplesRequest;
    mOptions.msaaSamples = 1;
    prepare(scene, camera, target);
    render(scene, camera, target, mSeconds);
    mOptions.msaaSamples = savedSamples;
    mReportedSamplesRequest = savedReported;
    scene.post = savedPost;
    scene.environment.showAsBackground = savedBackground;

    BakeResult result;
    result.image = readPixels(target.framebufferId(), 0, 0, width, height);
    for (size_t i = 3; i < result.image.pixels.size(); i += 4)
        if (result.image.pixels[i] > 0) ++result.coveredPixels;
    if (result.coveredPixels == 0)
        throw Error(str("bake '", label, "' covered no pixels (", width, "x", height, "): check its camera and that its "
                        "meshes are visible; ", mStats.skippedNotReady, " draws were skipped as not ready, ",
                        mStats.errorDraws, " used the error material"));
    Texture texture = target.takeColor();
    texture.generateMipmaps();
    result.texture = std::make_shared<Texture>(std::move(texture));
    return result;
}

} // namespace th
