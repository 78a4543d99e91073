// The high tier's shadow filter (16 Poisson-disc taps rotated per pixel) draws a wider
// penumbra than 3×3 PCF on the same shadow edge: the sun's, across a wall's shadow in the
// first cascade, and a spot light's, across a box's shadow.
#include "support/GlTestSupport.h"
#include "support/SunShadowStage.h"

#include <string>

using namespace th;
using namespace th::test;

namespace {

constexpr int kSize = 256;

/// Columns between the last one darker than 10 % of `lit` and the first one brighter than
/// 90 %, on a profile from the dark side to the lit side, averaged over its rows first.
int penumbraWidth(const std::vector<float>& profile, float lit) {
    int lastDark = -1, firstLit = int(profile.size());
    for (int i = 0; i < int(profile.size()); ++i)
        if (profile[size_t(i)] < 0.1f * lit) lastDark = i;
    for (int i = int(profile.size()) - 1; i > lastDark; --i)
        if (profile[size_t(i)] > 0.9f * lit) firstLit = i;
    return firstLit - lastDark;
}

struct Penumbra {
    int width = 0;
    float lit = 0;
};

/// The sun's penumbra across the wall's shadow edge at 70 % of the first cascade's depth.
Penumbra sunPenumbra(Context& context, ShadowFilter filter) {
    RendererOptions options = testRendererOptions();
    options.shadows.cascades = 2;
    options.shadows.mapSize = 512;
    options.shadows.maxDistance = 100.0f;
    options.shadows.filter = filter;
    Renderer renderer(context, options);
    SunShadowStage s = sunShadowStage();
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    ImageRgba8 image = renderImage(renderer, *s.scene, s.camera, output);
    dumpImage(image, std::string("soft-shadow-sun-") + toString(filter) + "-" + toString(context.api()));
    float split = renderer.cascades().cascades[0].splitFar;
    int row = rowAtDepth(s, kSize, kSize, split * 0.7f);
    REQUIRE(row > 2);
    REQUIRE(row < kSize - 3);
    // The shadow lies on the wall's side of the edge: which side of the image that is
    // follows from the view; orient the profile dark to lit.
    std::vector<float> profile(81, 0.0f);
    for (int r = row - 2; r <= row + 2; ++r) {
        std::vector<int> v = rowValues(image, r, kSize / 2 - 40, kSize / 2 + 40);
        for (size_t i = 0; i < v.size(); ++i) profile[i] += float(v[i]) / 5.0f;
    }
    if (profile.front() > profile.back()) std::reverse(profile.begin(), profile.end());
    Penumbra p{0, profile.back()};
    p.width = penumbraWidth(profile, p.lit);
    MESSAGE(std::string(toString(context.api())), " sun, ", std::string(toString(filter)), ": penumbra ", p.width, " px at row ", row, ", lit ", p.lit);
    CHECK(profile.front() < 0.1f * p.lit);
    CHECK(renderer.stats().errorDraws == 0);
    return p;
}

/// A spot light's penumbra across a box's shadow edge (the floor seen from above).
Penumbra spotPenumbra(Context& context, ShadowFilter filter) {
    RendererOptions options = testRendererOptions();
    options.shadows.filter = filter;
    options.shadows.spotMapSize = 256;
    Renderer renderer(context, options);
    auto scene = darkScene();
    addMesh(*scene, "floor", floorMesh(30.0f), greyMaterial("floor"));
    addMesh(*scene, "box", boxMesh(glm::vec3(2.0f, 0.2f, 2.0f)), greyMaterial("box"), {0, 2.0f, 0});
    Light spot = spotLight({0, 6, 0}, {0, 0, 0}, 0.9f, 20.0f, 120.0f);
    spot.castShadows = true;
    scene->lights = {spot};
    Camera camera = topCamera({2.0f, 0, 0}, 6.0f);
    camera.yfov = 0.5f;
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    ImageRgba8 image = renderImage(renderer, *scene, camera, output);
    dumpImage(image, std::string("soft-shadow-spot-") + toString(filter) + "-" + toString(context.api()));
    // The box's shadow on the floor ends at x = 1 · 6 / 4 = 1.5 m; across it, along +x.
    glm::ivec2 from = toPixel(camera, kSize, kSize, {0.9f, 0, 0}), to = toPixel(camera, kSize, kSize, {2.1f, 0, 0});
    std::vector<float> profile;
    for (int x = from.x; x <= to.x; ++x) {
        float sum = 0;
        for (int r = from.y - 2; r <= from.y + 2; ++r) sum += float(image.rgba(x, r)[0]);
        profile.push_back(sum / 5.0f);
    }
    Penumbra p{0, profile.back()};
    p.width = penumbraWidth(profile, p.lit);
    MESSAGE(std::string(toString(context.api())), " spot, ", std::string(toString(filter)), ": penumbra ", p.width, " px, lit ", p.lit);
    CHECK(profile.front() < 0.1f * p.lit);
    CHECK(p.lit > 60);
    CHECK(renderer.stats().errorDraws == 0);
    return p;
}

} // namespace

TEST_CASE("the Poisson filter gives a wider penumbra than 3x3 PCF on the same edge - sun and spot, both APIs") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = makeTestContext(api, kSize, kSize);
        Penumbra sunPcf = sunPenumbra(*context, ShadowFilter::Pcf3x3);
        Penumbra sunSoft = sunPenumbra(*context, ShadowFilter::Poisson);
        CHECK(sunPcf.width >= 1);
        CHECK(sunSoft.width >= sunPcf.width + 2);
        Penumbra spotPcf = spotPenumbra(*context, ShadowFilter::Pcf3x3);
        Penumbra spotSoft = spotPenumbra(*context, ShadowFilter::Poisson);
        CHECK(spotPcf.width >= 1);
        CHECK(spotSoft.width >= spotPcf.width + 2);
        requireNoGlErrors(*context);
    }
}
