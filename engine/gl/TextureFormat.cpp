#include "gl/TextureFormat.h"

namespace th {

const char* toString(TextureFormat format) {
    switch (format) {
    case TextureFormat::RGBA8: return "RGBA8";
    case TextureFormat::SRGB8_ALPHA8: return "SRGB8_ALPHA8";
    case TextureFormat::RGBA16F: return "RGBA16F";
    case TextureFormat::RGBA32F: return "RGBA32F";
    case TextureFormat::RG16F: return "RG16F";
    case TextureFormat::R16F: return "R16F";
    case TextureFormat::R32F: return "R32F";
    case TextureFormat::R8: return "R8";
    case TextureFormat::RG8: return "RG8";
    case TextureFormat::R11G11B10F: return "R11G11B10F";
    case TextureFormat::Depth24: return "Depth24";
    case TextureFormat::Depth32F: return "Depth32F";
    case TextureFormat::Depth24Stencil8: return "Depth24Stencil8";
    case TextureFormat::RGBA32UI: return "RGBA32UI";
    }
    return "?";
}

bool isDepthFormat(TextureFormat f) {
    return f == TextureFormat::Depth24 || f == TextureFormat::Depth32F || f == TextureFormat::Depth24Stencil8;
}

} // namespace th
