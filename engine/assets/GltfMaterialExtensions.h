#pragma once
// The glTF material extensions the engine shades through its plugins: KHR_materials_clearcoat,
// KHR_materials_sheen, KHR_materials_specular, KHR_materials_transmission, KHR_materials_volume,
// KHR_materials_dispersion, KHR_materials_pbrSpecularGlossiness, KHR_materials_anisotropy and
// KHR_materials_iridescence, read
// into PbrParams. Every value is checked: a wrong type, a value out of its range or a texture
// that does not exist is a warning naming the file, material and key, and says what the
// renderer uses instead. Internal to the glTF importer.
#include <tiny_gltf.h>

#include <string>
#include <utility>
#include <vector>

#include "material/PbrParams.h"

namespace th {

struct GltfImportContext;

/// Reads the extensions of material `index` (`source`) into `params`.
void readGltfMaterialExtensions(GltfImportContext& context, const tinygltf::Material& source, int index, PbrParams& params);

/// KHR_materials_variants: the document's variant names into `context.out.variants`.
void readGltfVariantNames(GltfImportContext& context);
/// A primitive's KHR_materials_variants mappings as {variant, material} pairs; a mapping that
/// names a variant or material the file does not have is dropped with a warning.
std::vector<std::pair<int, int>> gltfVariantMappings(GltfImportContext& context, const tinygltf::Primitive& primitive,
                                                     const std::string& label);

/// KHR_texture_transform (the extension object, or null) into `slot`'s transform and UV set.
void readGltfTextureTransform(const tinygltf::Value* transform, TextureSlot& slot);

} // namespace th
