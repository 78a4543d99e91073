// The Khronos glTF test models on the real driver, checked by sampling pixels: orientation and
// handedness (OrientationTest, also against its reference screenshot), the UV origin
// (TextureCoordinateTest), alpha modes (AlphaBlendModeTest), supplied and mirrored tangents
// (NormalTangentMirrorTest) and the metal/roughness response (MetalRoughSpheresNoTextures).
// Each test skips with a message when the shared samples are absent.
#include "support/GltfTestSupport.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/Str.h"

using namespace th;
using test::GltfStage;
using test::Hue;

namespace {

Bounds meshBounds(const ImportedModel& model, const std::string& meshName) {
    Bounds b;
    for (const MeshData& m : model.meshes)
        if (m.name == meshName)
            for (const glm::vec3& p : m.positions) b.add(p);
    REQUIRE_MESSAGE(!b.empty(), "no mesh named '", meshName, "'");
    return b;
}

/// A key light that comes from behind the camera and above it, 35° off the view axis, so
/// flat faces turned to the camera show no mirror highlight.
glm::vec3 keyLightFor(const glm::vec3& view, const glm::vec3& up) {
    float a = glm::radians(35.0f);
    return glm::normalize(view * std::cos(a) - glm::normalize(up) * std::sin(a));
}

} // namespace

TEST_CASE("OrientationTest: every arrow points at its target on each face in both APIs") {
    auto file = test::sampleModelPath("OrientationTest");
    if (!test::requireFile(file)) return;
    // Red, green and blue arrows are rotated by quaternions, cyan, magenta and yellow by node
    // matrices; each target's position is baked into its vertices. A transposed rotation or a
    // mirrored axis turns an arrow 10° to 70° away from its target.
    struct Arrow {
        const char* target;
        glm::vec3 faceCentre, view, up;
        Hue hue;
    };
    const Arrow arrows[] = {
        {"TargetMeshX1", {5, 0, 0}, {-1, 0, 0}, {0, 1, 0}, Hue::Red},
        {"TargetMeshX2", {-5, 0, 0}, {1, 0, 0}, {0, 1, 0}, Hue::Cyan},
        {"TargetMeshY1", {0, 5, 0}, {0, -1, 0}, {0, 0, -1}, Hue::Green},
        {"TargetMeshY2", {0, -5, 0}, {0, 1, 0}, {0, 0, 1}, Hue::Magenta},
        {"TargetMeshZ1", {0, 0, 5}, {0, 0, -1}, {0, 1, 0}, Hue::Blue},
        {"TargetMeshZ2", {0, 0, -5}, {0, 0, 1}, {0, 1, 0}, Hue::Yellow},
    };
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 256, 256);
        stage.load(file);
        stage.useStudio();
        for (const Arrow& arrow : arrows) {
            CAPTURE(std::string(arrow.target));
            stage.scene.lights.clear();
            stage.addSunLight(keyLightFor(arrow.view, arrow.up), 2.0f);
            stage.camera.yfov = glm::radians(45.0f);
            stage.camera.target = arrow.faceCentre;
            stage.camera.position = arrow.faceCentre - arrow.view * 15.0f;
            stage.camera.up = arrow.up;
            stage.camera.nearPlane = 1.0f;
            stage.camera.farPlane = 60.0f;
            ImageRgba8 image = stage.render();
            test::dumpImage(image, str("orientation-", toString(api), "-", arrow.target));
            auto project = stage.projector();
            glm::vec2 centre = project(arrow.faceCentre);
            glm::vec2 target = project(meshBounds(stage.model, arrow.target).center());
            glm::vec2 expected = glm::normalize(target - centre);
            test::PixelCloud cloud = test::pixelCloud(image, [&](auto& p) { return test::hasHue(p, arrow.hue); });
            MESSAGE(std::string(arrow.target), ": ", cloud.count, " pixels, axis ", cloud.axis.x, ",", cloud.axis.y,
                    " expected ", expected.x, ",", expected.y, " elongation ", cloud.elongation);
            REQUIRE(cloud.count > 300);
            CHECK(cloud.elongation > 2.0f);
            CHECK(test::axisAngleDegrees(cloud.axis, expected) < 4.0f);
            // The arrow (tail at −1, head at +3 along its axis) and its target lie towards the target.
            CHECK(glm::dot(cloud.centroid - centre, expected) > 10.0f);
        }
        test::requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("OrientationTest: the colour layout matches the Khronos screenshot") {
    auto file = test::sampleModelPath("OrientationTest");
    auto screenshotFile = file.parent_path().parent_path() / "screenshot" / "screenshot.png";
    if (!test::requireFile(file) || !test::requireFile(screenshotFile)) return;
    ImageRgba8 screenshot = readPng(screenshotFile);
    GltfStage stage(GlApi::Gles30, screenshot.width, screenshot.height);
    stage.load(file);
    stage.useStudio();
    // The screenshot looks at the cube's corner from +X, +Y, +Z: +Z face on the left, +X face
    // on the right, +Y on top. A mirrored axis swaps the red and blue faces.
    glm::vec3 view = -glm::normalize(glm::vec3(1.0f, 0.75f, 1.0f));
    stage.lookAlong(view, {0, 1, 0}, 1.1f);
    stage.addSunLight(keyLightFor(view, {0, 1, 0}), 2.0f);
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "orientation-corner");
    for (Hue hue : {Hue::Red, Hue::Green, Hue::Blue}) {
        CAPTURE(int(hue));
        auto ours = test::pixelCloud(image, [&](auto& p) { return test::hasHue(p, hue); });
        auto theirs = test::pixelCloud(screenshot, [&](auto& p) { return test::hasHue(p, hue); });
        glm::vec2 size(float(image.width), float(image.height));
        MESSAGE("ours ", ours.count, " at ", ours.centroid.x / size.x, ",", ours.centroid.y / size.y, "; screenshot ",
                theirs.count, " at ", theirs.centroid.x / size.x, ",", theirs.centroid.y / size.y);
        REQUIRE(ours.count > 100);
        REQUIRE(theirs.count > 100);
        CHECK(std::abs(ours.centroid.x - theirs.centroid.x) / size.x < 0.12f);
        CHECK(std::abs(ours.centroid.y - theirs.centroid.y) / size.y < 0.12f);
    }
}

TEST_CASE("TextureCoordinateTest: UV origin is the image's top-left in both APIs") {
    auto file = test::sampleModelPath("TextureCoordinateTest");
    if (!test::requireFile(file)) return;
    // Each square shows one quarter of the same texture, its corner's checker along the outer
    // edges and its label ("Top Left", ...) inside. The checker pattern is symmetric under a
    // flip of the image, so the labels are compared with the texture too: a flipped upload
    // or V axis shows another quarter's label, upside down.
    struct Square {
        const char* mesh;
        glm::vec2 ownCorner; ///< the corner whose checker the square must show (sign of x and y)
    };
    const Square squares[] = {
        {"TopLeftMesh", {-1, 1}}, {"TopRightMesh", {1, 1}}, {"BottomLeftMesh", {-1, -1}}, {"BottomRightMesh", {1, -1}}};
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        GltfStage stage(api, 600, 600);
        stage.load(file);
        stage.useStudio();
        stage.conventionCamera();
        stage.addSunLight(keyLightFor({0, 0, -1}, {0, 1, 0}), 1.5f);
        ImageRgba8 image = stage.render();
        test::dumpImage(image, str("texcoord-", toString(api)));
        auto project = stage.projector();
        for (const Square& s : squares) {
            CAPTURE(std::string(s.mesh));
            Bounds b = meshBounds(stage.model, s.mesh);
            glm::vec2 lo(b.min), hi(b.max);
            auto corner = [&](glm::vec2 sign) { return glm::vec2(sign.x > 0 ? hi.x : lo.x, sign.y > 0 ? hi.y : lo.y); };
            glm::vec2 own = corner(s.ownCorner), inner = corner(-s.ownCorner);
            // Reference white: three quarters of the way to the inner corner (plain texture).
            glm::vec2 refPoint = own + (inner - own) * 0.75f;
            glm::vec2 rp = project(glm::vec3(refPoint, 0.0f));
            glm::vec3 ref = test::meanColor(image, int(rp.x) - 2, int(rp.y) - 2, int(rp.x) + 3, int(rp.y) + 3);
            float white = 0.2126f * ref.r + 0.7152f * ref.g + 0.0722f * ref.b;
            REQUIRE(white > 60.0f);
            // Share of dark texels in a 0.1-wide window just inside a corner of the square.
            auto darkShare = [&](glm::vec2 cornerPoint) {
                glm::vec2 towardCentre = glm::sign((lo + hi) * 0.5f - cornerPoint);
                glm::vec2 a = project(glm::vec3(cornerPoint + towardCentre * 0.02f, 0.0f));
                glm::vec2 z = project(glm::vec3(cornerPoint + towardCentre * 0.12f, 0.0f));
                return test::shareOf(image, int(std::min(a.x, z.x)), int(std::min(a.y, z.y)), int(std::max(a.x, z.x)),
                                     int(std::max(a.y, z.y)), [&](auto& p) { return test::luma(p) < 0.5f * white; });
            };
            double ownDark = darkShare(own);
            double otherA = darkShare({own.x, inner.y}), otherB = darkShare({inner.x, own.y});
            MESSAGE(std::string(s.mesh), ": dark share at its own corner ", ownDark, ", at the other outer corners ",
                    otherA, " and ", otherB);
            CHECK(ownDark > 0.15);
            CHECK(otherA < 0.03);
            CHECK(otherB < 0.03);

            // The label: away from the edges (checker, corner marks) the only dark texels are
            // text. Where the texture (the decoded image, read here without GL) is dark, the
            // render must be darker than where it is light (thin strokes blur when minified, so
            // compare means rather than single pixels).
            const MeshData* mesh = nullptr;
            for (const MeshData& m : stage.model.meshes)
                if (m.name == s.mesh) mesh = &m;
            REQUIRE(mesh != nullptr);
            REQUIRE(mesh->uv0.size() >= 3);
            const ImportedMaterial& material = stage.model.materials.at(size_t(mesh->submeshes.at(0).material));
            const ImportedTexture& texture = stage.model.textures.at(size_t(material.params.baseColorTexture.texture));
            const ImageRgba8& texels = stage.model.images.at(size_t(texture.image)).pixels;
            glm::vec2 p0(mesh->positions[0]), t0 = mesh->uv0[0];
            glm::mat2 toUv =
                glm::mat2(mesh->uv0[1] - t0, mesh->uv0[2] - t0) *
                glm::inverse(glm::mat2(glm::vec2(mesh->positions[1]) - p0, glm::vec2(mesh->positions[2]) - p0));
            auto textureDark = [&](glm::vec2 uv) {
                int cx = int(uv.x * float(texels.width)), cy = int(uv.y * float(texels.height));
                float sum = 0.0f;
                for (int y = cy - 1; y <= cy + 1; ++y)
                    for (int x = cx - 1; x <= cx + 1; ++x)
                        sum += test::luma(
                            texels.rgba(std::clamp(x, 0, texels.width - 1), std::clamp(y, 0, texels.height - 1)));
                return sum / 9.0f < 110.0f;
            };
            double darkSum = 0.0, lightSum = 0.0;
            int darkCount = 0, lightCount = 0;
            float step = 1.0f / project.scaleAt(glm::vec3((lo + hi) * 0.5f, 0.0f));
            for (float y = lo.y + 0.15f; y < hi.y - 0.15f; y += step)
                for (float x = lo.x + 0.15f; x < hi.x - 0.15f; x += step) {
                    glm::vec2 px = project(glm::vec3(x, y, 0.0f));
                    float rendered = test::luma(image.rgba(int(px.x), int(px.y))) / white;
                    if (textureDark(t0 + toUv * (glm::vec2(x, y) - p0)))
                        darkSum += rendered, ++darkCount;
                    else
                        lightSum += rendered, ++lightCount;
                }
            REQUIRE(darkCount > 30);
            double darkMean = darkSum / darkCount, lightMean = lightSum / std::max(lightCount, 1);
            MESSAGE(std::string(s.mesh), ": the render where the label's texels are dark ", darkMean,
                    " of white, elsewhere ", lightMean);
            CHECK(lightMean - darkMean > 0.25);
        }
        test::requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("AlphaBlendModeTest: MASK cuts at alphaCutoff and BLEND blends over the background") {
    auto file = test::sampleModelPath("AlphaBlendModeTest");
    if (!test::requireFile(file)) return;
    GltfStage stage(GlApi::Gles30, 800, 600);
    stage.load(file);
    // Only the five test panels: where a panel is cut or transparent the flat background shows.
    for (const char* name : {"Bed", "DecalBlend", "DecalOpaque", "GreenArrows"}) stage.node(name).visible = false;
    stage.conventionCamera();
    stage.addSunLight(glm::vec3(0.3f, -0.3f, -1.0f), 2.0f);
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "alpha-modes");
    auto project = stage.projector();

    // The panels share one texture whose alpha ramps from 0 (top) to 1 (bottom) inside a black
    // frame; every panel maps u 0.125–0.675 across x −0.55–0.55 and v 0.05–0.985 down y 1.97–0.1.
    int textureIndex = stage.model.materials[0].params.baseColorTexture.texture;
    for (const ImportedMaterial& m : stage.model.materials)
        if (m.name == "MatBlend") textureIndex = m.params.baseColorTexture.texture;
    const ImageRgba8& labels = stage.model.images[size_t(stage.model.textures[size_t(textureIndex)].image)].pixels;
    auto alphaAt = [&](float u, float v) {
        int cx = int(u * float(labels.width)), cy = int(v * float(labels.height));
        double sum = 0;
        int n = 0;
        for (int y = cy - 2; y <= cy + 2; ++y)
            for (int x = cx - 2; x <= cx + 2; ++x, ++n)
                sum += labels.rgba(std::clamp(x, 0, labels.width - 1), std::clamp(y, 0, labels.height - 1))[3];
        return float(sum / n / 255.0);
    };
    auto pixelOf = [&](float panelX, float u, float v) {
        glm::vec3 p(panelX + (u - 0.125f) * 2.0f - 0.55f, 1.97f - (v - 0.05f) * 2.0f, 0.0f);
        glm::vec2 px = project(p);
        return glm::ivec2(int(px.x), int(px.y));
    };
    const std::array<uint8_t, 4> background = {64, 64, 64, 255};
    auto diff = [](const std::array<uint8_t, 4>& a, const std::array<uint8_t, 4>& b) {
        return std::max(
            {std::abs(int(a[0]) - int(b[0])), std::abs(int(a[1]) - int(b[1])), std::abs(int(a[2]) - int(b[2]))});
    };
    // The opaque panel's pixel that best explains `p` (the stripes may fall a pixel apart).
    auto nearestOpaque = [&](glm::ivec2 at, const std::function<int(const std::array<uint8_t, 4>&)>& distance) {
        int best = 1 << 30;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) best = std::min(best, distance(image.rgba(at.x + dx, at.y + dy)));
        return best;
    };

    const float u = 0.40f;
    struct Panel {
        const char* name;
        float x, cutoff;
    };
    for (const Panel& panel : {Panel{"TestCutoff25", 0.0f, 0.25f}, Panel{"TestCutoffDefault", 1.5f, 0.5f},
                               Panel{"TestCutoff75", 3.0f, 0.75f}}) {
        CAPTURE(std::string(panel.name));
        int cut = 0, kept = 0;
        for (float v = 0.12f; v < 0.88f; v += 0.02f) {
            float a = alphaAt(u, v);
            if (std::abs(a - panel.cutoff) < 0.07f) continue;
            glm::ivec2 at = pixelOf(panel.x, u, v), opaqueAt = pixelOf(-3.0f, u, v);
            auto p = image.rgba(at.x, at.y);
            CAPTURE(v);
            CAPTURE(a);
            if (a < panel.cutoff) {
                ++cut;
                CHECK(diff(p, background) <= 2);
            } else {
                ++kept;
                CHECK(nearestOpaque(opaqueAt, [&](auto& q) { return diff(p, q); }) <= 12);
            }
        }
        CHECK(cut >= 5);
        CHECK(kept >= 5);
    }

    // BLEND: colour · α over the background, composited in linear light.
    int blended = 0;
    for (float v = 0.12f; v < 0.88f; v += 0.02f) {
        float a = alphaAt(u, v);
        if (a < 0.1f || a > 0.9f) continue;
        glm::ivec2 at = pixelOf(-1.5f, u, v), opaqueAt = pixelOf(-3.0f, u, v);
        auto p = image.rgba(at.x, at.y);
        int error = nearestOpaque(opaqueAt, [&](auto& q) {
            std::array<uint8_t, 4> expected{};
            for (int c = 0; c < 3; ++c) {
                float lin =
                    a * test::srgbToLinear(q[size_t(c)] / 255.0f) + (1.0f - a) * test::srgbToLinear(64.0f / 255.0f);
                expected[size_t(c)] = uint8_t(std::lround(test::linearToSrgb(lin) * 255.0f));
            }
            return diff(p, expected);
        });
        CAPTURE(v);
        CAPTURE(a);
        CHECK(error <= 10);
        ++blended;
    }
    CHECK(blended >= 10);

    // OPAQUE ignores the texture's alpha: the top of its ramp (α ≈ 0) is drawn, not background.
    auto top = image.rgba(pixelOf(-3.0f, u, 0.13f).x, pixelOf(-3.0f, u, 0.13f).y);
    CHECK(diff(top, background) > 40);
    test::requireNoGlErrors(*stage.context);
}
