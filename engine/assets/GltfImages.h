#pragma once
// The glTF importer's images: decoding (with size limits and a checker texture for any image
// that is missing or undecodable, so the model still renders) and colour spaces (colour slots
// sRGB, data slots linear). Internal to the glTF importer.

namespace th {

struct GltfImportContext;

/// Decodes every image into `context.out.images` (the same indices as the file's).
void readGltfImages(GltfImportContext& context);

/// The checker image that stands in for a texture without a source, added once.
int gltfFallbackImage(GltfImportContext& context);

/// Marks each image sRGB or linear by the material slots that read it, after materials are
/// read. A texture or image used both ways is duplicated (with a warning) so that each use
/// decodes correctly.
void assignGltfColorSpaces(GltfImportContext& context);

} // namespace th
