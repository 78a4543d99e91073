// Compressed glTF drawn, in GL 3.3 and ES 3.0: a sphere compressed with EXT_meshopt_compression
// and with KHR_draco_mesh_compression (made here with the libraries' encoders) renders the same
// image as the uncompressed file, and a triangle textured with an EXT_texture_webp image like
// its PNG twin. (GltfCompressionTest checks what they import to.)
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "support/Base64.h"
#include "support/GltfCompressedFiles.h"
#include "support/GltfTestSupport.h"

#include "core/Log.h"
#include "core/Str.h"

using namespace th;
using namespace th::test;

namespace {

ImageRgba8 renderFile(GlApi api, const std::string& text, const char* name) {
    GltfStage stage(api, 160, 120);
    stage.add(importGltfFromMemory(text, ".", name));
    CHECK(stage.model.warnings.empty());
    stage.useStudioOrUniform();
    stage.addSunLight({0.4f, -1.0f, -0.5f}, 2.0f);
    stage.conventionCamera();
    ImageRgba8 image = stage.render();
    requireNoGlErrors(*stage.context);
    CHECK(stage.renderer->stats().errorDraws == 0);
    return image;
}

struct Comparison {
    int covered = 0, differing = 0, worst = 0;
};

/// Pixels that differ from the background in `reference`, and how many of all pixels differ
/// between the two images by more than `tolerance` in a channel.
Comparison compare(const ImageRgba8& reference, const ImageRgba8& other, int tolerance) {
    Comparison c;
    REQUIRE(reference.width == other.width);
    REQUIRE(reference.height == other.height);
    for (int y = 0; y < reference.height; ++y)
        for (int x = 0; x < reference.width; ++x) {
            auto a = reference.rgba(x, y), b = other.rgba(x, y);
            if (a != std::array<uint8_t, 4>{64, 64, 64, 255}) ++c.covered;
            int d = std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
            c.worst = std::max(c.worst, d);
            if (d > tolerance) ++c.differing;
        }
    return c;
}

} // namespace

TEST_CASE("a sphere compressed with meshopt and with Draco renders as the uncompressed file does") {
    const TestMesh m = testMesh();
    MeshoptFile meshopt = meshoptFile(m);
    const std::string plainText = plainFile(m), meshoptText = meshopt.text(m);
    // 14-bit positions on a 1 m sphere: 0.06 mm steps; 10-bit normals shade within a level or two.
    const std::string dracoText = dracoFile(m, dracoStream(m, 14, 10), false);
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        ImageRgba8 plain = renderFile(api, plainText, "plain.gltf");
        ImageRgba8 fromMeshopt = renderFile(api, meshoptText, "meshopt.gltf");
        ImageRgba8 fromDraco = renderFile(api, dracoText, "draco.gltf");
        dumpImage(plain, str("gltf-compressed-plain-", toString(api)));
        dumpImage(fromDraco, str("gltf-compressed-draco-", toString(api)));
        // meshopt's vertex and index codecs are lossless: the same image.
        Comparison c = compare(plain, fromMeshopt, 0);
        MESSAGE("meshopt: ", c.covered, " covered, ", c.differing, " differ (worst ", c.worst, ")");
        CHECK(c.covered > 160 * 120 / 8);
        CHECK(c.differing == 0);
        // Draco quantizes: no pixel more than a few levels off, and few at all.
        Comparison d = compare(plain, fromDraco, 3);
        MESSAGE("draco: ", d.covered, " covered, ", d.differing, " differ by more than 3 (worst ", d.worst, ")");
        CHECK(d.covered > 160 * 120 / 8);
        CHECK(d.differing <= d.covered / 200);
        CHECK(d.worst <= 12);
    }
}

TEST_CASE("a WebP-textured triangle renders like its PNG twin") {
    const std::vector<uint8_t> pixels = testPixels();
    const std::string png =
        texturedFile({str(R"({"uri": ")", dataUri(pngOf(pixels), "image/png"), "\"}")}, R"({"source": 0})", false);
    const std::string webp = texturedFile({str(R"({"uri": ")", dataUri(webpLossless(pixels)), "\"}")},
                                          R"({"extensions": {"EXT_texture_webp": {"source": 0}}})", true);
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        ImageRgba8 fromPng = renderFile(api, png, "png.gltf");
        ImageRgba8 fromWebp = renderFile(api, webp, "webp.gltf");
        Comparison c = compare(fromPng, fromWebp, 0);
        MESSAGE("webp: ", c.covered, " covered, ", c.differing, " differ (worst ", c.worst, ")");
        CHECK(c.covered > 160 * 120 / 10);
        CHECK(c.differing == 0); // lossless WebP: the same texels, the same pixels
        // The texture shows: the triangle is not one flat colour.
        std::set<std::array<uint8_t, 4>> colours;
        forEachPixel(fromWebp, 0, 0, fromWebp.width, fromWebp.height,
                     [&](int, int, const std::array<uint8_t, 4>& p) { colours.insert(p); });
        CHECK(colours.size() > 8);
    }
}
