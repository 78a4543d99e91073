// A glTF orthographic camera, looked through: two equal boxes, one 3 m and one 30 m from the
// camera, cover the same number of pixels (through a perspective camera the far one is a
// hundredth of the near one), in GL 3.3 and ES 3.0.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "support/GltfTestSupport.h"

#include "assets/ProceduralMeshes.h"
#include "core/Str.h"

using namespace th;
using namespace th::test;

namespace {

std::string base64(const std::vector<unsigned char>& bytes) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
        for (int s = 18; s >= 0; s -= 6) out += k[(v >> s) & 63];
    }
    if (i + 1 == bytes.size()) {
        uint32_t v = uint32_t(bytes[i]) << 16;
        out += str(k[(v >> 18) & 63], k[(v >> 12) & 63], "==");
    } else if (i + 2 == bytes.size()) {
        uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8;
        out += str(k[(v >> 18) & 63], k[(v >> 12) & 63], k[(v >> 6) & 63], "=");
    }
    return out;
}

/// Two unlit red 1 m boxes at x = -1, z = -3 and x = +1, z = -30, and camera 0 at the origin
/// looking down -Z: `camera` is its JSON.
std::string twoBoxes(const std::string& camera) {
    MeshData box = makeBox(glm::vec3(1.0f));
    std::vector<unsigned char> bytes(box.positions.size() * 12 + box.indices.size() * 4);
    std::memcpy(bytes.data(), box.positions.data(), box.positions.size() * 12);
    std::memcpy(bytes.data() + box.positions.size() * 12, box.indices.data(), box.indices.size() * 4);
    return str(R"({"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_materials_unlit"], )",
               R"("buffers": [{"byteLength": )", bytes.size(), R"(, "uri": "data:application/octet-stream;base64,)",
               base64(bytes), R"("}], "bufferViews": [{"buffer": 0, "byteLength": )", box.positions.size() * 12,
               R"(}, {"buffer": 0, "byteOffset": )", box.positions.size() * 12, R"(, "byteLength": )",
               box.indices.size() * 4, R"(}], "accessors": [{"bufferView": 0, "componentType": 5126, "count": )",
               box.positions.size(),
               R"(, "type": "VEC3", "min": [-0.5, -0.5, -0.5], "max": [0.5, 0.5, 0.5]}, {"bufferView": 1, "componentType": 5125, "count": )",
               box.indices.size(), R"(, "type": "SCALAR"}], )",
               R"("materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1]}, "extensions": {"KHR_materials_unlit": {}}}], )",
               R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "material": 0}]}], )",
               R"("cameras": [)", camera, R"(], "nodes": [{"mesh": 0, "translation": [-1, 0, -3]}, )",
               R"({"mesh": 0, "translation": [1, 0, -30]}, {"camera": 0, "name": "eye"}], "scenes": [{"nodes": [0, 1, 2]}], "scene": 0})");
}

/// Red pixels left and right of the image's middle column.
std::pair<int, int> redHalves(const ImageRgba8& image) {
    int left = 0, right = 0;
    forEachPixel(image, 0, 0, image.width, image.height, [&](int x, int, const std::array<uint8_t, 4>& p) {
        if (hasHue(p, Hue::Red)) (x < image.width / 2 ? left : right)++;
    });
    return {left, right};
}

ImageRgba8 lookThrough(GlApi api, const std::string& camera) {
    GltfStage stage(api, 160, 120);
    stage.add(importGltfFromMemory(twoBoxes(camera), ".", "two-boxes.gltf"));
    REQUIRE(stage.loaded.cameras.size() == 1);
    stage.camera = stage.loaded.cameras[0].camera;
    return stage.render();
}

} // namespace

TEST_CASE("an orthographic glTF camera keeps an object's size independent of its distance") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        // ymag 1.5: the view box is 3 m high, so a 1 m box is a third of the image's height.
        auto [nearBox, farBox] =
            redHalves(lookThrough(api, R"({"type": "orthographic", "orthographic": {"xmag": 2, "ymag": 1.5, "znear": 0.1, "zfar": 100}})"));
        CHECK(nearBox > 1000); // about 40 × 40 pixels
        CHECK(farBox == doctest::Approx(nearBox).epsilon(0.05));
        auto [nearP, farP] =
            redHalves(lookThrough(api, R"({"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1, "zfar": 100}})"));
        CHECK(nearP > 0);
        CHECK(farP < nearP / 20);
    }
}

TEST_CASE("an orthographic camera views every point along its axis: a flat glossy wall shades evenly") {
    // Through an orthographic camera every pixel looks along the camera's forward axis, so a
    // flat wall facing it under one sun has one colour everywhere. A shader that took the view
    // direction towards the camera's position (a perspective camera's eye) would see the
    // wall's edges at grazing angles from a camera 0.3 m in front of it, and a highlight only
    // in the middle.
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto shade = [&](bool orthographic) {
            GltfStage stage(api, 120, 120);
            ImportedModel model;
            model.sourceName = "glossy wall";
            model.meshes.push_back(quadMesh(4.0f, 4.0f));
            model.meshes[0].submeshes = {{0, uint32_t(model.meshes[0].indices.size()), 0}};
            ImportedMaterial glossy;
            glossy.name = "glossy";
            glossy.params.baseColorFactor = glm::vec4(0.2f, 0.2f, 0.2f, 1.0f);
            glossy.params.metallicFactor = 0.0f;
            glossy.params.roughnessFactor = 0.3f;
            model.materials.push_back(glossy);
            ImportedNode node;
            node.name = "wall";
            node.mesh = 0;
            model.nodes.push_back(node);
            model.rootNodes = {0};
            stage.add(std::move(model));
            stage.addSunLight({0.0f, 0.0f, -1.0f}, 1.0f);
            stage.camera.position = {0, 0, 0.3f};
            stage.camera.target = {0, 0, 0};
            stage.camera.up = {0, 1, 0};
            stage.camera.nearPlane = 0.05f;
            stage.camera.farPlane = 10.0f;
            stage.camera.orthographic = orthographic;
            stage.camera.ymag = 1.5f;
            stage.camera.yfov = glm::radians(150.0f); // the perspective twin sees as far out
            ImageRgba8 image = stage.render();
            requireNoGlErrors(*stage.context);
            float lo = 255.0f, hi = 0.0f;
            forEachPixel(image, 0, 0, image.width, image.height, [&](int, int, const std::array<uint8_t, 4>& p) {
                lo = std::min(lo, luma(p));
                hi = std::max(hi, luma(p));
            });
            MESSAGE((orthographic ? "orthographic" : "perspective"), ": luma from ", lo, " to ", hi);
            return std::pair{lo, hi};
        };
        auto [lo, hi] = shade(true);
        CHECK(lo > 70.0f); // the highlight everywhere, not the background
        CHECK(hi - lo <= 2.0f);
        // The same wall through a perspective camera shows why: its view directions differ.
        auto [plo, phi] = shade(false);
        CHECK(phi - plo > 30.0f);
    }
}
