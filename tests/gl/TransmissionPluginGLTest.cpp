// KHR_materials_transmission, volume and dispersion (plugins/transmission) on the real driver in
// GL 3.3 and ES 3.0, with pixels read back: a pane in front of an unlit backdrop shows the
// backdrop through it (and does not at transmission 0); Beer's-law attenuation tints it, more
// through a thicker volume; roughness blurs what shows through; dispersion separates the
// channels at an edge seen through a tilted slab; a frame without a transmissive material
// makes no copy of the opaque scene; a context without a float frame falls back with a
// warning, never to black. Also the frame-texture API every plugin can use.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "support/GltfTestSupport.h"

#include "core/Log.h"
#include "core/Str.h"
#include "material/FrameTexture.h"
#include "material/PbrMaterial.h"
#include "plugins/transmission/TransmissionPlugin.h"
#include "render/Renderer.h"
#include "scene/Scene.h"
#include "shader/PluginCode.h"

using namespace th;
using namespace th::test;

namespace {

std::shared_ptr<PbrMaterial> unlit(const std::string& name, glm::vec3 color) {
    PbrParams p;
    p.baseColorFactor = glm::vec4(color, 1.0f);
    p.unlit = true;
    return std::make_shared<PbrMaterial>(name, p);
}

/// A white dielectric pane (roughness `roughness`) with the transmission plugin `params`, or
/// none when `params` is null.
std::shared_ptr<PbrMaterial> pane(float roughness, const TransmissionPlugin::Params* params) {
    PbrParams p;
    p.baseColorFactor = glm::vec4(1.0f);
    p.metallicFactor = 0.0f;
    p.roughnessFactor = roughness;
    auto m = std::make_shared<PbrMaterial>("pane", p);
    if (params) m->addPlugin(std::make_shared<TransmissionPlugin>(*params));
    return m;
}

TransmissionPlugin::Params glass(float factor = 1.0f) {
    TransmissionPlugin::Params t;
    t.transmission.factor = factor;
    return t;
}

/// A camera at z = 4 looking down −Z at a backdrop at z = −2 and a pane at the origin.
struct Stage {
    TestContext context;
    std::unique_ptr<Renderer> renderer;
    Scene scene;
    Camera camera;
    std::unique_ptr<RenderTarget> output;
    int width, height;

    Stage(GlApi api, int w = 128, int h = 96, bool floatTargets = true) : width(w), height(h) {
        context = makeTestContext(api, w, h, floatTargets);
        RendererOptions options = testRendererOptions();
        options.parallelCompile = false;
        renderer = std::make_unique<Renderer>(*context, options);
        output = std::make_unique<RenderTarget>(w, h, TextureFormat::RGBA8, "transmission test output");
        scene.sunLight = false;
        scene.sky.enabled = false;
        scene.environment.source = EnvironmentSource::None;
        scene.environment.showAsBackground = false;
        scene.post.toneMapping = ToneMapping::None;
        scene.post.clearColor = glm::vec3(0.0f);
        camera.position = {0, 0, 4};
        camera.target = {0, 0, 0};
        camera.up = {0, 1, 0};
        camera.yfov = glm::radians(45.0f);
        camera.nearPlane = 0.5f;
        camera.farPlane = 20.0f;
    }
    ~Stage() {
        context->makeCurrent();
        scene = Scene();
        renderer.reset();
        output.reset();
    }
    Node& add(const std::string& name, const MeshData& data, std::shared_ptr<Material> material, glm::vec3 at) {
        return addMesh(scene, name, data, std::move(material), at);
    }
    /// Vertical stripes `stripe` wide across the backdrop, alternating `a` and `b` (from x = 0
    /// to the right `a` first).
    void stripes(float stripe, glm::vec3 a, glm::vec3 b) {
        auto ma = unlit("stripe a", a), mb = unlit("stripe b", b);
        int n = int(std::ceil(4.0f / stripe));
        for (int i = -n; i < n; ++i)
            add(str("stripe ", i), quadMesh(stripe * 0.5f, 3.0f), (i & 1) ? mb : ma, {(float(i) + 0.5f) * stripe, 0, -2});
    }
    ImageRgba8 render() {
        camera.aspect = float(width) / float(height);
        renderer->prepare(scene, camera, *output);
        renderer->render(scene, camera, *output, 0.0);
        renderer->render(scene, camera, *output, 0.0);
        return readPixels(output->framebufferId(), 0, 0, width, height);
    }
    /// Pixels around the image centre (`half` each way), where the pane is.
    glm::vec3 centreMean(const ImageRgba8& image, int half = 6) const {
        glm::dvec3 sum(0.0);
        int n = 0;
        for (int y = height / 2 - half; y < height / 2 + half; ++y)
            for (int x = width / 2 - half; x < width / 2 + half; ++x) {
                auto p = image.rgba(x, y);
                sum += glm::dvec3(p[0], p[1], p[2]);
                ++n;
            }
        return glm::vec3(sum / double(n));
    }
};

/// Mean absolute difference of neighbouring pixels' green across a row band: local contrast.
double localContrast(const ImageRgba8& image, int x0, int x1, int y0, int y1) {
    double sum = 0;
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x + 1 < x1; ++x) {
            sum += std::abs(int(image.rgba(x + 1, y)[1]) - int(image.rgba(x, y)[1]));
            ++n;
        }
    return n ? sum / n : 0.0;
}

} // namespace

TEST_CASE("a transmissive pane shows the backdrop behind it - at transmission 0 it does not") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        glm::vec3 seen[2];
        for (int transmissive = 0; transmissive < 2; ++transmissive) {
            Stage stage(api);
            stage.add("backdrop", quadMesh(4, 3), unlit("green backdrop", {0.02f, 0.9f, 0.05f}), {0, 0, -2});
            TransmissionPlugin::Params t = glass(transmissive ? 1.0f : 0.0f);
            stage.add("pane", quadMesh(1, 1), pane(0.0f, &t), {0, 0, 0});
            ImageRgba8 image = stage.render();
            dumpImage(image, str("transmission-pane-", transmissive, "-", toString(api)));
            seen[transmissive] = stage.centreMean(image);
            CHECK(stage.renderer->stats().opaqueColorCopies == 1); // the plugin is there in both
            requireNoGlErrors(*stage.context);
        }
        MESSAGE("pane centre, transmission 0: ", seen[0].r, " ", seen[0].g, " ", seen[0].b, "; transmission 1: ", seen[1].r, " ",
                seen[1].g, " ", seen[1].b);
        // No light reaches the opaque pane: it is dark. The glass one is the backdrop's green,
        // less the few per cent its surface reflects.
        CHECK(seen[0].g < 20.0f);
        CHECK(seen[1].g > 200.0f);
        CHECK(seen[1].g > 3.0f * seen[1].r);
        CHECK(seen[1].g > 2.5f * seen[1].b);
    }
}

TEST_CASE("the scene behind a thick tilted slab is shifted by the IOR - at IOR 1 it lines up with the scene around it") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        // The slab's region, as the backdrop alone shows it and through slabs of IOR 1 and 1.5.
        auto render = [&](std::optional<float> ior) {
            Stage stage(api, 160, 120);
            stage.stripes(0.6f, glm::vec3(1.0f), glm::vec3(0.0f));
            if (ior) {
                TransmissionPlugin::Params t = glass();
                t.volume = VolumeParams{.thicknessFactor = 1.5f};
                t.ior = *ior;
                Node& n = stage.add("slab", quadMesh(1.4f, 1.2f), pane(0.0f, &t), {0, 0, 0});
                n.transform.rotation = glm::angleAxis(glm::radians(45.0f), glm::vec3(0, 1, 0));
            }
            ImageRgba8 image = stage.render();
            dumpImage(image, str("transmission-ior-", ior ? *ior : 0.0f, "-", toString(api)));
            requireNoGlErrors(*stage.context);
            return image;
        };
        auto difference = [](const ImageRgba8& a, const ImageRgba8& b) {
            double sum = 0;
            int n = 0;
            for (int y = 40; y < 80; ++y)
                for (int x = 60; x < 100; ++x, ++n) sum += std::abs(int(a.rgba(x, y)[1]) - int(b.rgba(x, y)[1]));
            return sum / n;
        };
        ImageRgba8 backdrop = render(std::nullopt), straight = render(1.0f), bent = render(1.5f);
        double straightOff = difference(straight, backdrop), bentOff = difference(bent, backdrop);
        MESSAGE("mean |difference| from the backdrop alone inside the slab: IOR 1 ", straightOff, ", IOR 1.5 ", bentOff);
        CHECK(straightOff < 25.0); // only the few per cent the surface reflects, and edge pixels
        CHECK(bentOff > 2.0 * straightOff + 20.0);
    }
}

TEST_CASE("a light behind a transmissive pane shines through it (the transmitted lobe per light)") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto lit = [&](float factor) {
            Stage stage(api, 64, 48);
            Light sun;
            sun.name = "behind";
            sun.type = LightType::Directional;
            sun.direction = glm::vec3(0, 0, 1); // from behind the pane towards the camera
            sun.intensity = 1.0f;
            stage.scene.lights.push_back(sun);
            TransmissionPlugin::Params t = glass(factor);
            stage.add("pane", quadMesh(1, 1), pane(0.4f, &t), {0, 0, 0});
            ImageRgba8 image = stage.render();
            requireNoGlErrors(*stage.context);
            return stage.centreMean(image, 4);
        };
        glm::vec3 opaque = lit(0.0f), glassy = lit(1.0f);
        MESSAGE("pane lit from behind: transmission 0 ", opaque.g, ", transmission 1 ", glassy.g);
        CHECK(opaque.g < 5.0f); // the light is below its horizon
        CHECK(glassy.g > 60.0f);
    }
}

TEST_CASE("volume attenuation tints what shows through, more through a thicker volume") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto tintAt = [&](float thickness) {
            Stage stage(api);
            stage.add("backdrop", quadMesh(4, 3), unlit("white backdrop", glm::vec3(0.9f)), {0, 0, -2});
            TransmissionPlugin::Params t = glass();
            t.volume = VolumeParams{.thicknessFactor = thickness, .attenuationDistance = 0.5f, .attenuationColor = {1.0f, 0.5f, 0.3f}};
            stage.add("pane", quadMesh(1, 1), pane(0.0f, &t), {0, 0, 0});
            ImageRgba8 image = stage.render();
            dumpImage(image, str("transmission-attenuation-", thickness, "-", toString(api)));
            requireNoGlErrors(*stage.context);
            return stage.centreMean(image);
        };
        glm::vec3 thin = tintAt(0.1f), thick = tintAt(0.8f);
        MESSAGE("through 0.1: ", thin.r, " ", thin.g, " ", thin.b, "; through 0.8: ", thick.r, " ", thick.g, " ", thick.b);
        // Red passes (attenuation colour 1), blue least; the thicker slab is redder and darker.
        CHECK(thin.r > 200.0f);
        CHECK(thin.b < thin.g);
        CHECK(thin.g < thin.r);
        CHECK(thick.r == doctest::Approx(thin.r).epsilon(0.05));
        CHECK(thick.b < 0.6f * thin.b);
        CHECK(thick.g / thick.r < thin.g / thin.r - 0.1f);
    }
}

TEST_CASE("roughness blurs what shows through a transmissive pane") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto contrastAt = [&](float roughness) {
            Stage stage(api, 160, 120);
            stage.stripes(0.2f, glm::vec3(1.0f), glm::vec3(0.0f));
            TransmissionPlugin::Params t = glass();
            stage.add("pane", quadMesh(1.2f, 1.2f), pane(roughness, &t), {0, 0, 0});
            ImageRgba8 image = stage.render();
            dumpImage(image, str("transmission-roughness-", roughness, "-", toString(api)));
            requireNoGlErrors(*stage.context);
            return localContrast(image, 60, 100, 50, 70);
        };
        double sharp = contrastAt(0.0f), rough = contrastAt(0.5f);
        MESSAGE("local contrast through the pane: roughness 0 ", sharp, ", roughness 0.5 ", rough);
        CHECK(sharp > 15.0);
        CHECK(rough < 0.4 * sharp);
    }
}

TEST_CASE("dispersion separates the colours at an edge seen through a thick tilted slab") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto separated = [&](float dispersion) {
            Stage stage(api, 160, 120);
            stage.stripes(0.6f, glm::vec3(1.0f), glm::vec3(0.0f));
            TransmissionPlugin::Params t = glass();
            t.volume = VolumeParams{.thicknessFactor = 2.0f};
            t.dispersion = dispersion;
            Node& n = stage.add("slab", quadMesh(1.4f, 1.2f), pane(0.0f, &t), {0, 0, 0});
            n.transform.rotation = glm::angleAxis(glm::radians(45.0f), glm::vec3(0, 1, 0));
            ImageRgba8 image = stage.render();
            dumpImage(image, str("transmission-dispersion-", dispersion, "-", toString(api)));
            requireNoGlErrors(*stage.context);
            // Pixels of the slab where red and blue part: the edges' colour fringes.
            int fringe = 0;
            for (int y = 40; y < 80; ++y)
                for (int x = 50; x < 110; ++x) {
                    auto p = image.rgba(x, y);
                    if (std::abs(int(p[0]) - int(p[2])) > 40) ++fringe;
                }
            return fringe;
        };
        int none = separated(0.0f), spread = separated(10.0f);
        MESSAGE("pixels where red and blue differ by more than 40: no dispersion ", none, ", dispersion 10 ", spread);
        CHECK(none == 0); // a white slab over a grey scene: every channel alike
        CHECK(spread > 20);
    }
}

TEST_CASE("a frame without a transmissive material makes no copy of the opaque scene") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        Stage stage(api, 64, 48);
        stage.renderer->options().breakdown = Breakdown::Passes;
        stage.add("backdrop", quadMesh(4, 3), unlit("backdrop", glm::vec3(0.5f)), {0, 0, -2});
        TransmissionPlugin::Params t = glass();
        auto material = pane(0.0f, &t);
        stage.add("pane", quadMesh(1, 1), material, {0, 0, 0});
        stage.render();
        CHECK(stage.renderer->stats().opaqueColorCopies == 1);
        CHECK(stage.renderer->stats().breakdown.passMs[size_t(FramePass::OpaqueCopy)] > 0.0);
        // The plugin disabled: the material reads nothing, and the frame copies nothing.
        material->plugin(TransmissionPlugin::kName)->setEnabled(false);
        stage.render();
        CHECK(stage.renderer->stats().opaqueColorCopies == 0);
        CHECK(stage.renderer->stats().breakdown.passMs[size_t(FramePass::OpaqueCopy)] == 0.0);
        CHECK(stage.renderer->stats().breakdown.passMs[size_t(FramePass::FrameReaders)] == 0.0);
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("transmission without a float frame falls back to the 8-bit frame with a warning, never black") {
    std::vector<std::string> warnings;
    ScopedLogSink sink([&](LogLevel level, std::string_view m) {
        if (level >= LogLevel::Warning) warnings.emplace_back(m);
    });
    Stage stage(GlApi::Gles30, 128, 96, false);
    REQUIRE_FALSE(stage.context->info().floatRenderTargets);
    stage.add("backdrop", quadMesh(4, 3), unlit("green backdrop", {0.02f, 0.9f, 0.05f}), {0, 0, -2});
    TransmissionPlugin::Params t = glass();
    stage.add("pane", quadMesh(1, 1), pane(0.0f, &t), {0, 0, 0});
    ImageRgba8 image = stage.render();
    glm::vec3 c = stage.centreMean(image);
    MESSAGE("pane centre on an 8-bit frame: ", c.r, " ", c.g, " ", c.b);
    CHECK(c.g > 180.0f);
    CHECK(c.g > 3.0f * c.r);
    bool said = false;
    for (const std::string& w : warnings) said = said || w.find("transmission: this context renders no float frame") != std::string::npos;
    CHECK(said);
    requireNoGlErrors(*stage.context);
}

TEST_CASE("a plugin asking for a frame texture the renderer does not make is refused, naming it") {
    PluginDeclaration d;
    d.name = "Refractor";
    d.frameTextures = {"sceneDepth"};
    try {
        MaterialPlugin plugin(d);
        FAIL("an unknown frame texture must be refused");
    } catch (const Error& e) {
        std::string text = e.what();
        CHECK(text.find("plugin 'Refractor'") != std::string::npos);
        CHECK(text.find("'sceneDepth'") != std::string::npos);
        CHECK(text.find(std::string(frame_texture::kOpaqueColor.name)) != std::string::npos);
    }
}

TEST_CASE("any plugin can read the opaque scene colour - two plugins share its one sampler") {
    // Two application plugins, not the engine's: each tints by the scene behind the surface.
    auto reader = [](const std::string& name, int priority, const char* channel) {
        PluginDeclaration d;
        d.name = name;
        d.priority = priority;
        d.frameTextures = {std::string(frame_texture::kOpaqueColor.name)};
        d.inDepthPass = false;
        d.inShadowPass = false;
        d.fragment = {{"CUSTOM_FRAGMENT_BEFORE_FOG",
                       str("finalColor.", channel, " = texelFetch(opaqueSceneColor, ivec2(gl_FragCoord.xy), 0).", channel, ";")}};
        return std::make_shared<MaterialPlugin>(d);
    };
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        Stage stage(api, 64, 48);
        stage.add("backdrop", quadMesh(4, 3), unlit("backdrop", {0.8f, 0.6f, 0.0f}), {0, 0, -2});
        auto m = pane(1.0f, nullptr);
        m->addPlugin(reader("RedReader", 10, "r"));
        m->addPlugin(reader("GreenReader", 11, "g"));
        stage.add("pane", quadMesh(1, 1), m, {0, 0, 0});
        ImageRgba8 image = stage.render();
        glm::vec3 c = stage.centreMean(image, 4);
        MESSAGE("pane reading the scene behind: ", c.r, " ", c.g, " ", c.b);
        CHECK(c.r == doctest::Approx(255.0f * 0.906f).epsilon(0.04)); // sRGB of 0.8
        CHECK(c.g == doctest::Approx(255.0f * 0.797f).epsilon(0.04)); // sRGB of 0.6
        CHECK(c.b < 10.0f);
        CHECK(stage.renderer->stats().opaqueColorCopies == 1);
        CHECK(stage.renderer->stats().errorDraws == 0);
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("a plugin described in JSON reads the opaque scene colour through \"frameTextures\"") {
    const char* json = R"({"plugins": [{
        "name": "BehindReader",
        "frameTextures": ["opaqueSceneColor"],
        "fragment": {"CUSTOM_FRAGMENT_BEFORE_FOG": "finalColor = texelFetch(opaqueSceneColor, ivec2(gl_FragCoord.xy), 0).rgb;"}
    }]})";
    std::vector<PluginCode> list = parsePluginList(json, "behind.json");
    REQUIRE(list.size() == 1);
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        Stage stage(api, 64, 48);
        stage.add("backdrop", quadMesh(4, 3), unlit("backdrop", {0.8f, 0.6f, 0.0f}), {0, 0, -2});
        auto m = pane(1.0f, nullptr);
        m->addPlugin(std::make_shared<DataPlugin>(list[0]));
        CHECK(m->readsFrameTexture(frame_texture::kOpaqueColor.name));
        stage.add("pane", quadMesh(1, 1), m, {0, 0, 0});
        ImageRgba8 image = stage.render();
        glm::vec3 c = stage.centreMean(image, 4);
        MESSAGE("JSON plugin pane reading the scene behind: ", c.r, " ", c.g, " ", c.b);
        CHECK(c.r == doctest::Approx(255.0f * 0.906f).epsilon(0.04));
        CHECK(c.g == doctest::Approx(255.0f * 0.797f).epsilon(0.04));
        CHECK(c.b < 10.0f);
        CHECK(stage.renderer->stats().opaqueColorCopies == 1);
        CHECK(stage.renderer->stats().errorDraws == 0);
        requireNoGlErrors(*stage.context);
    }
    // An unknown name is refused where the file asks for it, naming what exists.
    const char* unknown = "{\"plugins\": [{\"name\": \"Depthy\",\n \"frameTextures\": [\"sceneDepth\"]}]}";
    std::vector<PluginCode> bad = parsePluginList(unknown, "depthy.json");
    try {
        DataPlugin plugin(bad[0]);
        FAIL("an unknown frame texture must be refused");
    } catch (const Error& e) {
        CHECK(e.where().file == "depthy.json");
        CHECK(e.where().line == 2);
        std::string text = e.what();
        CHECK(text.find("plugin 'Depthy'") != std::string::npos);
        CHECK(text.find("'sceneDepth'") != std::string::npos);
        CHECK(text.find(std::string(frame_texture::kOpaqueColor.name)) != std::string::npos);
    }
}

TEST_CASE("the Khronos transmission samples import and render with the transmission plugin (skips without ../shared)") {
    const char* samples[] = {"TransmissionTest", "TransmissionRoughnessTest", "AttenuationTest", "DragonAttenuation", "DispersionTest"};
    int found = 0;
    for (const char* name : samples) {
        std::filesystem::path file = sampleModelPath(name);
        if (!requireFile(file)) continue;
        ++found;
        CAPTURE(std::string(name));
        GltfStage stage(GlApi::Gles30, 200, 150);
        stage.load(file);
        stage.useStudio();
        stage.conventionCamera();
        int transmissive = 0;
        for (auto& m : stage.loaded.materials) transmissive += m->plugin(TransmissionPlugin::kName) != nullptr;
        CHECK(transmissive > 0);
        for (const ImportWarning& w : stage.model.warnings)
            CHECK_MESSAGE(w.toString().find("is not supported") == std::string::npos, w.toString());
        ImageRgba8 image = stage.render();
        dumpImage(image, str("transmission-sample-", name));
        CHECK(stage.renderer->stats().opaqueColorCopies == 1);
        CHECK(stage.renderer->stats().errorDraws == 0);
        // Something besides the background was drawn.
        double covered = shareOf(image, 0, 0, image.width, image.height, [](auto& p) { return p[0] != 64 || p[1] != 64 || p[2] != 64; });
        CHECK(covered > 0.05);
        requireNoGlErrors(*stage.context);
    }
    if (found == 0) MESSAGE("skipped: none of the Khronos transmission samples is in ", (sharedDirectory() / "gltf").string());
}
