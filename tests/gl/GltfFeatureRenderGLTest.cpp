// glTF features on the real driver with the Khronos samples: EXT_mesh_gpu_instancing
// (SimpleInstancing against the same model with one node per instance),
// KHR_materials_emissive_strength, KHR_texture_transform, COLOR_0, and a skinned model without
// normals drawn in its bind pose (Fox). Each test skips with a message when a sample is absent.
#include "support/GltfTestSupport.h"

#include <array>
#include <cmath>
#include <map>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/ProceduralMeshes.h"
#include "core/Str.h"

using namespace th;
using test::GltfStage;
using test::Hue;

namespace {

/// The same model with every EXT_mesh_gpu_instancing instance turned into a child node.
ImportedModel withoutInstancing(ImportedModel model) {
    size_t count = model.nodes.size();
    for (size_t i = 0; i < count; ++i) {
        if (model.nodes[i].instances.empty()) continue;
        std::vector<glm::mat4> instances = std::move(model.nodes[i].instances);
        int mesh = model.nodes[i].mesh;
        model.nodes[i].instances.clear();
        model.nodes[i].mesh = -1;
        for (size_t k = 0; k < instances.size(); ++k) {
            ImportedNode child;
            child.name = str(model.nodes[i].name, " instance ", k);
            child.local = instances[k];
            child.mesh = mesh;
            model.nodes[i].children.push_back(int(model.nodes.size()));
            model.nodes.push_back(std::move(child));
        }
    }
    return model;
}

glm::vec3 worldPosition(Node& node) { return glm::vec3(node.world()[3]); }

/// The model drawn with its instances and again with one node per instance, compared.
struct InstancingComparison {
    ImageRgba8 instanced, separate;
    FrameStats instancedStats, separateStats;
    int covered = 0, differing = 0, worst = 0;
};

InstancingComparison compareInstancing(const ImportedModel& model, const glm::vec3& view, const std::string& name) {
    InstancingComparison c;
    auto renderModel = [&](ImportedModel m, FrameStats& stats) {
        GltfStage stage(GlApi::Gles30, 480, 360);
        stage.add(std::move(m));
        stage.useStudioOrUniform();
        stage.lookAlong(view, {0, 1, 0});
        stage.addSunLight({0.4f, -1.0f, -0.5f}, 2.0f);
        ImageRgba8 image = stage.render();
        stats = stage.renderer->stats();
        test::requireNoGlErrors(*stage.context);
        return image;
    };
    c.instanced = renderModel(model, c.instancedStats);
    c.separate = renderModel(withoutInstancing(model), c.separateStats);
    test::dumpImage(c.instanced, name + "-instanced");
    test::dumpImage(c.separate, name + "-separate");
    for (int y = 0; y < c.instanced.height; ++y)
        for (int x = 0; x < c.instanced.width; ++x) {
            auto a = c.instanced.rgba(x, y), b = c.separate.rgba(x, y);
            if (b != std::array<uint8_t, 4>{64, 64, 64, 255}) ++c.covered;
            int d = std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
            c.worst = std::max(c.worst, d);
            if (d > 3) ++c.differing;
        }
    MESSAGE(name, ": covered ", c.covered, " pixels; ", c.differing, " differ by more than 3 (worst ", c.worst, ")");
    return c;
}

} // namespace

TEST_CASE("SimpleInstancing: every instance renders as the same model with one node per instance does") {
    auto file = test::sampleModelPath("SimpleInstancing");
    if (!test::requireFile(file)) return;
    // 125 cubes with their own translation, rotation and scale, drawn instanced, must match
    // pixel for pixel the cubes drawn as separate nodes.
    ImportedModel model = importGltf(file);
    size_t expectedInstances = 0;
    for (auto& n : model.nodes) expectedInstances += n.instances.size();
    REQUIRE(expectedInstances == 125);
    InstancingComparison c =
        compareInstancing(model, -glm::normalize(glm::vec3(0.6f, 0.5f, 1.0f)), "simple-instancing");
    CHECK(c.instancedStats.instances == 125);
    CHECK(c.instancedStats.mainDrawCalls == 1);
    CHECK(c.separateStats.mainDrawCalls == 125);
    CHECK(c.covered > c.instanced.width * c.instanced.height / 10);
    CHECK(c.differing <= c.covered / 500);
}

TEST_CASE("EXT_mesh_gpu_instancing: a stretched and turned sphere instance is lit like the same sphere as a node") {
    // Instances may scale unevenly: their normals need the inverse transpose of the instance
    // matrix, as a node's do. (A cube hides a wrong normal matrix: its normals stay on axes.)
    ImportedModel model;
    model.sourceName = "stretched spheres";
    model.meshes.push_back(makeUvSphere(1.0f, 48, 24));
    ImportedMaterial grey;
    grey.name = "grey";
    grey.params.baseColorFactor = glm::vec4(0.8f, 0.8f, 0.8f, 1.0f);
    grey.params.metallicFactor = 0.0f;
    grey.params.roughnessFactor = 0.4f;
    model.materials.push_back(grey);
    model.meshes[0].submeshes = {{0, uint32_t(model.meshes[0].indices.size()), 0}};
    ImportedNode node;
    node.name = "spheres";
    node.mesh = 0;
    for (int i = 0; i < 3; ++i) {
        glm::mat4 m = glm::translate(glm::mat4(1.0f), glm::vec3(float(i - 1) * 2.6f, 0.0f, 0.0f));
        m = glm::rotate(m, 0.7f + float(i) * 0.5f, glm::normalize(glm::vec3(1.0f, 1.0f, float(i))));
        node.instances.push_back(glm::scale(m, glm::vec3(1.2f, 0.35f + 0.2f * float(i), 0.8f)));
    }
    model.nodes.push_back(node);
    model.rootNodes = {0};
    InstancingComparison c = compareInstancing(model, {0, 0, -1}, "stretched-spheres");
    CHECK(c.instancedStats.instances == 3);
    CHECK(c.covered > c.instanced.width * c.instanced.height / 20);
    CHECK(c.differing <= c.covered / 500);
}

namespace {

/// A single-sided grey sphere on one node, placed by `local` and, when given, drawn once per
/// EXT_mesh_gpu_instancing matrix.
ImportedModel sphereModel(const glm::mat4& local, std::vector<glm::mat4> instances = {}) {
    ImportedModel model;
    model.sourceName = "sphere.gltf";
    model.meshes.push_back(makeUvSphere(1.0f, 48, 24));
    model.meshes[0].submeshes = {{0, uint32_t(model.meshes[0].indices.size()), 0}};
    ImportedMaterial grey;
    grey.name = "grey";
    grey.params.metallicFactor = 0.0f;
    grey.params.roughnessFactor = 0.5f;
    model.materials.push_back(grey);
    ImportedNode node;
    node.name = "sphere";
    node.mesh = 0;
    node.local = local;
    node.instances = std::move(instances);
    model.nodes.push_back(node);
    model.rootNodes = {0};
    return model;
}

ImageRgba8 renderWindingStage(ImportedModel model, const char* dumpName) {
    GltfStage stage(GlApi::Gles30, 240, 160);
    stage.add(std::move(model));
    stage.conventionCamera();
    stage.addSunLight({0.5f, -0.7f, -0.6f}, 2.0f);
    ImageRgba8 image = stage.render();
    test::requireNoGlErrors(*stage.context);
    test::dumpImage(image, dumpName);
    return image;
}

struct ImageDifference {
    int covered = 0, differing = 0;
};

/// Pixels that are not the stage's background in `a`, and pixels where `a` and `b` differ.
ImageDifference compareWindingImages(const ImageRgba8& a, const ImageRgba8& b) {
    ImageDifference d;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            auto p = a.rgba(x, y), q = b.rgba(x, y);
            if (p != std::array<uint8_t, 4>{64, 64, 64, 255}) ++d.covered;
            if (std::max({std::abs(p[0] - q[0]), std::abs(p[1] - q[1]), std::abs(p[2] - q[2])}) > 3) ++d.differing;
        }
    return d;
}

} // namespace

TEST_CASE("a mirrored node shows its outside faces: a negative determinant flips the winding as glTF says") {
    // A single-sided sphere, once as is and once mirrored in X by its node: the same picture.
    // Drawn with the winding unflipped, the mirrored one would cull its outside and show its
    // inside faces.
    ImageRgba8 plain = renderWindingStage(sphereModel(glm::mat4(1.0f)), "winding-plain");
    ImageRgba8 mirrored = renderWindingStage(sphereModel(glm::scale(glm::mat4(1.0f), {-1, 1, 1})), "winding-mirrored");
    ImageDifference d = compareWindingImages(plain, mirrored);
    MESSAGE(d.covered, " covered pixels, ", d.differing, " differ");
    CHECK(d.covered > plain.width * plain.height / 5);
    CHECK(d.differing <= d.covered / 200);
}

TEST_CASE("mirrored instances show their outside faces, alone or mixed with upright ones in one node") {
    // Two spheres of one EXT_mesh_gpu_instancing node: upright, then with the right one mirrored
    // in X, then both mirrored. A sphere mirrored in X is the same sphere, so all three pictures
    // agree when each instance is drawn with the winding its own matrix asks for.
    const glm::mat4 left = glm::translate(glm::mat4(1.0f), {-1.3f, 0, 0});
    const glm::mat4 right = glm::translate(glm::mat4(1.0f), {1.3f, 0, 0});
    const glm::mat4 flipX = glm::scale(glm::mat4(1.0f), {-1, 1, 1});
    ImageRgba8 upright = renderWindingStage(sphereModel(glm::mat4(1.0f), {left, right}), "instances-upright");
    ImageRgba8 mixed = renderWindingStage(sphereModel(glm::mat4(1.0f), {left, right * flipX}), "instances-mixed");
    ImageRgba8 allMirrored = renderWindingStage(sphereModel(glm::mat4(1.0f), {left * flipX, right * flipX}), "instances-mirrored");
    ImageDifference mixedDiff = compareWindingImages(upright, mixed), mirroredDiff = compareWindingImages(upright, allMirrored);
    MESSAGE(mixedDiff.covered, " covered pixels; ", mixedDiff.differing, " differ when mixed, ", mirroredDiff.differing,
            " when all mirror");
    CHECK(mixedDiff.covered > upright.width * upright.height / 8);
    CHECK(mixedDiff.differing <= mixedDiff.covered / 200);
    CHECK(mirroredDiff.differing <= mirroredDiff.covered / 200);
}

TEST_CASE("the loader splits a node's instances by handedness, and each buffer says which it holds") {
    const glm::mat4 left = glm::translate(glm::mat4(1.0f), {-1.3f, 0, 0});
    const glm::mat4 right = glm::translate(glm::mat4(1.0f), {1.3f, 0, 0});
    const glm::mat4 flipX = glm::scale(glm::mat4(1.0f), {-1, 1, 1});
    GltfStage stage(GlApi::Gles30, 16, 16);
    stage.add(sphereModel(glm::mat4(1.0f), {left, right * flipX, right}));
    Node& node = stage.node("sphere");
    REQUIRE(node.mesh);
    REQUIRE(node.mesh->instanced());
    CHECK(node.mesh->instances()->count() == 2);
    CHECK(node.mesh->instances()->mirroredCount() == 0);
    Node* mirrored = node.find("sphere (mirrored instances)");
    REQUIRE(mirrored != nullptr);
    REQUIRE(mirrored->mesh);
    CHECK(mirrored->mesh->instances()->count() == 1);
    CHECK(mirrored->mesh->instances()->allMirrored());
    CHECK_FALSE(mirrored->mesh->instances()->mixedHandedness());
}

TEST_CASE("EmissiveStrengthTest: a higher emissive strength is brighter") {
    auto file = test::sampleModelPath("EmissiveStrengthTest");
    if (!test::requireFile(file)) return;
    // Five black cubes emitting (0.1, 0.5, 0.9) × strength 1, 2, 4, 8, 16, left to right.
    GltfStage stage(GlApi::Gles30, 800, 400);
    stage.load(file);
    stage.conventionCamera();
    const char* cubes[] = {"Cube1", "Cube2", "Cube4", "Cube8", "Cube16"};
    auto faceColour = [&](const ImageRgba8& image, const char* cube) {
        glm::vec2 c = stage.projector()(worldPosition(stage.node(cube)) + glm::vec3(0, 0, 0.5f));
        return test::meanColor(image, int(c.x) - 3, int(c.y) - 3, int(c.x) + 4, int(c.y) + 4);
    };

    // Unlit by anything else and without a tone curve, strength 1 is the factor itself.
    ImageRgba8 plain = stage.render();
    test::dumpImage(plain, "emissive-plain");
    glm::vec3 one = faceColour(plain, "Cube1");
    glm::vec3 expected(test::linearToSrgb(0.1f) * 255.0f, test::linearToSrgb(0.5f) * 255.0f,
                       test::linearToSrgb(0.9f) * 255.0f);
    CAPTURE(one.r);
    CAPTURE(one.g);
    CAPTURE(one.b);
    CHECK(std::abs(one.r - expected.r) < 3.0f);
    CHECK(std::abs(one.g - expected.g) < 3.0f);
    CHECK(std::abs(one.b - expected.b) < 3.0f);

    // In the studio with the PBR Neutral curve, every step up in strength is brighter.
    stage.useStudio();
    stage.scene.post.toneMapping = ToneMapping::PbrNeutral;
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "emissive-studio");
    float previous = -1.0f;
    for (const char* cube : cubes) {
        glm::vec3 c = faceColour(image, cube);
        float luma = 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
        MESSAGE(std::string(cube), ": ", c.r, ",", c.g, ",", c.b, " luma ", luma);
        CHECK(luma > previous + 2.0f);
        previous = luma;
    }
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("TextureTransformTest: offset rotation and scale move the texture as KHR_texture_transform says") {
    auto file = test::sampleModelPath("TextureTransformTest");
    if (!test::requireFile(file)) return;
    GltfStage stage(GlApi::Gles30, 800, 600);
    stage.load(file);
    stage.useStudio();
    stage.conventionCamera();
    stage.addSunLight(glm::vec3(0.2f, -0.3f, -1.0f), 1.5f);
    // Markers show where the arrow must point; hidden so the arrow is measured alone.
    struct Arrow {
        const char* quad;
        const char* correct;
        std::vector<const char*> wrong;
    };
    const Arrow arrows[] = {{"Rotation", "Rotation - Correct", {"Rotation - Not Supported", "Rotation - Error"}},
                            {"Scale", "Scale - Correct", {"Scale - Not Supported"}},
                            {"All", "All - Correct", {}}};
    std::map<std::string, glm::vec3> markers;
    stage.scene.update();
    for (const Arrow& a : arrows) {
        std::vector<const char*> names = a.wrong;
        names.push_back(a.correct);
        for (const char* name : names) {
            markers[name] = worldPosition(stage.node(name));
            stage.node(name).visible = false;
        }
    }
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "texture-transform");
    auto project = stage.projector();

    // Top row: UV (0,0)–(0.5,0.5) offset by (0.5,0), (0,0.5), (0.5,0.5) shows the green, blue and
    // cyan quarter of the texture; an ignored offset shows the yellow one.
    struct Offset {
        const char* quad;
        Hue hue;
    };
    for (const Offset& o :
         {Offset{"Offset U", Hue::Green}, Offset{"Offset V", Hue::Blue}, Offset{"Offset UV", Hue::Cyan}}) {
        CAPTURE(std::string(o.quad));
        glm::vec3 centre = worldPosition(stage.node(o.quad));
        // The quad's top-left area: plain colour, away from the check mark.
        glm::vec2 a = project(centre + glm::vec3(-0.42f, 0.42f, 0.0f)),
                  b = project(centre + glm::vec3(-0.3f, 0.3f, 0.0f));
        glm::vec3 c = test::meanColor(image, int(a.x), int(a.y), int(b.x), int(b.y));
        MESSAGE(std::string(o.quad), ": ", c.r, ",", c.g, ",", c.b);
        CHECK(test::hasHue({uint8_t(c.r), uint8_t(c.g), uint8_t(c.b), 255}, o.hue));
    }

    // Bottom row: the arrow points at the marker of the correct transform and its tip ends
    // there; rotation the wrong way or not at all, or no scale, puts it at another marker.
    for (const Arrow& arrow : arrows) {
        CAPTURE(std::string(arrow.quad));
        glm::vec3 centre = worldPosition(stage.node(arrow.quad));
        glm::vec2 a = project(centre + glm::vec3(-0.48f, 0.48f, 0.0f)),
                  b = project(centre + glm::vec3(0.48f, -0.48f, 0.0f));
        std::vector<glm::vec2> dark;
        test::forEachPixel(image, int(a.x), int(a.y), int(b.x), int(b.y), [&](int x, int y, auto& p) {
            if (test::luma(p) < 50.0f) dark.push_back({float(x) + 0.5f, float(y) + 0.5f});
        });
        REQUIRE(dark.size() > 100);
        glm::vec2 centroid(0.0f);
        for (auto& d : dark) centroid += d / float(dark.size());
        glm::vec2 correct = project(markers[arrow.correct]);
        // The arrow's direction: its pixels' principal axis, turned towards the correct marker.
        glm::dmat2 m(0.0);
        for (auto& d : dark) m += glm::outerProduct(glm::dvec2(d - centroid), glm::dvec2(d - centroid));
        double angle = 0.5 * std::atan2(2.0 * m[0][1], m[0][0] - m[1][1]);
        glm::vec2 axis(float(std::cos(angle)), float(std::sin(angle)));
        if (glm::dot(axis, correct - centroid) < 0.0f) axis = -axis;
        glm::vec2 tip = centroid;
        for (auto& d : dark)
            if (glm::dot(d - centroid, axis) > glm::dot(tip - centroid, axis)) tip = d;
        float toCorrect = glm::length(tip - correct);
        float pixelsPerUnit = project.scaleAt(centre);
        MESSAGE(std::string(arrow.quad), ": pointing ", test::axisAngleDegrees(axis, correct - centroid),
                "° off the correct marker, tip ", toCorrect / pixelsPerUnit, " from it");
        CHECK(test::axisAngleDegrees(axis, correct - centroid) < 6.0f);
        CHECK(toCorrect < 0.2f * pixelsPerUnit); // the markers sit just beyond the tip
        for (const char* wrong : arrow.wrong) {
            glm::vec2 w = project(markers[wrong]);
            MESSAGE(std::string(wrong), ": tip ", glm::length(tip - w) / pixelsPerUnit, " from it");
            CHECK(glm::length(tip - w) > toCorrect + 0.2f * pixelsPerUnit);
        }
    }
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("VertexColorTest: COLOR_0 multiplies the base colour") {
    auto file = test::sampleModelPath("VertexColorTest");
    if (!test::requireFile(file)) return;
    // The top row's checks are white-on-black textures crossed by an X in the other two
    // channels; vertex colours of pure red, green and blue leave only the check. The bottom
    // row is the same with white vertex colours.
    GltfStage stage(GlApi::Gles30, 600, 600);
    stage.load(file);
    stage.useStudio();
    stage.conventionCamera();
    stage.addSunLight(glm::vec3(0.1f, -0.2f, -1.0f), 1.5f);
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "vertex-colors");
    auto project = stage.projector();
    const float zScale = 0.07413393f, z = 0.487f * zScale;
    struct Cell {
        float x0, x1;
        int channel;
    };
    for (const Cell& cell : {Cell{-0.779f, -0.317f, 0}, Cell{-0.231f, 0.231f, 1}, Cell{0.361f, 0.823f, 2}}) {
        CAPTURE(cell.channel);
        auto share = [&](float y0, float y1, const std::function<bool(const std::array<uint8_t, 4>&)>& f) {
            glm::vec2 a = project({cell.x0 + 0.03f, y1 - 0.03f, z}), b = project({cell.x1 - 0.03f, y0 + 0.03f, z});
            return test::shareOf(image, int(a.x), int(a.y), int(b.x), int(b.y), f);
        };
        auto inChannel = [&](auto& p) { return p[size_t(cell.channel)] > 100; };
        auto otherChannels = [&](auto& p) {
            return p[size_t((cell.channel + 1) % 3)] > 70 || p[size_t((cell.channel + 2) % 3)] > 70;
        };
        double testCheck = share(0.109f, 0.572f, inChannel), testOther = share(0.109f, 0.572f, otherChannels);
        double sampleCheck = share(-0.759f, -0.297f, inChannel);
        MESSAGE("channel ", cell.channel, ": check ", testCheck, " (sample row ", sampleCheck, "), other channels ",
                testOther);
        CHECK(testCheck > 0.1);
        CHECK(std::abs(testCheck - sampleCheck) < 0.35 * sampleCheck);
        CHECK(testOther < 0.01);
    }
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("Fox: a skinned model without normals renders its bind pose lit with generated normals") {
    auto file = test::sampleModelPath("Fox");
    if (!test::requireFile(file)) return;
    GltfStage stage(GlApi::Gles30, 480, 320);
    stage.load(file);
    REQUIRE(!stage.model.meshes.empty());
    CHECK(!stage.model.meshes[0].normals.empty()); // generated: the file has none
    stage.useStudio();
    stage.lookAlong({-1, 0, 0}, {0, 1, 0}); // from the side: the fox faces +Z
    stage.addSunLight(glm::vec3(-1.0f, -1.0f, -0.3f), 2.0f);
    ImageRgba8 image = stage.render();
    test::dumpImage(image, "fox");
    std::vector<float> lumas;
    test::forEachPixel(image, 0, 0, image.width, image.height, [&](int, int, auto& p) {
        if (p != std::array<uint8_t, 4>{64, 64, 64, 255}) lumas.push_back(test::luma(p));
    });
    double mean = 0, variance = 0;
    int black = 0;
    for (float l : lumas) {
        mean += l;
        if (l < 12.0f) ++black;
    }
    mean /= std::max<size_t>(lumas.size(), 1);
    for (float l : lumas) variance += (l - mean) * (l - mean);
    double deviation = std::sqrt(variance / std::max<size_t>(lumas.size(), 1));
    MESSAGE(lumas.size(), " covered pixels, mean luma ", mean, ", deviation ", deviation, ", black ", black);
    CHECK(lumas.size() > size_t(image.width * image.height / 20));
    CHECK(mean > 50.0);
    CHECK(black < int(lumas.size() / 50));
    CHECK(deviation > 8.0); // facets turned to and away from the light differ
    test::requireNoGlErrors(*stage.context);
}
