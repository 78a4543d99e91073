#include "assets/GltfImages.h"

#include <algorithm>
#include <map>

#include "assets/GltfImportContext.h"
#include "assets/ImageLoader.h"
#include "assets/ModelUri.h"
#include "core/Str.h"

namespace th {

namespace {

ImageRgba8 decodeOrFallback(GltfImportContext& ctx, int index, const std::string& name, bool& fallback) {
    const tinygltf::Image& src = ctx.model.images[size_t(index)];
    const std::string image = str("/images/", index);
    if (!ctx.options.decodeImages) {
        ImageRgba8 white(1, 1);
        std::fill(white.pixels.begin(), white.pixels.end(), uint8_t(255));
        return white;
    }
    std::string_view bytes;
    if (src.bufferView >= 0) {
        if (size_t(src.bufferView) >= ctx.model.bufferViews.size())
            throw ctx.error("UNRESOLVED_REFERENCE", image + "/bufferView",
                            str("image ", index, ": bufferView ", src.bufferView, " does not exist"));
        const tinygltf::BufferView& view = ctx.model.bufferViews[size_t(src.bufferView)];
        if (view.buffer < 0 || size_t(view.buffer) >= ctx.model.buffers.size())
            throw ctx.error(
                "UNRESOLVED_REFERENCE", str("/bufferViews/", src.bufferView, "/buffer"),
                str("image ", index, ": bufferView ", src.bufferView, " names a buffer that does not exist"));
        const auto& data = ctx.model.buffers[size_t(view.buffer)].data;
        if (view.byteLength > data.size() || view.byteOffset > data.size() - view.byteLength)
            throw ctx.error("BUFFER_VIEW_TOO_LONG", str("/bufferViews/", src.bufferView, "/byteLength"),
                            str("image ", index, ": bufferView ", src.bufferView, " covers bytes [", view.byteOffset,
                                ", ", uint64_t(view.byteOffset) + view.byteLength, ") of a buffer of ", data.size(),
                                " bytes"));
        bytes = std::string_view(reinterpret_cast<const char*>(data.data()) + view.byteOffset, view.byteLength);
    } else if (src.as_is) {
        bytes = std::string_view(reinterpret_cast<const char*>(src.image.data()), src.image.size());
    }
    // KTX2 (KHR_texture_basisu) is not decoded: Debian 12 packages no KTX library. The
    // texture that uses it says so, and takes the file's PNG or JPEG fallback where it has one.
    if (src.mimeType == "image/ktx2" || bytes.substr(0, 8) == std::string_view("\xABKTX 20\xBB", 8)) {
        fallback = true;
        return checkerImage(8);
    }
    if (bytes.empty()) {
        if (!ctx.imagesReported.count(index))
            ctx.warn("IMAGE_DATA_INVALID", image,
                     str("image ", index, " ('", name, "') has no data; a checker texture stands in"));
        fallback = true;
        return checkerImage(8);
    }
    try {
        return decodeImage(bytes, name, ctx.options.maxImagePixels);
    } catch (const Error& e) {
        ctx.warn("IMAGE_UNRECOGNIZED_FORMAT", image,
                 str("image ", index, ": ", e.what(), "; a checker texture stands in"));
        fallback = true;
        return checkerImage(8);
    }
}

} // namespace

void readGltfImages(GltfImportContext& ctx) {
    for (size_t i = 0; i < ctx.model.images.size(); ++i) {
        const tinygltf::Image& src = ctx.model.images[i];
        ImportedImage image;
        image.name = !src.name.empty()                         ? src.name
                     : !src.uri.empty() && !isDataUri(src.uri) ? uriForMessage(src.uri)
                                                               : str("image ", i);
        image.pixels = decodeOrFallback(ctx, int(i), image.name, image.fallback);
        ctx.out.images.push_back(std::move(image));
    }
}

int gltfFallbackImage(GltfImportContext& ctx) {
    if (ctx.fallbackImage < 0) {
        ImportedImage image;
        image.name = "missing texture";
        image.pixels = checkerImage(8);
        image.fallback = true;
        ctx.out.images.push_back(std::move(image));
        ctx.fallbackImage = int(ctx.out.images.size() - 1);
    }
    return ctx.fallbackImage;
}

void assignGltfColorSpaces(GltfImportContext& ctx) {
    ImportedModel& out = ctx.out;
    std::vector<int> textureSpace(out.textures.size(), -1);
    std::vector<int> imageSpace(out.images.size(), -1);
    std::map<std::pair<int, int>, int> textureVariant, imageVariant;
    auto imageFor = [&](int image, int space) {
        if (imageSpace[size_t(image)] == -1 || imageSpace[size_t(image)] == space) {
            imageSpace[size_t(image)] = space;
            return image;
        }
        auto key = std::make_pair(image, space);
        if (auto it = imageVariant.find(key); it != imageVariant.end()) return it->second;
        ctx.warn("IMAGE_COLOR_SPACE_CONFLICT", str("/images/", image),
                 str("image '", out.images[size_t(image)].name,
                     "' is used both as colour (sRGB) and as data (linear); it is duplicated"));
        ImportedImage copy = out.images[size_t(image)];
        out.images.push_back(std::move(copy));
        imageSpace.push_back(space);
        return imageVariant[key] = int(out.images.size() - 1);
    };
    auto textureFor = [&](int texture, int space) {
        if (textureSpace[size_t(texture)] == -1 || textureSpace[size_t(texture)] == space) {
            textureSpace[size_t(texture)] = space;
            out.textures[size_t(texture)].image = imageFor(ctx.textureImage[size_t(texture)], space);
            return texture;
        }
        auto key = std::make_pair(texture, space);
        if (auto it = textureVariant.find(key); it != textureVariant.end()) return it->second;
        ImportedTexture copy = out.textures[size_t(texture)];
        copy.image = imageFor(ctx.textureImage[size_t(texture)], space);
        out.textures.push_back(std::move(copy));
        textureSpace.push_back(space);
        return textureVariant[key] = int(out.textures.size() - 1);
    };
    constexpr int kSrgb = 0, kLinear = 1;
    for (ImportedMaterial& m : out.materials) {
        PbrParams& p = m.params;
        for (TextureSlot* slot : {&p.baseColorTexture, &p.emissiveTexture})
            if (slot->present()) slot->texture = textureFor(slot->texture, kSrgb);
        for (TextureSlot* slot : {&p.metallicRoughnessTexture, &p.normalTexture, &p.occlusionTexture})
            if (slot->present()) slot->texture = textureFor(slot->texture, kLinear);
    }
    for (size_t i = 0; i < out.images.size(); ++i)
        out.images[i].colorSpace = imageSpace[i] == kSrgb ? ImageColorSpace::Srgb : ImageColorSpace::Linear;
}

} // namespace th
