// UV sets past the first two, in GL 3.3 and ES 3.0: a material on TEXCOORD_2 samples with
// that set, one on TEXCOORD_3 with that one (each set points at another quadrant of one
// texture, so a wrong set shows as the wrong colour); the extra sets count against the 16
// attribute locations, and going over names the material and slot that read them.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/Base64.h"
#include "support/GltfCompressedFiles.h"
#include "support/GltfModelBuilder.h"
#include "support/GltfTestSupport.h"

#include "core/Str.h"
#include "material/PbrMaterial.h"

using namespace th;
using namespace th::test;

namespace {

/// 4 × 4 texels, one colour per 2 × 2 quadrant: red top left, green top right, blue bottom
/// left, yellow bottom right (glTF's UV origin is the image's top left).
std::vector<uint8_t> quadrants() {
    std::vector<uint8_t> p(64);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            const bool right = x >= 2, bottom = y >= 2;
            uint8_t* t = &p[size_t(y * 4 + x) * 4];
            t[0] = right == bottom ? 255 : 0; // red top left, yellow bottom right
            t[1] = right ? 255 : 0;
            t[2] = bottom && !right ? 255 : 0;
            t[3] = 255;
        }
    return p;
}

/// Two unit quads facing +Z, at x = -0.7 and x = +0.7, each with TEXCOORD_0 … TEXCOORD_3 that
/// all point at one quadrant's centre (set 0 red, 1 green, 2 blue, 3 yellow); the left quad's
/// unlit material samples with `leftSet`, the right one's with `rightSet`.
std::string quadsFile(int leftSet, int rightSet) {
    const glm::vec2 centres[4] = {{0.25f, 0.25f}, {0.75f, 0.25f}, {0.25f, 0.75f}, {0.75f, 0.75f}};
    GltfModelBuilder b;
    b.useExtension("KHR_materials_unlit");
    GltfModelBuilder::Attributes attributes = {
        {"POSITION", b.addPositions({{-0.5f, -0.5f, 0}, {0.5f, -0.5f, 0}, {0.5f, 0.5f, 0}, {-0.5f, 0.5f, 0}})}};
    for (int s = 0; s < 4; ++s) attributes[str("TEXCOORD_", s)] = b.addAccessor(std::vector<glm::vec2>(4, centres[s]));
    const int indices = b.addAccessor(std::vector<uint16_t>{0, 1, 2, 0, 2, 3});
    b.addImage(str(R"({"uri": ")", dataUri(pngOf(quadrants()), "image/png"), R"("})"));
    b.addSampler(R"({"magFilter": 9728, "minFilter": 9728})");
    b.addTexture(R"({"source": 0, "sampler": 0})");
    std::vector<int> nodes;
    const std::pair<int, float> quads[2] = {{leftSet, -0.7f}, {rightSet, 0.7f}}; // UV set, x
    for (const auto& [set, x] : quads) {
        const int material =
            b.addMaterial(str(R"({"name": "on TEXCOORD_)", set,
                              R"(", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0, "texCoord": )", set,
                              R"(}}, "extensions": {"KHR_materials_unlit": {}}})"));
        const int mesh =
            b.addMesh({.primitives = {{.attributes = attributes, .indices = indices, .material = material}}});
        nodes.push_back(b.addNode({.mesh = mesh, .translation = glm::vec3(x, 0, 0)}));
    }
    b.addScene(nodes);
    return b.json();
}

int countHue(const ImageRgba8& image, int x0, int x1, Hue hue) {
    int n = 0;
    forEachPixel(image, x0, 0, x1, image.height, [&](int, int, const std::array<uint8_t, 4>& p) { n += hasHue(p, hue); });
    return n;
}

} // namespace

TEST_CASE("a material on TEXCOORD_2 samples with that set, one on TEXCOORD_3 with that one") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 160, 80);
        stage.add(importGltfFromMemory(quadsFile(2, 3), ".", "uv-sets.gltf"));
        CHECK(stage.model.warnings.empty());
        REQUIRE(stage.model.meshes.size() == 2);
        // Only the sets a material reads are kept: the left mesh has TEXCOORD_2, not 3.
        CHECK(stage.model.meshes[0].extraUvSets() == 1u);
        CHECK(stage.model.meshes[1].extraUvSets() == 2u);
        stage.conventionCamera();
        ImageRgba8 image = stage.render();
        dumpImage(image, str("gltf-uv-sets-", toString(api)));
        requireNoGlErrors(*stage.context);
        const int half = image.width / 2;
        // Each quad is about 25 × 25 pixels here.
        CHECK(countHue(image, 0, half, Hue::Blue) > 300);
        CHECK(countHue(image, half, image.width, Hue::Yellow) > 300);
        for (Hue wrong : {Hue::Red, Hue::Green}) CHECK(countHue(image, 0, image.width, wrong) == 0);
        CHECK(countHue(image, 0, half, Hue::Yellow) == 0);
        CHECK(countHue(image, half, image.width, Hue::Blue) == 0);
        CHECK(stage.renderer->stats().errorDraws == 0);
    }
}

TEST_CASE("TEXCOORD_8 and up: an import error naming the material and the slot") {
    try {
        importGltfFromMemory(quadsFile(2, 9), ".", "uv-nine.gltf");
        FAIL("TEXCOORD_9 imported");
    } catch (const Error& e) {
        const std::string m = e.what();
        INFO(m);
        CHECK(m.find("uv-nine.gltf") != std::string::npos);
        CHECK(m.find("material 'on TEXCOORD_9' baseColorTexture reads TEXCOORD_9") != std::string::npos);
        CHECK(m.find("TEXCOORD_0 to TEXCOORD_7") != std::string::npos);
    }
}

TEST_CASE("extra UV sets count against the 16 attribute locations - over them the error names the material and slot") {
    GltfStage stage(GlApi::Gles30, 16, 16);
    auto texture = std::make_shared<Texture>(TextureDesc{.width = 1, .height = 1, .label = "white"});
    const uint8_t white[4] = {255, 255, 255, 255};
    texture->upload(0, 0, white);
    PbrParams params;
    params.baseColorTexture.texture = 0;
    params.baseColorTexture.texCoord = 2;
    params.emissiveTexture.texture = 0;
    params.emissiveTexture.texCoord = 4;
    PbrMaterial material("many sets", params);
    material.setTexture(PbrTextureSlot::BaseColor, {texture, nullptr});
    material.setTexture(PbrTextureSlot::Emissive, {texture, nullptr});
    DrawInfo draw;
    draw.instanced = true;
    draw.hasUv0 = draw.hasUv1 = true;
    draw.skinInfluences = 8;
    // Engine 6 (position … colour), instance matrix 4, TEXCOORD_2 and 3, skinning 4: 16.
    draw.extraUvSets = 0b11;
    auto fits = stage.renderer->effects().get(stage.renderer->effectRequest(material, draw));
    stage.renderer->effects().finishAll();
    INFO(fits->error());
    CHECK(fits->ready());
    // TEXCOORD_4 as well: 17.
    draw.extraUvSets = 0b111;
    auto over = stage.renderer->effects().get(stage.renderer->effectRequest(material, draw));
    stage.renderer->effects().finishAll();
    REQUIRE(over->failed());
    const std::string& e = over->error();
    MESSAGE(e);
    CHECK(e.find("needs 17 attribute locations") != std::string::npos);
    CHECK(e.find("material 'many sets' baseColorTexture (TEXCOORD_2): 1 (texcoord2)") != std::string::npos);
    CHECK(e.find("material 'many sets' emissiveTexture (TEXCOORD_4): 1 (texcoord4)") != std::string::npos);
    CHECK(e.find("TEXCOORD_3: 1 (texcoord3)") != std::string::npos);
    CHECK(e.find("skinning: 4") != std::string::npos);
}

TEST_CASE("a slot reads its coordinates through KHR_texture_transform only where it has one, in both APIs") {
    // The left quad's material shifts set 0 by half the texture: red's centre reads green.
    std::string file = quadsFile(0, 0);
    const std::string plain = R"("texCoord": 0}})";
    const size_t left = file.find(plain);
    REQUIRE(left != std::string::npos);
    file.replace(left, plain.size(), R"("texCoord": 0, "extensions": {"KHR_texture_transform": {"offset": [0.5, 0]}}}})");
    file.replace(file.find(R"("extensionsUsed": [)"), 19, R"("extensionsUsed": ["KHR_texture_transform", )");
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 160, 80);
        stage.add(importGltfFromMemory(file, ".", "uv-transform.gltf"));
        CHECK(stage.model.warnings.empty());
        REQUIRE(stage.loaded.materials.size() == 2);
        const DrawInfo draw{.pass = RenderPass::Main, .hasNormals = true, .hasUv0 = true};
        auto transformed = [&](size_t m) {
            EffectRequest r = stage.renderer->effectRequest(*stage.loaded.materials[m], draw);
            return findDefine(r.defines, "BASECOLOR_UV_TRANSFORM") != nullptr;
        };
        CHECK(transformed(0));
        CHECK_FALSE(transformed(1));
        stage.conventionCamera();
        ImageRgba8 image = stage.render();
        requireNoGlErrors(*stage.context);
        const int half = image.width / 2;
        CHECK(countHue(image, 0, half, Hue::Green) > 300);
        CHECK(countHue(image, 0, half, Hue::Red) == 0);
        CHECK(countHue(image, half, image.width, Hue::Red) > 300);
        CHECK(countHue(image, half, image.width, Hue::Green) == 0);
    }
}
