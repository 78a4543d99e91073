// A glTF orthographic camera, looked through: two equal boxes, one 3 m and one 30 m from the
// camera, cover the same number of pixels (through a perspective camera the far one is a
// hundredth of the near one), in GL 3.3 and ES 3.0.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/GltfModelBuilder.h"
#include "support/GltfTestSupport.h"

#include "assets/ProceduralMeshes.h"
#include "core/Str.h"

using namespace th;
using namespace th::test;

namespace {

/// Two unlit red 1 m boxes at x = -1, z = -3 and x = +1, z = -30, and camera 0 at the origin
/// looking down -Z: `camera` is its JSON.
std::string twoBoxes(const std::string& camera) {
    const MeshData box = makeBox(glm::vec3(1.0f));
    GltfModelBuilder b;
    b.useExtension("KHR_materials_unlit");
    const int positions = b.addPositions(box.positions), indices = b.addAccessor(box.indices);
    const int red = b.addMaterial(
        R"({"pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1]}, "extensions": {"KHR_materials_unlit": {}}})");
    const int mesh =
        b.addMesh({.primitives = {{.attributes = {{"POSITION", positions}}, .indices = indices, .material = red}}});
    b.addScene({b.addNode({.mesh = mesh, .translation = glm::vec3(-1, 0, -3)}),
                b.addNode({.mesh = mesh, .translation = glm::vec3(1, 0, -30)}),
                b.addNode({.name = "eye", .camera = b.addCamera(camera)})});
    return b.json();
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
