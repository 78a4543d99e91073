#pragma once
// The glTF material extensions the engine shades, each a plugin of its own (plugins/clearcoat,
// sheen, specular, specgloss, anisotropy, iridescence), and the one call that attaches them: a plugin factory per
// extension on a material registry, which gives a PbrMaterial whose parameters carry the
// extension (PbrParams::clearcoat, ...) its plugin, built from those parameters and the
// material's extension textures. A material without the extension gets nothing: no code, no
// sampler, no uniform. The glTF model loader registers its materials with the registry it is
// given, so
//
//   registerGltfMaterialPlugins(renderer.materials());
//   addModelToScene(model, scene, scene.root(), &renderer.materials());
//
// shades every extension the model uses; the loader warns for a material whose extension
// found no plugin.
#include <string>
#include <vector>

#include "material/MaterialRegistry.h"

namespace th {

/// Adds the factories once per registry (a second call does nothing).
void registerGltfMaterialPlugins(MaterialRegistry& registry);

/// The glTF extension names the plugins shade ("KHR_materials_clearcoat", ...).
const std::vector<std::string>& gltfMaterialPluginExtensions();

} // namespace th
