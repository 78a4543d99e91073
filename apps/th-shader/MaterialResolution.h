#pragma once
// How th-shader turns "--material NAME" and "--plugins NAMES" into pipeline inputs. Until the
// material layer registers materials and plugins, a material is a shader pair in the store and
// a plugin name is a JSON description on disk; replace these two functions to plug the real
// registries in. shippedMaterials() lists the engine's PBR material the way the shipped
// scenes configure it, for `th-shader report`.
#include <string>
#include <string_view>
#include <vector>

#include "shader/PluginCode.h"
#include "shader/ShaderStage.h"
#include "shader/ShaderStore.h"

namespace th {

/// The store name of `material`'s shader for `stage`: NAME.vert / NAME.frag (resolved like
/// an include, so "example" finds "example/example.vert.glsl"). Throws th::Error when absent.
std::string materialShaderName(const ShaderStore& store, std::string_view material, ShaderStage stage);

/// The store names that are materials: NAME where both NAME.vert and NAME.frag resolve
/// ("pbr", "error", "example"), sorted.
std::vector<std::string> shaderPairMaterials(const ShaderStore& store);

/// The PBR material in one configuration a shipped scene gives it (apps/common/scenes): its
/// plugins, alpha mode, vertex colours, instancing and texture slots. Kept beside the scenes'
/// code by hand; a new combination there belongs here too.
struct ShippedMaterial {
    std::string name;
    std::string usedBy;               ///< which scenes draw it, for the report
    std::vector<std::string> plugins; ///< shipped plugin names (plugins/library)
    bool alphaTested = false;
    bool vertexColors = false;        ///< albedo tinted by vertex colours (never with terrain: they are its weights)
    bool instanced = false;
    std::vector<std::string> textureDefines; ///< texture slots in use: HAS_BASECOLOR_MAP, ...
};
const std::vector<ShippedMaterial>& shippedMaterials();

/// "--plugins" argument: a .json file, or comma-separated names each looked up as
/// <name>.json or plugins/<name>/<name>.json under the current directory.
std::vector<PluginCode> loadPlugins(std::string_view spec, const std::vector<std::filesystem::path>& trustedFolders = {});

} // namespace th
