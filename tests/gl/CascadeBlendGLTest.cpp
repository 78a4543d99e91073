// Sun cascades blend over a band before each split, so no seam shows where the shadow texel
// size changes: along lines on the floor crossing the split (image columns through a wall's
// shadow edge, which the cascades resolve at different widths), no step between neighbouring
// rows is larger than a small threshold. With the blend off the same lines show the seam.
#include "support/GlTestSupport.h"
#include "support/SunShadowStage.h"

#include <algorithm>
#include <cstdlib>
#include <string>

using namespace th;
using namespace th::test;

namespace {

constexpr int kSize = 256;

struct Seam {
    int largestStep = 0;  ///< between neighbouring rows, in 8-bit red, over the columns near the edge
    int stepRow = 0;
    float split = 0.0f;
    int lit = 0;          ///< the floor's value away from the shadow
};

Seam measure(Context& context, float cascadeBlend) {
    RendererOptions options = testRendererOptions();
    options.shadows.cascades = 2;
    options.shadows.mapSize = 512;
    options.shadows.maxDistance = 100.0f;
    options.shadows.cascadeBlend = cascadeBlend;
    Renderer renderer(context, options);
    SunShadowStage s = sunShadowStage();
    RenderTarget output(kSize, kSize, TextureFormat::RGBA8, "output");
    ImageRgba8 image = renderImage(renderer, *s.scene, s.camera, output);
    dumpImage(image, std::string("cascade-blend-") + toString(context.api()) + (cascadeBlend > 0 ? "" : "-off"));
    REQUIRE(renderer.cascades().count == 2);
    Seam seam;
    seam.split = renderer.cascades().cascades[0].splitFar;
    // Rows from half the split's depth to one and a half of it (the blend band lies before
    // the split); columns across the penumbra of both cascades.
    int rowNear = rowAtDepth(s, kSize, kSize, seam.split * 0.5f);
    int rowFar = rowAtDepth(s, kSize, kSize, seam.split * 1.5f);
    REQUIRE(rowFar < rowNear);
    REQUIRE(rowFar >= 0);
    REQUIRE(rowNear < kSize - 1);
    int centre = kSize / 2;
    for (int row = rowFar; row < rowNear; ++row) {
        std::vector<int> a = rowValues(image, row, centre - 40, centre + 40);
        std::vector<int> b = rowValues(image, row + 1, centre - 40, centre + 40);
        for (size_t i = 0; i < a.size(); ++i) {
            int step = std::abs(a[i] - b[i]);
            if (step > seam.largestStep) {
                seam.largestStep = step;
                seam.stepRow = row;
            }
        }
    }
    // The floor on the lit side of the edge (which side that is follows from the view).
    seam.lit = std::max(image.rgba(centre + 60, (rowNear + rowFar) / 2)[0], image.rgba(centre - 60, (rowNear + rowFar) / 2)[0]);
    MESSAGE(std::string(toString(context.api())), ", blend ", cascadeBlend, ": split at ", seam.split, " m (rows ", rowFar, "-", rowNear,
            "), largest step ", seam.largestStep, " at row ", seam.stepRow, ", lit floor ", seam.lit);
    CHECK(renderer.stats().errorDraws == 0);
    requireNoGlErrors(context);
    return seam;
}

} // namespace

TEST_CASE("no visible seam at a sun cascade split: the cascades blend, and without the blend the seam shows") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto context = makeTestContext(api, kSize, kSize);
        Seam blended = measure(*context, ShadowSettings{}.cascadeBlend); // the default band
        Seam hard = measure(*context, 0.0f);
        // The floor is lit well inside the 8-bit range, so a seam could show.
        CHECK(blended.lit > 80);
        CHECK(blended.lit < 250);
        // A step of 20 in 255 between neighbouring rows is a gentle gradient; the hard split is
        // several times that.
        CHECK(blended.largestStep <= 20);
        CHECK(hard.largestStep > 60);
    }
}
