// Image decoding for assets: 8- and 16-bit PNG, JPEG, Radiance .hdr, limits, clear errors.
#include <doctest/doctest.h>

#include <filesystem>
#include <cstdint>
#include <cstring>
#include <string>

#include <webp/encode.h>

#include "assets/ImageLoader.h"
#include "common/AppPaths.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"

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

TEST_CASE("decompression bombs: each decoder's header is checked against the pixel limit before pixels are allocated") {
    const uint64_t limit = kDefaultMaxImagePixels; // 8192 × 8192
    SUBCASE("WebP (lossless): a 4 × 4 image whose header says 16384 × 16384") {
        uint8_t rgba[4 * 4 * 4] = {};
        uint8_t* encoded = nullptr;
        const size_t size = WebPEncodeLosslessRGBA(rgba, 4, 4, 16, &encoded);
        REQUIRE(size > 25);
        std::string bytes(reinterpret_cast<const char*>(encoded), size);
        WebPFree(encoded);
        REQUIRE(bytes.substr(12, 4) == "VP8L");
        // After the 0x2f signature at 20: width − 1 and height − 1 in 14 bits each, low bits first.
        uint32_t bits = 0;
        std::memcpy(&bits, bytes.data() + 21, 4);
        bits = (bits & 0xf0000000u) | 0x3fffu | (0x3fffu << 14);
        std::memcpy(bytes.data() + 21, &bits, 4);
        CHECK_THROWS_WITH_AS(decodeImage(bytes, "bomb.webp", limit),
                             doctest::Contains("bomb.webp: image is 16384x16384, more than the limit of 67108864 pixels"),
                             Error);
    }
    SUBCASE("JPEG: a frame header of 20000 × 20000 and no data") {
        // SOI, then SOF0: length 11, 8-bit samples, height, width, one component.
        const std::string bytes("\xff\xd8\xff\xc0\x00\x0b\x08\x4e\x20\x4e\x20\x01\x01\x11\x00\xff\xd9", 17);
        CHECK_THROWS_WITH_AS(decodeImage(bytes, "bomb.jpg", limit),
                             doctest::Contains("image is 20000x20000, more than the limit"), Error);
    }
    SUBCASE("Radiance .hdr: a resolution line of 20000 × 20000") {
        const std::string bytes = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 20000 +X 20000\n\x02\x02\x4e\x20";
        CHECK_THROWS_WITH_AS(decodeHdr(bytes, "bomb.hdr", limit),
                             doctest::Contains("image is 20000x20000, more than the limit"), Error);
    }
    SUBCASE("a limit of zero refuses even one pixel") {
        CHECK_THROWS_WITH_AS(loadImage(dataDir() / "grey16.png", 0), doctest::Contains("more than the limit of 0"), Error);
    }
}

TEST_CASE("a JPEG whose Huffman table claims more than 256 codes is refused before stb_image reads it") {
    // Found by fuzzing: Debian's stb_image 2.27 writes such a table's code lengths past its
    // 257-byte array. tests/fuzz/corpus/image_decode/rgb.jpg is a 16 × 8 JPEG from stb's writer.
    const std::string good = readFile(fs::path(TRAILHEAD_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "image_decode" / "rgb.jpg");
    const ImageRgba8 decoded = decodeImage(good, "rgb.jpg");
    CHECK(decoded.width == 16);
    CHECK(decoded.height == 8);
    const size_t dht = good.find("\xff\xc4");
    REQUIRE(dht != std::string::npos);
    std::string bad = good;
    bad[dht + 5] = char(0xff); // the first table's counts of 1- and 2-bit codes
    bad[dht + 6] = char(0xff);
    CHECK_FALSE(probeImageSize(bad).has_value());
    const std::string expected = str("bad.jpg: not a decodable JPEG image: the Huffman table segment at byte ", dht);
    CHECK_THROWS_WITH_AS(decodeImage(bad, "bad.jpg"), doctest::Contains(expected.c_str()), Error);
    CHECK_THROWS_WITH_AS(decodeImage(bad, "bad.jpg"), doctest::Contains("more than the 256 a table can hold"), Error);
    // The fuzzer's own reproducer.
    const std::string found = readFile(fs::path(TRAILHEAD_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "image_decode" /
                                       "found-jpeg-dht-257-codes.jpg");
    CHECK_THROWS_WITH_AS(decodeImage(found, "found.jpg"), doctest::Contains("more than the 256"), Error);
}
