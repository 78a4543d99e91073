// Shading of the Khronos test models on the real driver: normal maps through supplied and
// mirrored tangents (NormalTangentMirrorTest) and the metal/roughness response
// (MetalRoughSpheresNoTextures). Each test skips with a message when the samples are absent.
#include "support/GltfTestSupport.h"

#include <array>
#include <cmath>

#include "core/Str.h"

using namespace th;
using test::GltfStage;

namespace {

/// Mean luma over a world-space rectangle on the z = `z` plane.
float meanLuma(const ImageRgba8& image, const test::PixelProjector& project, glm::vec2 lo, glm::vec2 hi,
               float z = 0.0f) {
    glm::vec2 a = project(glm::vec3(lo, z)), b = project(glm::vec3(hi, z));
    glm::vec3 c = test::meanColor(image, int(std::min(a.x, b.x)), int(std::min(a.y, b.y)), int(std::max(a.x, b.x)) + 1,
                                  int(std::max(a.y, b.y)) + 1);
    return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

} // namespace

TEST_CASE("NormalTangentMirrorTest: mirrored and rotated UV cells are lit from the same side as real geometry") {
    auto file = test::sampleModelPath("NormalTangentMirrorTest");
    if (!test::requireFile(file)) return;
    // The model's left half: five rows of four cells 0.3 wide, each with a dome of radius 0.1.
    // Column 0 is real geometry; columns 1–3 are flat quads with the dome in a normal map,
    // read through supplied tangents with UVs rotated per row, mirrored in V (column 2) and in
    // U (column 3, tangent w = −1). A lost handedness or a flipped green channel lights those
    // domes from the wrong side.
    const float columns[] = {-1.275f, -0.955f, -0.629f, -0.291f};
    const float rows[] = {0.8f, 0.4f, 0.0f, -0.4f, -0.8f};
    GltfStage stage(GlApi::Gles30, 800, 640);
    stage.load(file);
    stage.conventionCamera();
    auto project = stage.projector();
    struct Side {
        const char* name;
        glm::vec3 lightTravel;
        glm::vec2 towardLight; ///< from the dome's centre towards its lit side
    };
    for (const Side& side :
         {Side{"from the left", {1.0f, 0.0f, -0.6f}, {-1, 0}}, Side{"from above", {0.0f, -1.0f, -0.6f}, {0, 1}}}) {
        CAPTURE(std::string(side.name));
        stage.scene.lights.clear();
        stage.addSunLight(side.lightTravel, 2.0f);
        ImageRgba8 image = stage.render();
        test::dumpImage(image, str("normal-tangent-mirror-", side.towardLight.x < 0 ? "left" : "top"));
        glm::vec2 across(side.towardLight.y, side.towardLight.x);
        for (float y : rows) {
            float geometryContrast = 0.0f;
            for (int column = 0; column < 4; ++column) {
                CAPTURE(y);
                CAPTURE(column);
                glm::vec2 centre(columns[column], y);
                // Two 0.06 × 0.06 windows on either side of the dome's centre.
                auto window = [&](float sign) {
                    glm::vec2 c = centre + side.towardLight * (0.05f * sign);
                    glm::vec2 half = glm::abs(side.towardLight) * 0.025f + glm::abs(across) * 0.03f;
                    return meanLuma(image, project, c - half, c + half);
                };
                float lit = window(1.0f), dark = window(-1.0f);
                float contrast = (lit - dark) / std::max(lit + dark, 1.0f);
                MESSAGE("row ", y, " column ", column, ": lit side ", lit, ", far side ", dark, ", contrast ",
                        contrast);
                CHECK(lit > dark + 15.0f);
                if (column == 0)
                    geometryContrast = contrast;
                else
                    CHECK(std::abs(contrast - geometryContrast) < 0.5f * geometryContrast);
            }
        }
    }
    test::requireNoGlErrors(*stage.context);
}

TEST_CASE("MetalRoughSpheresNoTextures: highlights fade with roughness and metals tint them") {
    auto file = test::sampleModelPath("MetalRoughSpheresNoTextures");
    if (!test::requireFile(file)) return;
    // 7 × 7 spheres of radius 0.35 mm, 1 mm apart: roughness 0 → 1 along +X, metalness 0 → 1
    // along +Y; grey ones at z = 0, gold ones 3 mm behind. Each check hides the other set.
    constexpr float kSpacing = 0.001f, kRadius = 0.00035f;
    GltfStage stage(GlApi::Gles30, 640, 640);
    stage.load(file);
    stage.node("Labels").visible = false;
    stage.useStudio();
    stage.conventionCamera();

    // The brightest pixels of a sphere (inside 85% of its radius): their mean colour, and the
    // median luma of the whole disc.
    struct Highlight {
        glm::vec3 colour;
        float peak, median;
    };
    auto highlight = [&](const ImageRgba8& image, glm::vec3 centre) {
        auto project = stage.projector();
        glm::vec2 c = project(centre);
        float r = project.scaleAt(centre) * kRadius * 0.85f;
        std::vector<std::array<uint8_t, 4>> pixels;
        test::forEachPixel(image, int(c.x - r), int(c.y - r), int(c.x + r) + 1, int(c.y + r) + 1,
                           [&](int x, int y, auto& p) {
                               float dx = float(x) + 0.5f - c.x, dy = float(y) + 0.5f - c.y;
                               if (dx * dx + dy * dy < r * r) pixels.push_back(p);
                           });
        REQUIRE(pixels.size() > 50);
        std::sort(pixels.begin(), pixels.end(), [](auto& a, auto& b) { return test::luma(a) > test::luma(b); });
        Highlight h{glm::vec3(0.0f), 0.0f, test::luma(pixels[pixels.size() / 2])};
        for (size_t i = 0; i < 8; ++i) h.colour += glm::vec3(pixels[i][0], pixels[i][1], pixels[i][2]) / 8.0f;
        h.peak = 0.2126f * h.colour.r + 0.7152f * h.colour.g + 0.0722f * h.colour.b;
        return h;
    };

    SUBCASE("grey spheres: the highlight fades as roughness rises") {
        stage.node("Golden Spheres").visible = false;
        // The studio's top light is 3: the exposure keeps the metals' mirror image below white.
        // A dielectric reflects 4% of the light over its diffuse: its highlight is faint.
        struct Row {
            int metal;
            float exposure, minimumFade;
        };
        for (const Row& row : {Row{0, 1.0f, 10.0f}, Row{6, 0.3f, 60.0f}}) {
            // Plain copies: clang 14 cannot capture structured bindings in CAPTURE's lambda.
            const int metal = row.metal;
            const float exposure = row.exposure, minimumFade = row.minimumFade;
            CAPTURE(metal);
            stage.scene.post.exposure = exposure;
            ImageRgba8 image = stage.render();
            test::dumpImage(image, str("metal-rough-grey-", metal));
            std::vector<float> contrast;
            std::string line;
            for (int rough = 0; rough < 7; ++rough) {
                Highlight h = highlight(image, {float(rough) * kSpacing, float(metal) * kSpacing, 0.0f});
                contrast.push_back(h.peak - h.median);
                line += str(" ", h.peak, "/", h.median);
            }
            MESSAGE("metalness ", metal, "/6, peak/median by roughness:", line);
            for (size_t i = 1; i < contrast.size(); ++i) CHECK(contrast[i] <= contrast[i - 1] + 2.0f);
            CHECK(contrast.front() > contrast.back() + minimumFade);
        }
    }
    SUBCASE("gold spheres: the highlight takes the base colour as metalness rises") {
        stage.node("Gray Spheres").visible = false;
        stage.scene.post.exposure = 0.4f;
        ImageRgba8 image = stage.render();
        test::dumpImage(image, "metal-rough-gold");
        std::vector<float> blueOverRed;
        for (int metal = 0; metal < 7; ++metal) {
            glm::vec3 c = highlight(image, {0.0f, float(metal) * kSpacing, -0.003f}).colour;
            blueOverRed.push_back(c.b / std::max(c.r, 1.0f));
        }
        MESSAGE("highlight blue/red by metalness: ", blueOverRed[0], " ", blueOverRed[1], " ", blueOverRed[2], " ",
                blueOverRed[3], " ", blueOverRed[4], " ", blueOverRed[5], " ", blueOverRed[6]);
        for (size_t i = 1; i < blueOverRed.size(); ++i) CHECK(blueOverRed[i] <= blueOverRed[i - 1] + 0.03f);
        CHECK(blueOverRed.front() > blueOverRed.back() + 0.2f);
    }
    test::requireNoGlErrors(*stage.context);
}
