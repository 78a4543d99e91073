// The fragment stage's texture-unit budget for a glTF material with several extensions, on the
// real driver in GL 3.3 and ES 3.0 under the WebGL2 limits (16 units): slots that read one
// image through one sampler share a unit; a material that still needs more than the device
// has drops its least important textures (extension details before the base's), says which
// in one warning naming the material, and renders (never a link failure, never black).
#include "support/GltfSphereModels.h"
#include "support/GltfTestSupport.h"
#include "support/RenderHarness.h"

#include <algorithm>
#include <filesystem>

#include "core/Log.h"
#include "core/Str.h"
#include "render/SamplerReport.h"

using namespace th;
using namespace th::test;

namespace {

/// A folder of 1×1 images, one colour each: "images"/"textures" JSON for them (texture i reads
/// image i through sampler 0).
struct SolidImages {
    std::filesystem::path folder;
    std::vector<std::string> images, textures;
    explicit SolidImages(const std::vector<std::array<uint8_t, 4>>& colours, const char* name) {
        folder = std::filesystem::temp_directory_path() / name;
        std::filesystem::create_directories(folder);
        for (size_t i = 0; i < colours.size(); ++i) {
            ImageRgba8 image(1, 1);
            image.pixels = {colours[i][0], colours[i][1], colours[i][2], colours[i][3]};
            writePng(folder / str("solid", i, ".png"), image);
            images.push_back(str(R"({"uri": "solid)", i, R"(.png"})"));
            textures.push_back(str(R"({"source": )", i, R"(, "sampler": 0})"));
        }
    }
};

std::string tex(int index) { return str(R"({"index": )", index, "}"); }

/// Whether the effect of a report declares a sampler of that name.
bool declares(const SamplerReport& r, const char* name) {
    return std::any_of(r.samplers.begin(), r.samplers.end(), [&](auto& e) { return e.name == name; });
}

/// The largest difference of a colour channel between two images of one size.
int largestDifference(const ImageRgba8& x, const ImageRgba8& y) {
    int worst = 0;
    forEachPixel(x, 0, 0, x.width, x.height, [&](int px, int py, auto& p) {
        auto q = y.rgba(px, py);
        for (int ch = 0; ch < 3; ++ch) worst = std::max(worst, std::abs(int(p[size_t(ch)]) - int(q[size_t(ch)])));
    });
    return worst;
}

/// Renders one sphere of `materialJson` under a uniform environment and a key light.
struct BudgetStage {
    GltfStage stage;
    BudgetStage(GlApi api, const SolidImages& images, const std::string& materialJson, const std::vector<std::string>& used,
                bool packOcclusion = true)
        : stage(api, 96, 96) {
        stage.loadOptions.packOcclusion = packOcclusion;
        SphereRow row;
        row.images = images.images;
        row.samplers = {"{}"};
        row.textures = images.textures;
        row.materials = {materialJson};
        row.extensionsUsed = used;
        stage.add(importGltfFromMemory(row.json(), images.folder, "budget.gltf"));
        stage.conventionCamera();
        stage.scene.environment.source = EnvironmentSource::Uniform;
        stage.scene.environment.uniformColor = glm::vec3(0.5f);
        stage.addSunLight({-0.3f, -0.4f, -1.0f}, 2.0f);
    }
    SamplerReport report() {
        const Material& m = *stage.loaded.materials.at(0);
        return samplerReport(*stage.renderer, m,
                             DrawInfo{.pass = RenderPass::Main, .hasNormals = true, .hasTangents = true, .hasUv0 = true});
    }
};

const std::vector<std::string> kAllExtensions = {"KHR_materials_clearcoat", "KHR_materials_sheen", "KHR_materials_specular",
                                                 "KHR_materials_iridescence", "KHR_materials_anisotropy"};

/// Base colour (texture 0, orange) with every base slot and every extension slot of the five
/// metallic-roughness extensions, each on its own image: 5 + 3 + 2 + 2 + 2 + 1 textures and
/// the sheen's table and its environment (a frame texture) beside the engine's 7 samplers:
/// 24 units, 23 once the loader packs the occlusion into the metallic-roughness image.
std::string everyTextureMaterial() {
    return str(R"({"pbrMetallicRoughness": {"baseColorTexture": )", tex(0), R"(, "metallicFactor": 0, "roughnessFactor": 0.5, )",
               R"("metallicRoughnessTexture": )", tex(1), R"(}, "normalTexture": )", tex(2), R"(, "occlusionTexture": )", tex(3),
               R"(, "emissiveTexture": )", tex(4), R"(, "emissiveFactor": [0, 0, 0], "extensions": {)",
               R"("KHR_materials_clearcoat": {"clearcoatFactor": 0.5, "clearcoatTexture": )", tex(5),
               R"(, "clearcoatRoughnessTexture": )", tex(6), R"(, "clearcoatNormalTexture": )", tex(7), "}, ",
               R"("KHR_materials_sheen": {"sheenColorFactor": [0.2, 0.2, 0.2], "sheenColorTexture": )", tex(8),
               R"(, "sheenRoughnessTexture": )", tex(9), "}, ",
               R"("KHR_materials_specular": {"specularTexture": )", tex(10), R"(, "specularColorTexture": )", tex(11), "}, ",
               R"("KHR_materials_iridescence": {"iridescenceFactor": 0.5, "iridescenceTexture": )", tex(12),
               R"(, "iridescenceThicknessTexture": )", tex(13), "}, ",
               R"("KHR_materials_anisotropy": {"anisotropyStrength": 0.5, "anisotropyTexture": )", tex(14), "}}}");
}

} // namespace

TEST_CASE("a material with more textures than texture units drops the least important ones with one warning and renders") {
    std::vector<std::array<uint8_t, 4>> colours(15, {255, 255, 255, 255});
    colours[0] = {230, 120, 20, 255};   // base colour: orange
    colours[1] = {255, 255, 0, 255};    // occlusion 1, roughness 1, metallic 0
    colours[2] = {128, 128, 255, 255};  // flat normal
    colours[7] = {128, 128, 255, 255};  // flat coat normal
    colours[4] = {0, 0, 0, 255};        // no emission
    colours[14] = {255, 128, 255, 255}; // anisotropy along the tangent, full strength
    SolidImages images(colours, "trailhead-budget-every-texture");
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        std::vector<std::string> warnings;
        ScopedLogSink sink([&](LogLevel level, std::string_view message) {
            if (level == LogLevel::Warning) warnings.emplace_back(message);
        });
        BudgetStage s(api, images, everyTextureMaterial(), kAllExtensions);
        ImageRgba8 image = s.stage.render();
        dumpImage(image, str("budget-every-texture-", toString(api)));
        SamplerReport report = s.report();
        MESSAGE(report.toString());
        CHECK(report.unitLimit == 16);
        CHECK(report.unitsUsed <= 16);
        // 23 units asked for (24 textures, the occlusion packed into the metallic-roughness
        // image at load), 16 there: the seven least important go, extension details first.
        REQUIRE(report.dropped.size() == 7);
        CHECK(report.dropped[0] == "clearcoatNormalMap (plugin 'Clearcoat')");
        for (const std::string& d : report.dropped) CHECK(d.find("material '") == std::string::npos); // the base keeps its own
        std::vector<std::string> drops;
        for (const std::string& w : warnings)
            if (w.find("fragment texture units") != std::string::npos) drops.push_back(w);
        MESSAGE("warnings: ", join(drops, " | "));
        REQUIRE(drops.size() == 1); // one warning for the material, however many effects
        CHECK(drops[0].find("material 'material 0'") != std::string::npos);
        for (const std::string& d : report.dropped) CHECK(drops[0].find(d) != std::string::npos);
        REQUIRE(s.stage.renderer->effects().textureDrops().size() == 1);
        // Drawn with its base colour: orange, not black and not the error material's colour.
        PixelProjector project = s.stage.projector();
        glm::vec2 c = project(glm::vec3(0.0f));
        double orange = shareOf(image, int(c.x) - 10, int(c.y) - 10, int(c.x) + 10, int(c.y) + 10,
                                [](auto& p) { return p[0] > 80 && p[0] > p[1] + 30 && p[1] > p[2] + 10; });
        CHECK(orange > 0.8);
        requireNoGlErrors(*s.stage.context);
    }
}

TEST_CASE("two texture slots on one image and sampler share one texture unit") {
    auto coat = [](int roughnessTexture) {
        return str(R"({"pbrMetallicRoughness": {"baseColorFactor": [0.6, 0.1, 0.1, 1], "metallicFactor": 0, "roughnessFactor": 0.6}, )",
                   R"("extensions": {"KHR_materials_clearcoat": {"clearcoatFactor": 1, "clearcoatTexture": )", tex(0),
                   R"(, "clearcoatRoughnessFactor": 0.3, "clearcoatRoughnessTexture": )", tex(roughnessTexture), "}, ",
                   R"("KHR_materials_iridescence": {"iridescenceFactor": 1, "iridescenceTexture": )", tex(0), "}}}");
    };
    // The same texture twice, and two textures of one image each: same values, so the same picture.
    SolidImages same({{200, 200, 200, 255}, {200, 200, 200, 255}}, "trailhead-budget-same-values");
    const std::vector<std::string> used = {"KHR_materials_clearcoat", "KHR_materials_iridescence"};
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        // One stage at a time: each reports, renders and compiles while its own context is
        // current (a second stage's context replaces it).
        auto shared = std::make_unique<BudgetStage>(api, same, coat(0), used);
        // The report counts what any frame may bind; a frame without the sun's shadows would
        // compile its cascades out (RendererOptions::specializeLighting), so this one keeps them.
        shared->stage.renderer->options().specializeLighting = false;
        SamplerReport sharedReport = shared->report();
        ImageRgba8 a = shared->stage.render();
        // The program itself: its active samplers are the units it binds.
        auto effect = shared->stage.renderer->effects().get(shared->stage.renderer->effectRequest(
            *shared->stage.loaded.materials[0], DrawInfo{.pass = RenderPass::Main, .hasNormals = true, .hasTangents = true, .hasUv0 = true}));
        shared->stage.renderer->effects().finishAll();
        REQUIRE(effect->ready());
        CHECK(int(effect->samplers().size()) == sharedReport.unitsUsed);
        requireNoGlErrors(*shared->stage.context);
        effect.reset();
        shared.reset();
        BudgetStage apart(api, same, coat(1), used);
        SamplerReport apartReport = apart.report();
        ImageRgba8 b = apart.stage.render();
        requireNoGlErrors(*apart.stage.context);
        MESSAGE(sharedReport.toString(), "\n", apartReport.toString());
        // Three slots on texture 0: one sampler, one unit (the first slot's in plugin priority
        // order: iridescence 306 before clear coat 330). Apart: the roughness has its own.
        CHECK(declares(sharedReport, "iridescenceMap"));
        CHECK_FALSE(declares(sharedReport, "clearcoatMap"));
        CHECK_FALSE(declares(sharedReport, "clearcoatRoughnessMap"));
        CHECK(declares(apartReport, "clearcoatRoughnessMap"));
        CHECK(sharedReport.unitsUsed == apartReport.unitsUsed - 1);
        CHECK(sharedReport.dropped.empty());
        CHECK(largestDifference(a, b) <= 1);
    }
}

TEST_CASE("the base's occlusion and metallic-roughness on one texture take one unit") {
    // Occlusion in R, roughness in G, metal in B: glTF's packed texture.
    SolidImages images({{120, 200, 40, 255}, {120, 200, 40, 255}}, "trailhead-budget-orm");
    auto orm = [](int occlusion) {
        return str(R"({"pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.5, 0.3, 1], "metallicRoughnessTexture": )", tex(0),
                   R"(}, "occlusionTexture": )", tex(occlusion), "}");
    };
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        // One stage at a time, each in its own current context (as above).
        auto shared = std::make_unique<BudgetStage>(api, images, orm(0), std::vector<std::string>{});
        SamplerReport a = shared->report();
        ImageRgba8 x = shared->stage.render();
        requireNoGlErrors(*shared->stage.context);
        shared.reset();
        BudgetStage apart(api, images, orm(1), {}, false); // two images, kept apart
        SamplerReport b = apart.report();
        ImageRgba8 y = apart.stage.render();
        requireNoGlErrors(*apart.stage.context);
        MESSAGE(a.toString(), "\n", b.toString());
        CHECK(declares(a, "metallicRoughnessMap"));
        CHECK_FALSE(declares(a, "occlusionMap"));
        CHECK(declares(b, "occlusionMap"));
        CHECK(a.unitsUsed == b.unitsUsed - 1);
        // The environment's occlusion shows the same either way.
        CHECK(largestDifference(x, y) <= 1);
    }
}

TEST_CASE("an occlusion image read as the metallic-roughness image is packed into its red channel at load: one unit, the same picture") {
    // Roughness and metal in one image, occlusion in another of the same size: apart, the
    // material samples two textures; packed, one, with the occlusion in the unused red.
    SolidImages images({{255, 90, 20, 255}, {70, 0, 0, 255}, {70, 0, 0, 255}}, "trailhead-pack-occlusion");
    const std::string material = str(R"({"pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.5, 0.3, 1], "metallicRoughnessTexture": )",
                                     tex(0), R"(}, "occlusionTexture": )", tex(1), "}");
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto packed = std::make_unique<BudgetStage>(api, images, material, std::vector<std::string>{});
        SamplerReport a = packed->report();
        const PbrMaterial& m = *packed->stage.loaded.materials.at(0);
        CHECK(m.textureIn(PbrTextureSlot::Occlusion).texture == m.textureIn(PbrTextureSlot::MetallicRoughness).texture);
        ImageRgba8 x = packed->stage.render();
        requireNoGlErrors(*packed->stage.context);
        packed.reset();
        BudgetStage apart(api, images, material, {}, false);
        SamplerReport b = apart.report();
        ImageRgba8 y = apart.stage.render();
        requireNoGlErrors(*apart.stage.context);
        CHECK_FALSE(declares(a, "occlusionMap"));
        CHECK(declares(b, "occlusionMap"));
        CHECK(a.unitsUsed == b.unitsUsed - 1);
        CHECK(largestDifference(x, y) <= 1);
        // The occlusion shows: without it (strength 0) the sphere is brighter.
        BudgetStage open(api, images,
                         str(R"({"pbrMetallicRoughness": {"baseColorFactor": [0.7, 0.5, 0.3, 1], "metallicRoughnessTexture": )", tex(0), "}}"),
                         {});
        ImageRgba8 z = open.stage.render();
        CHECK(meanChannel(z, 0, 0, z.width, z.height, 3) > meanChannel(x, 0, 0, x.width, x.height, 3) + 2.0);
    }
}

TEST_CASE("occlusion is not packed when it is read differently from the metallic-roughness texture") {
    SolidImages images({{255, 90, 20, 255}, {70, 0, 0, 255}}, "trailhead-pack-occlusion-apart");
    // Another coordinate set, then another transform: each keeps its own texture.
    for (const char* occlusion : {R"({"index": 1, "texCoord": 1})",
                                  R"({"index": 1, "extensions": {"KHR_texture_transform": {"scale": [2, 2]}}})"}) {
        CAPTURE(occlusion);
        BudgetStage stage(GlApi::Gles30, images,
                          str(R"({"pbrMetallicRoughness": {"metallicRoughnessTexture": )", tex(0), R"(}, "occlusionTexture": )", occlusion, "}"),
                          {"KHR_texture_transform"});
        const PbrMaterial& m = *stage.stage.loaded.materials.at(0);
        CHECK(m.textureIn(PbrTextureSlot::Occlusion).texture);
        CHECK(m.textureIn(PbrTextureSlot::Occlusion).texture != m.textureIn(PbrTextureSlot::MetallicRoughness).texture);
    }
}
