// Image decoding for assets: 8- and 16-bit PNG, JPEG, Radiance .hdr, limits, clear errors.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "assets/ImageLoader.h"
#include "common/AppPaths.h"
#include "core/Error.h"
#include "core/Files.h"

using namespace th;
namespace fs = std::filesystem;

namespace {

fs::path dataDir() { return fs::path(TRAILHEAD_SOURCE_DIR) / "tests" / "data" / "gltf"; }

} // namespace

TEST_CASE("a 16-bit PNG is rounded to 8 bits with alpha") {
    ImageRgba8 img = loadImage(dataDir() / "grey16.png");
    REQUIRE(img.width == 1);
    REQUIRE(img.height == 1);
    auto p = img.rgba(0, 0);
    CHECK(int(p[0]) == 128); // 0x8080 · 255 / 65535 = 128.0
    CHECK(int(p[3]) == 255);
}

TEST_CASE("the size is read from the header and checked before decoding") {
    std::string header = readFile(dataDir() / "huge_header.png");
    auto size = probeImageSize(header);
    REQUIRE(size.has_value());
    CHECK(size->width == 16384);
    CHECK_THROWS_WITH_AS(decodeImage(header, "huge.png"), doctest::Contains("limit"), Error);
    CHECK_THROWS_WITH_AS(loadImage(dataDir() / "grey16.png", 0), doctest::Contains("grey16.png"), Error);
}

TEST_CASE("errors name the image") {
    CHECK_THROWS_WITH_AS(decodeImage("not an image at all", "notes.txt"), doctest::Contains("notes.txt"), Error);
    CHECK_THROWS_WITH_AS(decodeImage("", "empty.png"), doctest::Contains("empty"), Error);
    CHECK_THROWS_WITH_AS(loadImage(dataDir() / "no-such-image.png"), doctest::Contains("no-such-image.png"), Error);
    CHECK_THROWS_WITH_AS(decodeHdr(readFile(dataDir() / "grey16.png"), "grey16.png"), doctest::Contains("Radiance"),
                         Error);
    CHECK_FALSE(probeImageSize("garbage").has_value());
}

TEST_CASE("checker fallback: magenta and black cells") {
    ImageRgba8 c = checkerImage(8);
    CHECK(c.width == 8);
    CHECK(c.height == 8);
    CHECK(int(c.rgba(0, 0)[0]) == 255);
    CHECK(int(c.rgba(0, 0)[2]) == 255);
    CHECK(int(c.rgba(1, 0)[0]) == 0);
    CHECK(int(c.rgba(1, 1)[0]) == 255);
    CHECK(int(checkerImage(16).rgba(1, 0)[0]) == 255); // 2-pixel cells
}

TEST_CASE("JPEG and Radiance .hdr from the shared sample assets") {
    fs::path jpeg = sharedDirectory() / "gltf" / "DamagedHelmet" / "glTF" / "Default_albedo.jpg";
    fs::path hdr = sharedDirectory() / "gltf" / "environment" / "neutral_studio.hdr";
    if (!fs::exists(jpeg) || !fs::exists(hdr)) {
        MESSAGE("skipping: " << jpeg.string() << " or " << hdr.string() << " not found");
        return;
    }
    ImageRgba8 albedo = loadImage(jpeg);
    CHECK(albedo.width == 2048);
    CHECK(albedo.height == 2048);
    CHECK(int(albedo.rgba(0, 0)[3]) == 255);

    ImageRgbaF env = loadHdr(hdr);
    REQUIRE(env.width == 1024);
    REQUIRE(env.height == 512);
    // Row 0 is +Y (the bright top of the studio), the last row the dim floor: top-down rows.
    float top = env.at(0, 0)[1], bottom = env.at(0, env.height - 1)[1];
    CHECK(top > bottom);
    CHECK(bottom == doctest::Approx(0.15f).epsilon(0.05));
    CHECK(env.at(0, 0)[3] == 1.0f);
}

TEST_CASE("a PNG header of 100000 by 100000 pixels is over the limit, not an unknown image type") {
    std::string header = readFile(dataDir() / "huge_header.png");
    // The same header with IHDR's width and height rewritten to 100000 (big-endian at 16 and 20):
    // stb_image refuses to size it at all.
    for (size_t offset : {16u, 20u}) {
        header[offset] = 0;
        header[offset + 1] = char(0x01);
        header[offset + 2] = char(0x86);
        header[offset + 3] = char(0xA0);
    }
    auto size = probeImageSize(header);
    REQUIRE(size.has_value());
    CHECK(size->width == 100000);
    CHECK_THROWS_WITH_AS(decodeImage(header, "huge.png"), doctest::Contains("image is 100000x100000, more than the limit"), Error);
}
