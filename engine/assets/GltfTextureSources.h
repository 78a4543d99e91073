#pragma once
// Which image a glTF texture samples: an EXT_texture_webp source (decoded with libwebp), the
// core `source` (PNG or JPEG) as the fallback a file gives for it or for KHR_texture_basisu
// (Debian 12 packages no KTX2 library, so Basis images are never decoded), or the checker
// when nothing readable is left. Internal to the glTF importer.

namespace th {

struct GltfImportContext;

/// The image index texture `texture` uses (after the images are decoded); warns, naming the
/// texture and what stands in, whenever it cannot use the image the file prefers.
int gltfTextureSource(GltfImportContext& context, int texture);

} // namespace th
