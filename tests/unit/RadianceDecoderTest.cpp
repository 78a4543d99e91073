// decodeRadiance: the same floats as stb_image's decoder on files it reads well (the shared
// studio environment, flat and run-length rows from stb's writer), and an error, never a hang,
// where stb_image loops forever (a run-length count of zero, a file cut short).
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <stb_image.h>

#include "assets/ImageLoader.h"
#include "assets/RadianceDecoder.h"
#include "common/AppPaths.h"
#include "core/Error.h"
#include "core/Files.h"

using namespace th;
namespace fs = std::filesystem;

namespace {

fs::path seeds() { return fs::path(TRAILHEAD_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "image_decode"; }

/// Decodes with stb_image and with decodeRadiance; every float must be the same bits.
void checkSameAsStb(const std::string& bytes, const char* name) {
    CAPTURE(name);
    int w = 0, h = 0, comp = 0;
    std::unique_ptr<float, decltype(&stbi_image_free)> stb(
        stbi_loadf_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), int(bytes.size()), &w, &h, &comp, 4),
        &stbi_image_free);
    REQUIRE(stb);
    const ImageRgbaF ours = decodeRadiance(bytes, name, kDefaultMaxImagePixels);
    REQUIRE(ours.width == w);
    REQUIRE(ours.height == h);
    CHECK(std::memcmp(ours.pixels.data(), stb.get(), ours.pixels.size() * sizeof(float)) == 0);
}

} // namespace

TEST_CASE("Radiance: stb_image's floats, bit for bit, on flat and run-length files") {
    checkSameAsStb(readFile(seeds() / "flat.hdr"), "flat.hdr"); // 16 × 8: narrower than run-length rows
    checkSameAsStb(readFile(seeds() / "rle.hdr"), "rle.hdr");   // 64 × 2 run-length rows
    const fs::path studio = sharedDirectory() / "gltf" / "environment" / "neutral_studio.hdr";
    if (!fs::exists(studio)) {
        MESSAGE("skipping the studio environment: " << studio.string() << " not found");
        return;
    }
    checkSameAsStb(readFile(studio), "neutral_studio.hdr");
}

TEST_CASE("Radiance bad input: a zero run, a file cut short, a bad header, an HDR given as a texture") {
    const std::string good = readFile(seeds() / "rle.hdr");
    SUBCASE("the fuzzer's reproducer: cut short inside a row, where stb_image reads zero counts forever") {
        CHECK_THROWS_WITH_AS(decodeHdr(readFile(seeds() / "found-hdr-zero-run.hdr"), "found.hdr"),
                             doctest::Contains("found.hdr: the Radiance pixels end in row 0 of 8"), Error);
    }
    SUBCASE("a count of zero in the file") {
        std::string zero = good;
        zero[good.find("+X 64\n") + 6 + 4] = '\0'; // the first count after row 0's 4-byte head
        CHECK_THROWS_WITH_AS(decodeHdr(zero, "zero.hdr"), doctest::Contains("zero.hdr: the Radiance row 0 has a run of 0"),
                             Error);
    }
    SUBCASE("every cut of a run-length file is an error naming its row") {
        const size_t header = good.find("+X 64\n") + 6;
        for (size_t n = header; n < good.size(); ++n) {
            CAPTURE(n);
            CHECK_THROWS_WITH_AS(decodeHdr(good.substr(0, n), "cut.hdr"), doctest::Contains("the Radiance"), Error);
        }
    }
    SUBCASE("a header without the format, a size line of another orientation") {
        std::string noFormat = good;
        noFormat.replace(noFormat.find("FORMAT="), 7, "FARMAT=");
        CHECK_THROWS_WITH_AS(decodeRadiance(noFormat, "f.hdr", 1 << 20), doctest::Contains("FORMAT=32-bit_rle_rgbe"), Error);
        std::string flipped = good;
        flipped.replace(flipped.find("-Y 2"), 4, "+Y 2");
        CHECK_THROWS_WITH_AS(decodeRadiance(flipped, "o.hdr", 1 << 20), doctest::Contains("is not '-Y H +X W'"), Error);
        CHECK_THROWS_WITH_AS(decodeRadiance(good, "big.hdr", 100), doctest::Contains("more than the limit of 100"), Error);
    }
    SUBCASE("the fuzzer's reproducer: a header line starting with a NUL byte, where stb_image's size probe stops") {
        // The probe read stb's rules and the decoder its own, so they disagreed on the size.
        const std::string found = readFile(seeds() / "found-hdr-nul-header-line.hdr");
        const std::optional<ImageSize> probed = probeImageSize(found);
        REQUIRE(probed);
        const ImageRgbaF decoded = decodeHdr(found, "found.hdr");
        CHECK(probed->width == decoded.width);
        CHECK(probed->height == decoded.height);
        std::string nul = good;
        nul.insert(nul.find("FORMAT="), std::string("\0stray\n", 7));
        const std::optional<ImageSize> size = probeImageSize(nul);
        REQUIRE(size);
        CHECK(size->width == decodeHdr(nul, "nul.hdr").width);
    }
    SUBCASE("a Radiance file where an 8-bit texture is expected") {
        CHECK_THROWS_WITH_AS(decodeImage(good, "t.hdr"), doctest::Contains("not an 8-bit image"), Error);
    }
}
