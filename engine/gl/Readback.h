#pragma once
#include <filesystem>

#include "core/Image.h"
#include "gl/GlApi.h"

namespace th {

/// Reads a rectangle of the currently bound read framebuffer's colour attachment 0 as RGBA8,
/// rows flipped so row 0 is the top of the image.
ImageRgba8 readPixels(GLuint framebuffer, int x, int y, int width, int height);

/// PNG files through stb_image_write / stb_image. Throws th::Error naming the path.
void writePng(const std::filesystem::path& path, const ImageRgba8& image);
ImageRgba8 readPng(const std::filesystem::path& path);

} // namespace th
