// Wing on the real driver: every variant compiles in GLSL ES 3.00 and 330 (and passes
// glslangValidator); the wing tips move and the body does not; a non-instanced copy holds
// its wings still unless given a mesh beat; and the normals turn with the wings, so the wing
// raised towards a low sun is the lit one.
#include "support/PluginGlTestSupport.h"

#include <cstdlib>

#include "plugins/wing/WingPlugin.h"
#include "support/PluginTestSupport.h"

using namespace th;

namespace {

constexpr int kSize = 160;
constexpr float kHalfSpan = 0.5f;
constexpr float kAmp = 0.8f;

struct BirdScene {
    Scene scene;
    Camera camera;
    std::shared_ptr<PbrMaterial> material;
    std::shared_ptr<WingPlugin> wing;
};

std::unique_ptr<BirdScene> makeBirdScene(bool instanced, bool lit) {
    auto s = std::make_unique<BirdScene>();
    test::plainScene(s->scene, {0, 0, 1});
    if (lit) {
        s->scene.sky.hour = 7.0f; // a low sun from the east (+X)
        s->scene.sky.sunIlluminance = 2.0f;
        PbrParams p;
        p.baseColorFactor = {0.6f, 0.6f, 0.6f, 1.0f};
        p.metallicFactor = 0.0f;
        p.roughnessFactor = 1.0f;
        s->material = std::make_shared<PbrMaterial>("bird", p);
    } else {
        s->scene.sunLight = false;
        s->material = test::flatMaterial("bird", {1, 0, 0});
    }
    s->material->setDoubleSided(true);
    s->wing = std::make_shared<WingPlugin>(WingSettings::raven(kHalfSpan));
    s->material->addPlugin(s->wing);
    auto mesh = test::makeMesh(test::birdMesh(kHalfSpan), s->material);
    mesh->castShadows = false;
    if (instanced) {
        auto instances = std::make_shared<InstanceBuffer>("ravens");
        instances->setMatrices({glm::mat4(1.0f)});
        instances->setStream(WingPlugin::kBeatStream, 2, {0.0f, kAmp});
        mesh->setInstances(instances);
    }
    s->scene.root().addChild("bird").mesh = mesh;
    s->camera.position = {0.0f, 0.8f, 2.0f};
    s->camera.target = {0.0f, 0.0f, 0.0f};
    s->camera.yfov = 0.7f;
    return s;
}

bool isBird(std::array<uint8_t, 4> c) { return !(c[0] < 40 && c[1] < 40 && c[2] > 200); }

// The bird's pixel columns: the outer fifth on each side (tips) and the few middle columns
// that only the body reaches (the wing roots sit at the body's sides).
struct Columns {
    int left = 0, right = 0;
    bool tip(int x) const { return x < left + (right - left) / 5 || x > right - (right - left) / 5; }
    bool body(int x) const { return std::abs(x - (left + right) / 2) <= 2; }
};

Columns columnsOf(const ImageRgba8& image) {
    Columns c{image.width, -1};
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            if (isBird(image.rgba(x, y))) c.left = std::min(c.left, x), c.right = std::max(c.right, x);
    return c;
}

struct Motion {
    int tip = 0;        ///< changed pixels in the tip columns
    int bodyShift = 0;  ///< largest move (rows) of the body's top or bottom edge in its middle columns
    int bodyPixels = 0;
};

// The topmost and bottommost bird rows in column x (−1 when empty).
std::pair<int, int> extent(const ImageRgba8& image, int x) {
    int top = -1, bottom = -1;
    for (int y = 0; y < image.height; ++y)
        if (isBird(image.rgba(x, y))) {
            if (top < 0) top = y;
            bottom = y;
        }
    return {top, bottom};
}

// What moved between two frames: pixels in the tip columns, and the body's outline in its
// middle columns. The body's own sides sit a few centimetres off the axis and so turn by a
// few milliradians with the beat (everything with x ≠ 0 does, in proportion to |x|): a
// millimetre, under a pixel here.
Motion motion(const ImageRgba8& a, const ImageRgba8& b, const Columns& c) {
    Motion m;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            if (c.tip(x)) m.tip += a.rgba(x, y) != b.rgba(x, y);
            if (c.body(x)) m.bodyPixels += isBird(a.rgba(x, y));
        }
    for (int x = 0; x < a.width; ++x) {
        if (!c.body(x)) continue;
        auto [ta, ba] = extent(a, x);
        auto [tb, bb] = extent(b, x);
        m.bodyShift = std::max({m.bodyShift, std::abs(ta - tb), std::abs(ba - bb)});
    }
    return m;
}

const double kOmega = snapHertz(kRavenWingHertz);
const double kUp = (kTwoPi / 4.0) / kOmega;          // sin = +1: tips raised by kAmp
const double kDown = (3.0 * kTwoPi / 4.0) / kOmega;  // sin = −1: tips lowered
const double kFlat = 0.0;                             // sin = 0: wings level

} // namespace

TEST_CASE("wing compiles in every pass and variant on the real driver, both APIs, and glslangValidator agrees") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        test::PluginStage stage(api, 16, 16);
        {
            Renderer& renderer = stage.renderer();
            auto material = std::make_shared<PbrMaterial>("raven");
            material->setDoubleSided(true);
            auto wing = std::make_shared<WingPlugin>(WingSettings::raven(0.4f));
            material->addPlugin(wing);
            test::compileEveryVariant(renderer, *material, [](RenderPass, bool instanced, const std::string& vs, const std::string&) {
                CHECK(test::has(vs, "normalUpdated = wingRotate("));
                CHECK(test::has(vs, "wingBeatNow = wingBeat;") == instanced);
            });
            wing->setActive(false);
            test::compileEveryVariant(renderer, *material, [](RenderPass, bool, const std::string& vs, const std::string&) {
                CHECK_FALSE(test::has(vs, "wingRotate"));
            });
            stage.requireNoGlErrors();
        }
    }
}

TEST_CASE("wing tips move and the body does not, in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        test::PluginStage stage(api, kSize, kSize);
        {
            Renderer& renderer = stage.renderer();
            RenderTarget& output = stage.output();
            auto s = makeBirdScene(true, false);
            ImageRgba8 flat = test::renderImage(renderer, s->scene, s->camera, output, kFlat);
            ImageRgba8 up = test::renderImage(renderer, s->scene, s->camera, output, kUp);
            ImageRgba8 down = test::renderImage(renderer, s->scene, s->camera, output, kDown);
            test::dumpImage(up, "wing-up");
            test::dumpImage(down, "wing-down");
            Columns columns = columnsOf(flat);
            REQUIRE(columns.right - columns.left > 60);
            Motion m = motion(up, down, columns);
            MESSAGE("bird spans columns ", columns.left, "..", columns.right, "; changed pixels in the tip columns ", m.tip,
                    "; body outline moved ", m.bodyShift, " rows (", m.bodyPixels, " body pixels)");
            CHECK(m.tip > 50);
            CHECK(m.bodyPixels > 20);
            CHECK(m.bodyShift <= 1);
            // Raised tips sit higher on screen than lowered ones.
            auto meanTipRow = [&](const ImageRgba8& image) {
                double sum = 0;
                int n = 0;
                for (int y = 0; y < image.height; ++y)
                    for (int x = 0; x < image.width; ++x)
                        if (columns.tip(x) && isBird(image.rgba(x, y))) sum += y, ++n;
                return n ? sum / n : 0.0;
            };
            CHECK(meanTipRow(up) + 10.0 < meanTipRow(down));
            CHECK(renderer.stats().errorDraws == 0);
            stage.requireNoGlErrors();
        }
    }
}

TEST_CASE("a non-instanced copy holds its wings still unless the material gives it a beat") {
    test::PluginStage stage(GlApi::Gles30, kSize, kSize);
    {
        Renderer& renderer = stage.renderer();
        RenderTarget& output = stage.output();
        auto s = makeBirdScene(false, false);
        ImageRgba8 up = test::renderImage(renderer, s->scene, s->camera, output, kUp);
        ImageRgba8 down = test::renderImage(renderer, s->scene, s->camera, output, kDown);
        CHECK(up.pixels == down.pixels);
        s->wing->setMeshBeat({0.0f, kAmp}); // a uniform: no rebuild
        ImageRgba8 up2 = test::renderImage(renderer, s->scene, s->camera, output, kUp);
        ImageRgba8 down2 = test::renderImage(renderer, s->scene, s->camera, output, kDown);
        Motion m = motion(up2, down2, columnsOf(up));
        CHECK(m.tip > 50);
        CHECK(m.bodyShift <= 1);
        stage.requireNoGlErrors();
    }
}

TEST_CASE("wing normals turn with the wing: the wing raised towards a low sun is the lit one") {
    test::PluginStage stage(GlApi::Gles30, kSize, kSize);
    {
        Renderer& renderer = stage.renderer();
        RenderTarget& output = stage.output();
        auto s = makeBirdScene(true, true);
        ImageRgba8 flat = test::renderImage(renderer, s->scene, s->camera, output, kFlat);
        ImageRgba8 up = test::renderImage(renderer, s->scene, s->camera, output, kUp);
        ImageRgba8 down = test::renderImage(renderer, s->scene, s->camera, output, kDown);
        test::dumpImage(flat, "wing-lit-flat");
        test::dumpImage(up, "wing-lit-up");
        test::dumpImage(down, "wing-lit-down");
        Columns c = columnsOf(flat);
        int middle = (c.left + c.right) / 2;
        // Mean green level of the outer half of each wing (screen left = the bird's −X wing).
        auto wingLevel = [&](const ImageRgba8& image, bool rightWing) {
            double sum = 0;
            int n = 0;
            for (int y = 0; y < image.height; ++y)
                for (int x = 0; x < image.width; ++x) {
                    bool outer = rightWing ? x > middle + (c.right - middle) / 2 : x < middle - (middle - c.left) / 2;
                    if (outer && isBird(image.rgba(x, y))) sum += image.rgba(x, y)[1], ++n;
                }
            return n ? sum / n : 0.0;
        };
        double flatL = wingLevel(flat, false), flatR = wingLevel(flat, true);
        double upL = wingLevel(up, false), upR = wingLevel(up, true);
        double downL = wingLevel(down, false), downR = wingLevel(down, true);
        MESSAGE("wing levels (left, right): flat ", flatL, ", ", flatR, "; up ", upL, ", ", upR, "; down ", downL, ", ", downR);
        // Level wings face up alike; raised, the −X wing tilts towards the eastern sun and the
        // +X wing away; lowered, the other way round.
        CHECK(std::abs(flatL - flatR) < 10.0);
        CHECK(upL > upR + 30.0);
        CHECK(downR > downL + 30.0);
        stage.requireNoGlErrors();
    }
}
