#include "gl/Readback.h"

#include <cstring>

#include <stb_image.h>
#include <stb_image_write.h>

#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"
#include "gl/StateCache.h"

namespace th {

ImageRgba8 readPixels(GLuint framebuffer, int x, int y, int width, int height) {
    StateCache::current()->bindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    ImageRgba8 image(width, height);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, y, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
    // GL's row 0 is the bottom; images are stored top row first.
    size_t row = size_t(width) * 4;
    std::vector<uint8_t> tmp(row);
    for (int r = 0; r < height / 2; ++r) {
        uint8_t* a = image.pixels.data() + size_t(r) * row;
        uint8_t* b = image.pixels.data() + size_t(height - 1 - r) * row;
        std::memcpy(tmp.data(), a, row);
        std::memcpy(a, b, row);
        std::memcpy(b, tmp.data(), row);
    }
    return image;
}

static void appendBytes(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
}

void writePng(const std::filesystem::path& path, const ImageRgba8& image) {
    if (image.empty()) throw Error(SourceLocation{path.string()}, "refusing to write an empty image");
    std::string bytes;
    if (!stbi_write_png_to_func(appendBytes, &bytes, image.width, image.height, 4, image.pixels.data(), image.width * 4))
        throw Error(SourceLocation{path.string()}, "PNG encoding failed");
    writeFile(path, bytes);
}

ImageRgba8 readPng(const std::filesystem::path& path) {
    std::string bytes = readFile(path);
    int w = 0, h = 0, n = 0;
    stbi_uc* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), int(bytes.size()), &w, &h, &n, 4);
    if (!pixels) throw Error(SourceLocation{path.string()}, str("cannot decode image: ", stbi_failure_reason()));
    ImageRgba8 image(w, h);
    std::memcpy(image.pixels.data(), pixels, image.pixels.size());
    stbi_image_free(pixels);
    return image;
}

} // namespace th
