// glTF points and lines through the importer and the real driver, in GL 3.3 and ES 3.0: a
// POINTS primitive lights the pixels where its points project (squares of the material's
// point size) and nothing else; a LINE_STRIP draws its segments and a LINE_LOOP closes; a
// TRIANGLE_STRIP and a TRIANGLE_FAN still fill their area. Without normals they are unlit, so
// the base colour shows as it is.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/GltfModelBuilder.h"
#include "support/GltfTestSupport.h"

#include "core/Str.h"

using namespace th;
using namespace th::test;

namespace {

/// One primitive of `mode` over `points` (no indices, no normals) with an sRGB-exact colour.
struct Primitive {
    int mode;
    std::vector<glm::vec3> points;
    glm::vec3 color;
    float pointSize = 1.0f;
};

/// A glTF file with one mesh per primitive at the origin, each with its own unlit-by-default
/// material (no KHR_materials_unlit: the absent normals make them unlit).
std::string fileWith(const std::vector<Primitive>& primitives) {
    GltfModelBuilder b;
    std::vector<int> roots;
    for (size_t i = 0; i < primitives.size(); ++i) {
        const Primitive& p = primitives[i];
        const int positions = b.addPositions(p.points);
        const int material = b.addMaterial(
            str(R"({"name": "m)", i, R"(", "pbrMetallicRoughness": {"baseColorFactor": [)", p.color.r, ", ", p.color.g,
                ", ", p.color.b, R"(, 1]}, "extras": {"pointSize": )", p.pointSize, "}}"));
        const int mesh = b.addMesh(
            {.name = str("mesh", i),
             .primitives = {{.attributes = {{"POSITION", positions}}, .material = material, .mode = p.mode}}});
        roots.push_back(b.addNode({.mesh = mesh}));
    }
    b.addScene(roots);
    return b.json();
}

/// A stage looking down -Z at the XY plane from z = 4 (the drawn primitives lie in it).
struct PlaneStage {
    GltfStage stage;
    PlaneStage(GlApi api, const std::vector<Primitive>& primitives) : stage(api, 200, 200) {
        stage.add(importGltfFromMemory(fileWith(primitives), ".", "modes.gltf"));
        stage.camera.position = {0, 0, 4};
        stage.camera.target = {0, 0, 0};
        stage.camera.up = {0, 1, 0};
        stage.camera.yfov = glm::radians(45.0f);
        stage.camera.nearPlane = 0.5f;
        stage.camera.farPlane = 20.0f;
    }
};

/// Whether a pixel of `hue` lies within `radius` pixels of `at`.
bool hueNear(const ImageRgba8& image, glm::vec2 at, Hue hue, int radius = 1) {
    bool found = false;
    const int x = int(at.x), y = int(at.y);
    forEachPixel(image, x - radius, y - radius, x + radius + 1, y + radius + 1,
                 [&](int, int, const std::array<uint8_t, 4>& p) { found = found || hasHue(p, hue); });
    return found;
}

int countHue(const ImageRgba8& image, Hue hue) {
    int n = 0;
    forEachPixel(image, 0, 0, image.width, image.height,
                 [&](int, int, const std::array<uint8_t, 4>& p) { n += hasHue(p, hue) ? 1 : 0; });
    return n;
}

constexpr int kPoints = 0, kLines = 1, kLineLoop = 2, kLineStrip = 3, kTriangleStrip = 5, kTriangleFan = 6;

} // namespace

TEST_CASE("a POINTS primitive lights the pixels where its points project and nothing else") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        const std::vector<glm::vec3> points = {{-1.0f, -1.0f, 0}, {1.0f, -0.5f, 0}, {0.0f, 0.0f, 0}, {-0.6f, 1.1f, 0}, {1.2f, 1.2f, 0}};
        PlaneStage s(api, {{kPoints, points, {0, 1, 0}, 5.0f}});
        ImageRgba8 image = s.stage.render();
        dumpImage(image, str("gltf-points-", toString(api)));
        requireNoGlErrors(*s.stage.context);
        PixelProjector project = s.stage.projector();
        // Every green pixel is within the 5 px square of a point; every point lit.
        int stray = 0;
        forEachPixel(image, 0, 0, image.width, image.height, [&](int x, int y, const std::array<uint8_t, 4>& p) {
            if (!hasHue(p, Hue::Green)) return;
            bool inside = false;
            for (const glm::vec3& w : points) {
                glm::vec2 c = project(w);
                inside = inside || (std::abs(float(x) + 0.5f - c.x) <= 3.0f && std::abs(float(y) + 0.5f - c.y) <= 3.0f);
            }
            stray += inside ? 0 : 1;
        });
        CHECK(stray == 0);
        for (const glm::vec3& w : points) CHECK(hueNear(image, project(w), Hue::Green, 0));
        // Five squares of 5 × 5 pixels: the material's size reached gl_PointSize.
        CHECK(countHue(image, Hue::Green) == doctest::Approx(5 * 25).epsilon(0.2));
    }
}

TEST_CASE("a LINE_STRIP draws its segments, a LINE_LOOP closes, LINES pairs its vertices") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        // The strip is a U upside down: left side, top; no segment back to the start.
        const std::vector<glm::vec3> strip = {{-1.4f, -1.2f, 0}, {-1.4f, 1.2f, 0}, {-0.2f, 1.2f, 0}};
        // The loop is a triangle: its third side exists only because the loop closes.
        const std::vector<glm::vec3> loop = {{0.2f, -1.2f, 0}, {1.4f, -1.2f, 0}, {1.4f, 0.6f, 0}};
        // Two separate segments, not joined in the middle.
        const std::vector<glm::vec3> lines = {{-1.0f, -0.3f, 0}, {-0.4f, -0.3f, 0}, {-1.0f, -0.8f, 0}, {-0.4f, -0.8f, 0}};
        PlaneStage s(api, {{kLineStrip, strip, {1, 0, 0}}, {kLineLoop, loop, {0, 0, 1}}, {kLines, lines, {1, 1, 0}}});
        ImageRgba8 image = s.stage.render();
        dumpImage(image, str("gltf-lines-", toString(api)));
        requireNoGlErrors(*s.stage.context);
        PixelProjector project = s.stage.projector();
        auto along = [&](glm::vec3 a, glm::vec3 b, Hue hue) {
            int hits = 0;
            for (int k = 1; k < 10; ++k) hits += hueNear(image, project(glm::mix(a, b, float(k) / 10.0f)), hue) ? 1 : 0;
            return hits;
        };
        CHECK(along(strip[0], strip[1], Hue::Red) == 9);
        CHECK(along(strip[1], strip[2], Hue::Red) == 9);
        CHECK(along(strip[2], strip[0], Hue::Red) == 0); // a strip does not close
        CHECK(along(loop[0], loop[1], Hue::Blue) == 9);
        CHECK(along(loop[1], loop[2], Hue::Blue) == 9);
        CHECK(along(loop[2], loop[0], Hue::Blue) == 9); // the loop's closing segment
        CHECK(along(lines[0], lines[1], Hue::Yellow) == 9);
        CHECK(along(lines[2], lines[3], Hue::Yellow) == 9);
        CHECK(along(lines[1], lines[2], Hue::Yellow) == 0); // LINES does not join pairs
        // One pixel wide: a line covers about max(|dx|, |dy|) pixels per segment.
        auto pixelsAlong = [&](const std::vector<glm::vec3>& v, bool closed) {
            float n = 0.0f;
            for (size_t k = 0; k + (closed ? 0 : 1) < v.size(); ++k) {
                glm::vec2 d = project(v[(k + 1) % v.size()]) - project(v[k]);
                n += std::max(std::abs(d.x), std::abs(d.y));
            }
            return n;
        };
        CHECK(countHue(image, Hue::Red) == doctest::Approx(pixelsAlong(strip, false)).epsilon(0.1));
        CHECK(countHue(image, Hue::Blue) == doctest::Approx(pixelsAlong(loop, true)).epsilon(0.1));
    }
}

TEST_CASE("TRIANGLE_STRIP and TRIANGLE_FAN still fill their area beside points and lines") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        const std::vector<glm::vec3> strip = {{-1.4f, -1.0f, 0}, {-0.4f, -1.0f, 0}, {-1.4f, 1.0f, 0}, {-0.4f, 1.0f, 0}};
        const std::vector<glm::vec3> fan = {{0.9f, 0.0f, 0}, {1.4f, -0.5f, 0}, {1.4f, 0.5f, 0}, {0.4f, 0.5f, 0}, {0.4f, -0.5f, 0}};
        PlaneStage s(api, {{kTriangleStrip, strip, {1, 0, 0}}, {kTriangleFan, fan, {0, 0, 1}},
                           {kPoints, {{0.0f, 1.3f, 0}}, {0, 1, 0}, 3.0f}});
        // Triangles without normals get flat ones (glTF) and are lit; the point stays unlit.
        s.stage.addSunLight({0.0f, 0.0f, -1.0f}, 3.0f);
        ImageRgba8 image = s.stage.render();
        requireNoGlErrors(*s.stage.context);
        PixelProjector project = s.stage.projector();
        // The strip's 1 × 2 m rectangle and the fan's three triangles (of its 1 × 1 square,
        // the quarter between its last and first rim vertex stays open).
        const float ppm = project.scaleAt({0, 0, 0});
        CHECK(countHue(image, Hue::Red) == doctest::Approx(2.0f * ppm * ppm).epsilon(0.1));
        CHECK(countHue(image, Hue::Blue) == doctest::Approx(0.75f * ppm * ppm).epsilon(0.1));
        CHECK(hueNear(image, project({-0.9f, 0.0f, 0}), Hue::Red, 0));
        CHECK(hueNear(image, project({0.9f, 0.3f, 0}), Hue::Blue, 0));
        CHECK(hueNear(image, project({1.2f, 0.0f, 0}), Hue::Blue, 0));
        CHECK(!hueNear(image, project({0.9f, -0.3f, 0}), Hue::Blue, 0)); // the open quarter
        CHECK(countHue(image, Hue::Green) == 9);
    }
}
