// libFuzzer target for the image decoders the importer uses: PNG, JPEG and the rest of
// stb_image, WebP (libwebp), Radiance .hdr. Each input is probed and decoded both ways under a
// small pixel limit. The only acceptable outcomes are an image of the size the probe read
// (within the limit) or a th::Error; a crash, a sanitizer report, another exception, a hang or
// runaway memory is a bug.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "assets/ImageLoader.h"
#include "core/Error.h"

namespace {

constexpr uint64_t kMaxPixels = 512 * 512;

template <typename Image> void checkDecoded(const Image& image, const std::optional<th::ImageSize>& probed) {
    if (image.width <= 0 || image.height <= 0) std::abort();
    if (uint64_t(image.width) * uint64_t(image.height) > kMaxPixels) std::abort();
    if (image.pixels.size() != size_t(image.width) * size_t(image.height) * 4) std::abort();
    // A decoder must agree with the header the limit was checked on.
    if (!probed || probed->width != image.width || probed->height != image.height) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const std::optional<th::ImageSize> probed = th::probeImageSize(bytes);
    try {
        checkDecoded(th::decodeImage(bytes, "fuzz.png", kMaxPixels), probed);
    } catch (const th::Error&) {
    }
    try {
        checkDecoded(th::decodeHdr(bytes, "fuzz.hdr", kMaxPixels), probed);
    } catch (const th::Error&) {
    }
    return 0;
}
