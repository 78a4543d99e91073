#pragma once
// The texel formats a Texture can hold, apart from the texture type so CPU code (pixel
// layouts, budgets, tests) can name them without GL.
namespace th {

enum class TextureFormat {
    RGBA8,
    SRGB8_ALPHA8, ///< colour data: decoded to linear by the sampler
    RGBA16F,
    RGBA32F,
    RG16F,
    R16F,
    R32F,
    R8,
    RG8,
    R11G11B10F,
    Depth24,
    Depth32F,
    Depth24Stencil8,
    RGBA32UI, ///< integer data read with texelFetch (light cluster lists); never filtered
};

const char* toString(TextureFormat format);
bool isDepthFormat(TextureFormat format);

} // namespace th
