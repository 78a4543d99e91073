#pragma once
// A small stage for renderer tests: a headless context, a renderer with the program cache
// off, a scene, a camera and an RGBA8 output, plus helpers to add meshes and read pixels.
#include <memory>

#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"
#include "scene/Scene.h"

namespace th::test {

struct RenderHarness {
    TestContext context;
    std::unique_ptr<Renderer> renderer;
    Scene scene;
    Camera camera;
    std::unique_ptr<RenderTarget> output;

    explicit RenderHarness(GlApi api = GlApi::Gles30, int width = 96, int height = 96) {
        context = makeTestContext(api, width, height);
        RendererOptions options = testRendererOptions();
        options.parallelCompile = false;
        renderer = std::make_unique<Renderer>(*context, options);
        output = std::make_unique<RenderTarget>(width, height, TextureFormat::RGBA8, "test output");
        scene.environment.source = EnvironmentSource::None;
        scene.post.toneMapping = ToneMapping::None;
    }
    ~RenderHarness() {
        // GL objects held by the scene must go before the context.
        context->makeCurrent();
        scene = Scene();
        renderer.reset();
        output.reset();
    }

    Node& add(const std::string& name, const MeshData& data, std::shared_ptr<Material> material) {
        return addMesh(scene, name, data, std::move(material));
    }

    ImageRgba8 render(double seconds = 0.0) { return renderImage(*renderer, scene, camera, *output, seconds); }
};

/// Mean of one channel (0 r, 1 g, 2 b, 3 luminance-ish average of rgb) over a rectangle.
inline double meanChannel(const ImageRgba8& image, int x0, int y0, int x1, int y1, int channel) {
    double sum = 0;
    int count = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            auto p = image.rgba(x, y);
            sum += channel < 3 ? p[size_t(channel)] : (p[0] + p[1] + p[2]) / 3.0;
            ++count;
        }
    return count ? sum / count : 0;
}

} // namespace th::test
