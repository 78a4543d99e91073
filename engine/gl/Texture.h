#pragma once
#include <string>
#include <string_view>

#include "gl/GlObject.h"
#include "gl/TextureArrayData.h"
#include "gl/TextureFormat.h"

namespace th {

enum class TextureKind { Texture2D, Texture2DArray, Cube };


struct TextureDesc {
    TextureKind kind = TextureKind::Texture2D;
    TextureFormat format = TextureFormat::RGBA8;
    int width = 1;
    int height = 1;
    int layers = 1;    ///< array layers (Texture2DArray); 6 faces are implied for Cube
    int mipLevels = 1; ///< 0 = the full chain down to 1×1
    std::string label;
};

/// A texture with immutable storage (glTexStorage*). Upload data in the format's natural
/// client type: bytes for 8-bit formats, floats for float formats, rows bottom-up as GL reads
/// them (callers flip image files, which are stored top-down).
class Texture : public GlObject {
public:
    Texture() = default;
    explicit Texture(const TextureDesc& desc);

    /// A 2D texture array filled from CPU layers (TextureArrayData.h says how), with mipmaps
    /// unless the data asks for none or is RGBA32F. Throws th::Error naming the label when the
    /// sizes and the byte count disagree or the format is not one an array upload accepts.
    static Texture createArray(const TextureArrayData& data);

    const TextureDesc& desc() const { return mDesc; }
    GLenum target() const;
    int width() const { return mDesc.width; }
    int height() const { return mDesc.height; }
    int mipLevels() const { return mDesc.mipLevels; }

    /// Uploads one level of one layer (array layer, or cube face 0..5 in +X −X +Y −Y +Z −Z).
    void upload(int level, int layer, const void* pixels);
    /// Uploads a rectangle of one level of one layer.
    void uploadRegion(int level, int layer, int x, int y, int width, int height, const void* pixels);
    void generateMipmaps();
    /// Sets the texture's own filtering (used when no sampler object is bound).
    void setFilter(bool linear, bool mipmaps);
    void bind(unsigned unit) const;

private:
    TextureDesc mDesc;
};

} // namespace th
