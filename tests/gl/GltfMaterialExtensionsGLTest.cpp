// The glTF material extensions, shaded by their plugins, on the real driver in GL 3.3 and ES
// 3.0: small sphere models built here (support/GltfSphereModels.h) and imported through the
// importer, so each test states the extension JSON it is about. Clear coat adds a second,
// sharper highlight over a rough base; sheen brightens a rough dark cloth at grazing angles;
// specular colour and factor change F0; specular-glossiness renders as its metallic-roughness
// equivalent; a material without an extension carries no extension plugin.
#include "support/GltfSphereModels.h"
#include "support/GltfTestSupport.h"

#include <algorithm>
#include <cmath>

#include "core/Str.h"

using namespace th;
using namespace th::test;

namespace {

/// Pixels of sphere `i` inside `inner`..`outer` of its projected radius, by luma.
struct Disc {
    std::vector<float> luma;
    glm::vec3 peakColour{0.0f}; ///< mean colour of the 6 brightest pixels
    float peak() const { return luma.empty() ? 0.0f : luma.front(); }
    float median() const { return luma.empty() ? 0.0f : luma[luma.size() / 2]; }
    float mean() const {
        double s = 0;
        for (float l : luma) s += l;
        return luma.empty() ? 0.0f : float(s / double(luma.size()));
    }
    /// Share of the pixels brighter than `threshold`.
    float shareAbove(float threshold) const {
        return luma.empty() ? 0.0f : float(std::count_if(luma.begin(), luma.end(), [&](float l) { return l > threshold; })) / float(luma.size());
    }
};

Disc disc(const ImageRgba8& image, const GltfStage& stage, glm::vec3 centre, float inner = 0.0f, float outer = 0.92f) {
    PixelProjector project = stage.projector();
    glm::vec2 c = project(centre);
    float r = project.scaleAt(centre);
    std::vector<std::pair<float, glm::vec3>> pixels;
    forEachPixel(image, int(c.x - r), int(c.y - r), int(c.x + r) + 1, int(c.y + r) + 1, [&](int x, int y, auto& p) {
        float dx = float(x) + 0.5f - c.x, dy = float(y) + 0.5f - c.y;
        float d = std::sqrt(dx * dx + dy * dy) / r;
        if (d >= inner && d < outer) pixels.push_back({luma(p), glm::vec3(p[0], p[1], p[2])});
    });
    std::sort(pixels.begin(), pixels.end(), [](auto& a, auto& b) { return a.first > b.first; });
    Disc out;
    for (auto& p : pixels) out.luma.push_back(p.first);
    for (size_t i = 0; i < std::min<size_t>(6, pixels.size()); ++i) out.peakColour += pixels[i].second / 6.0f;
    return out;
}

/// The stage for a row of spheres: no light but what the test adds, the convention camera.
void loadRow(GltfStage& stage, const SphereRow& row, const char* name) {
    stage.add(importGltfFromMemory(row.json(), ".", name));
    stage.conventionCamera();
}

std::string material(const std::string& pbr, const std::string& extensions = "") {
    return str(R"({"pbrMetallicRoughness": )", pbr, extensions.empty() ? "" : str(R"(, "extensions": {)", extensions, "}"), "}");
}

} // namespace

TEST_CASE("clear coat adds a second, sharper highlight over a rough base") {
    SphereRow row;
    const std::string base = R"({"baseColorFactor": [0.5, 0.05, 0.05, 1], "metallicFactor": 0, "roughnessFactor": 0.7})";
    row.materials = {material(base),
                     material(base, R"("KHR_materials_clearcoat": {"clearcoatFactor": 1, "clearcoatRoughnessFactor": 0.08})")};
    row.extensionsUsed = {"KHR_materials_clearcoat"};
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 320, 160);
        loadRow(stage, row, "clearcoat.gltf");
        REQUIRE(stage.loaded.materials.size() == 2);
        CHECK(stage.loaded.materials[0]->plugins().empty()); // no extension, no plugin
        REQUIRE(stage.loaded.materials[1]->plugin("Clearcoat") != nullptr);
        stage.addSunLight({-0.3f, -0.4f, -1.0f}, 2.0f);
        ImageRgba8 image = stage.render();
        dumpImage(image, str("clearcoat-", toString(api)));
        Disc plain = disc(image, stage, row.centre(0)), coated = disc(image, stage, row.centre(1));
        MESSAGE("peak/median luma: base ", plain.peak(), "/", plain.median(), ", coated ", coated.peak(), "/",
                coated.median(), "; coated pixels above the base's peak + 30: ", coated.shareAbove(plain.peak() + 30.0f));
        // The coat's own highlight: far brighter than the base's broad one, and small.
        CHECK(coated.peak() > plain.peak() + 60.0f);
        CHECK(coated.shareAbove(plain.peak() + 30.0f) > 0.0005f);
        CHECK(coated.shareAbove(plain.peak() + 30.0f) < 0.03f);
        // The base shows through everywhere else: the coat takes only its Fresnel share.
        CHECK(coated.median() == doctest::Approx(plain.median()).epsilon(0.12));
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("sheen brightens the grazing angles of a rough dark cloth") {
    SphereRow row;
    const std::string base = R"({"baseColorFactor": [0.03, 0.03, 0.05, 1], "metallicFactor": 0, "roughnessFactor": 1})";
    row.materials = {material(base), material(base, R"("KHR_materials_sheen": {"sheenColorFactor": [0.9, 0.8, 1.0], "sheenRoughnessFactor": 0.5})")};
    row.extensionsUsed = {"KHR_materials_sheen"};
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 240, 120);
        loadRow(stage, row, "sheen.gltf");
        REQUIRE(stage.loaded.materials[1]->plugin("Sheen") != nullptr);
        stage.scene.environment.source = EnvironmentSource::Uniform;
        stage.scene.environment.uniformColor = glm::vec3(0.6f);
        stage.addSunLight({0.0f, -0.2f, -1.0f}, 1.0f); // from behind the camera: the rim is grazing
        ImageRgba8 image = stage.render();
        dumpImage(image, str("sheen-", toString(api)));
        float plainCentre = disc(image, stage, row.centre(0), 0.0f, 0.35f).mean();
        float plainRim = disc(image, stage, row.centre(0), 0.8f, 0.95f).mean();
        float sheenCentre = disc(image, stage, row.centre(1), 0.0f, 0.35f).mean();
        float sheenRim = disc(image, stage, row.centre(1), 0.8f, 0.95f).mean();
        MESSAGE("centre/rim luma: cloth ", plainCentre, "/", plainRim, ", with sheen ", sheenCentre, "/", sheenRim);
        CHECK(sheenRim > plainRim + 25.0f);
        // Brighter at grazing than face-on, which the rough dark base alone is not.
        CHECK(sheenRim - plainRim > 1.5f * (sheenCentre - plainCentre));
        CHECK(sheenRim > sheenCentre + 10.0f);
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("specular colour and specular factor change F0") {
    SphereRow row;
    const std::string base = R"({"baseColorFactor": [0, 0, 0, 1], "metallicFactor": 0, "roughnessFactor": 0.3})";
    row.materials = {material(base),
                     material(base, R"("KHR_materials_specular": {"specularColorFactor": [4, 0.5, 0.5]})"),
                     material(base, R"("KHR_materials_specular": {"specularFactor": 0})")};
    row.extensionsUsed = {"KHR_materials_specular"};
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 300, 100);
        loadRow(stage, row, "specular.gltf");
        stage.addSunLight({-0.2f, -0.3f, -1.0f}, 1.0f);
        ImageRgba8 image = stage.render();
        dumpImage(image, str("specular-", toString(api)));
        glm::vec3 plain = disc(image, stage, row.centre(0)).peakColour;
        glm::vec3 tinted = disc(image, stage, row.centre(1)).peakColour;
        glm::vec3 none = disc(image, stage, row.centre(2)).peakColour;
        MESSAGE("highlight rgb: F0 0.04 (", plain.r, ", ", plain.g, ", ", plain.b, "), tinted (", tinted.r, ", ", tinted.g,
                ", ", tinted.b, "), factor 0 (", none.r, ", ", none.g, ", ", none.b, ")");
        CHECK(plain.r > 40.0f);
        CHECK(std::abs(plain.r - plain.g) < 6.0f); // the IOR's F0 is grey
        CHECK(tinted.r > plain.r + 30.0f);          // F0 0.16 in red
        CHECK(tinted.g < plain.g - 8.0f);           // 0.02 in green and blue
        CHECK(tinted.r > 2.0f * tinted.g);
        CHECK(none.r < 8.0f); // no specular lobe on a black base: black
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("specular-glossiness renders as its metallic-roughness equivalent") {
    // A plastic and a gold, each written both ways.
    SphereRow specGloss, metalRough;
    specGloss.extensionsUsed = {"KHR_materials_pbrSpecularGlossiness"};
    specGloss.materials = {
        material(R"({"baseColorFactor": [1, 0, 1, 1]})", R"("KHR_materials_pbrSpecularGlossiness": {"diffuseFactor": [0.6, 0.3, 0.2, 1], "specularFactor": [0.04, 0.04, 0.04], "glossinessFactor": 0.6})"),
        material(R"({"baseColorFactor": [1, 0, 1, 1]})", R"("KHR_materials_pbrSpecularGlossiness": {"diffuseFactor": [0, 0, 0, 1], "specularFactor": [1.0, 0.78, 0.34], "glossinessFactor": 0.7})")};
    metalRough.materials = {material(R"({"baseColorFactor": [0.6, 0.3, 0.2, 1], "metallicFactor": 0, "roughnessFactor": 0.4})"),
                            material(R"({"baseColorFactor": [1.0, 0.78, 0.34, 1], "metallicFactor": 1, "roughnessFactor": 0.3})")};
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        ImageRgba8 images[2];
        for (int i = 0; i < 2; ++i) {
            GltfStage stage(api, 200, 100);
            loadRow(stage, i == 0 ? specGloss : metalRough, i == 0 ? "spec-gloss.gltf" : "metal-rough.gltf");
            if (i == 0) REQUIRE(stage.loaded.materials[0]->plugin("SpecularGlossiness") != nullptr);
            stage.scene.environment.source = EnvironmentSource::Uniform;
            stage.scene.environment.uniformColor = glm::vec3(0.3f);
            stage.addSunLight({-0.3f, -0.4f, -1.0f}, 2.0f);
            images[i] = stage.render();
            dumpImage(images[i], str(i == 0 ? "spec-gloss-" : "metal-rough-", toString(api)));
        }
        int worst = 0, lit = 0;
        forEachPixel(images[0], 0, 0, images[0].width, images[0].height, [&](int x, int y, auto& p) {
            auto q = images[1].rgba(x, y);
            for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(int(p[size_t(c)]) - int(q[size_t(c)])));
            if (luma(p) > 30.0f) ++lit;
        });
        MESSAGE("largest channel difference: ", worst, " over ", lit, " lit pixels");
        CHECK(lit > 2000);
        CHECK(worst <= 2);
    }
}

TEST_CASE("a material variant switch changes the material a primitive draws with") {
    SphereRow row;
    row.materials = {material(R"({"baseColorFactor": [0.8, 0.05, 0.05, 1], "metallicFactor": 0})")};
    row.extraMaterials = {material(R"({"baseColorFactor": [0.05, 0.8, 0.05, 1], "metallicFactor": 0})"),
                          material(R"({"baseColorFactor": [0.05, 0.05, 0.8, 1], "metallicFactor": 0})")};
    row.extensionsUsed = {"KHR_materials_variants"};
    row.rootExtensions = R"("KHR_materials_variants": {"variants": [{"name": "Leaf"}, {"name": "Sky"}]})";
    row.primitiveExtensions = R"("KHR_materials_variants": {"mappings": [{"material": 1, "variants": [0]}, {"material": 2, "variants": [1]}]})";
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 64, 64);
        loadRow(stage, row, "variants.gltf");
        CHECK(stage.loaded.variants == std::vector<std::string>{"Leaf", "Sky"});
        stage.addSunLight({0.0f, 0.0f, -1.0f}, 2.0f);
        auto share = [&](Hue hue) {
            ImageRgba8 image = stage.render();
            return shareOf(image, 16, 16, 48, 48, [&](auto& p) { return hasHue(p, hue); });
        };
        CHECK(share(Hue::Red) > 0.9);
        stage.loaded.selectVariant("Sky");
        CHECK(stage.loaded.selectedVariant() == "Sky");
        CHECK(share(Hue::Blue) > 0.9);
        stage.loaded.selectVariant("Leaf");
        CHECK(share(Hue::Green) > 0.9);
        stage.loaded.selectVariant("");
        CHECK(share(Hue::Red) > 0.9);
        try {
            stage.loaded.selectVariant("Autumn");
            FAIL("an unknown variant must be an error");
        } catch (const Error& e) {
            CHECK(std::string(e.what()).find("no material variant named 'Autumn'; the model has Leaf, Sky") != std::string::npos);
        }
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("an extension's texture is sampled through its own KHR_texture_transform, as sRGB colour") {
    // A 2×1 image, black | red, read with nearest filtering. Scale 0 collapses the transform
    // to its offset: every fragment reads texel (0.75, 0.5), red, or (0.25, 0.5), black.
    ImageRgba8 stripes(2, 1);
    stripes.pixels = {0, 0, 0, 255, 255, 0, 0, 255};
    const std::filesystem::path folder = std::filesystem::temp_directory_path() / "trailhead-extension-texture";
    std::filesystem::create_directories(folder);
    writePng(folder / "stripes.png", stripes);
    SphereRow row;
    row.images = {R"({"uri": "stripes.png"})"};
    row.samplers = {R"({"magFilter": 9728, "minFilter": 9728, "wrapS": 33071, "wrapT": 33071})"};
    row.textures = {R"({"source": 0, "sampler": 0})"};
    auto sheen = [](const char* offset) {
        return material(R"({"baseColorFactor": [0.02, 0.02, 0.02, 1], "metallicFactor": 0, "roughnessFactor": 1})",
                        str(R"("KHR_materials_sheen": {"sheenColorFactor": [1, 1, 1], "sheenRoughnessFactor": 0.5, )",
                            R"("sheenColorTexture": {"index": 0, "extensions": {"KHR_texture_transform": {"offset": [)", offset,
                            R"(, 0.5], "scale": [0, 0]}}}})"));
    };
    row.materials = {sheen("0.75"), sheen("0.25")};
    row.extensionsUsed = {"KHR_materials_sheen", "KHR_texture_transform"};
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 240, 120);
        stage.add(importGltfFromMemory(row.json(), folder, "sheen-texture.gltf"));
        stage.conventionCamera();
        stage.scene.environment.source = EnvironmentSource::Uniform;
        stage.scene.environment.uniformColor = glm::vec3(0.8f);
        ImageRgba8 image = stage.render();
        dumpImage(image, str("sheen-texture-", toString(api)));
        auto rim = [&](size_t i) {
            PixelProjector project = stage.projector();
            glm::vec2 c = project(row.centre(i));
            float r = project.scaleAt(row.centre(i));
            glm::dvec3 sum(0.0);
            int n = 0;
            forEachPixel(image, int(c.x - r), int(c.y - r), int(c.x + r) + 1, int(c.y + r) + 1, [&](int x, int y, auto& p) {
                float d = std::hypot(float(x) + 0.5f - c.x, float(y) + 0.5f - c.y) / r;
                if (d > 0.8f && d < 0.95f) sum += glm::dvec3(p[0], p[1], p[2]), ++n;
            });
            return glm::vec3(sum / double(std::max(n, 1)));
        };
        glm::vec3 red = rim(0), black = rim(1);
        MESSAGE("rim rgb: offset 0.75 (", red.r, ", ", red.g, ", ", red.b, "), offset 0.25 (", black.r, ", ", black.g, ", ",
                black.b, ")");
        CHECK(red.r > red.g + 40.0f); // the red texel tints the sheen
        CHECK(std::abs(red.g - red.b) < 6.0f);
        CHECK(red.r > black.r + 40.0f); // the black one leaves the dark base
        CHECK(std::abs(black.r - black.g) < 4.0f); // no tint: the sheen is black there
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("a material whose extension no plugin shades is a load warning, not a silent plain base") {
    SphereRow row;
    row.materials = {material(R"({"metallicFactor": 0})", R"("KHR_materials_clearcoat": {"clearcoatFactor": 1})")};
    row.extensionsUsed = {"KHR_materials_clearcoat"};
    auto context = makeTestContext(GlApi::Gles30, 16, 16);
    {
        Scene scene;
        MaterialRegistry registry; // the glTF material plugins are not registered on it
        LoadedModel loaded = addModelToScene(importGltfFromMemory(row.json(), ".", "unshaded.gltf"), scene, scene.root(), &registry);
        REQUIRE(loaded.materials.size() == 1);
        CHECK(loaded.materials[0]->plugins().empty());
        bool warned = false;
        for (const ImportWarning& w : loaded.warnings)
            warned = warned || w.message.find("KHR_materials_clearcoat is not shaded (no 'Clearcoat' plugin attached") != std::string::npos;
        CHECK(warned);
        // Registered, the same material gets its plugin and no warning.
        registerGltfMaterialPlugins(registry);
        Scene again;
        LoadedModel shaded = addModelToScene(importGltfFromMemory(row.json(), ".", "shaded.gltf"), again, again.root(), &registry);
        CHECK(shaded.materials[0]->plugin("Clearcoat") != nullptr);
        for (const ImportWarning& w : shaded.warnings) CHECK(w.message.find("is not shaded") == std::string::npos);
    }
    requireNoGlErrors(*context);
}
