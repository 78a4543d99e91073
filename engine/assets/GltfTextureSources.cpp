#include "assets/GltfTextureSources.h"

#include "assets/GltfImages.h"
#include "assets/GltfImportContext.h"
#include "core/Str.h"

namespace th {

namespace {

/// The image an extension names as its source, or nothing (no extension, or one without a
/// source); an index that does not exist is an error (a file that names a missing image is broken, not merely unsupported).
std::optional<int> extensionSource(GltfImportContext& ctx, int texture, const char* extension) {
    const tinygltf::Texture& src = ctx.model.textures[size_t(texture)];
    const tinygltf::Value* ext = gltfExtension(src.extensions, extension);
    // No "source" in the extension object is valid (the texture's own source stands).
    if (!ext || !ext->Has("source")) return std::nullopt;
    std::optional<int> image = gltfIndex(ext->Get("source"));
    if (!image || size_t(*image) >= ctx.model.images.size())
        throw ctx.error("UNRESOLVED_REFERENCE", str("/textures/", texture, "/extensions/", extension, "/source"),
                        str("texture ", texture, ": ", extension, " source must name one of the ",
                            ctx.model.images.size(), " images"));
    return image;
}

} // namespace

int gltfTextureSource(GltfImportContext& ctx, int texture) {
    const tinygltf::Texture& src = ctx.model.textures[size_t(texture)];
    const std::string pointer = str("/textures/", texture);
    if (src.source >= 0 && size_t(src.source) >= ctx.model.images.size())
        throw ctx.error("UNRESOLVED_REFERENCE", pointer + "/source",
                        str("texture ", texture, ": image ", src.source, " does not exist"));
    const int fallback = src.source; // -1: none

    if (std::optional<int> webp = extensionSource(ctx, texture, "EXT_texture_webp")) {
        if (!ctx.out.images[size_t(*webp)].fallback) return *webp;
        // The image part has said why the WebP failed; say what stands in.
        if (fallback >= 0 && !ctx.out.images[size_t(fallback)].fallback) {
            ctx.warn("IMAGE_UNRECOGNIZED_FORMAT", pointer + "/extensions/EXT_texture_webp/source",
                     str("texture ", texture, ": its EXT_texture_webp image ", *webp,
                         " could not be decoded; the fallback image ", fallback, " is used"));
            return fallback;
        }
        return *webp; // the checker the image part put in its place
    }
    if (std::optional<int> basis = extensionSource(ctx, texture, "KHR_texture_basisu")) {
        if (fallback >= 0) return fallback;
        ctx.warn("UNSUPPORTED_EXTENSION", pointer + "/extensions/KHR_texture_basisu",
                 str("texture ", texture, ": only a KHR_texture_basisu (KTX2) image ", *basis,
                     " is given, and KTX2 is not supported (Debian 12 packages no KTX library); a checker "
                     "texture stands in"));
        return gltfFallbackImage(ctx);
    }
    if (fallback >= 0) return fallback;
    ctx.warn("UNDEFINED_PROPERTY", pointer,
             str("texture ", texture,
                 " has no image source (perhaps only in an unsupported extension); a checker texture stands in"));
    return gltfFallbackImage(ctx);
}

} // namespace th
