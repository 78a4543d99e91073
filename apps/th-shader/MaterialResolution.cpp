#include "MaterialResolution.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"

namespace th {

std::string materialShaderName(const ShaderStore& store, std::string_view material, ShaderStage stage) {
    std::string wanted = str(material, stage == ShaderStage::Vertex ? ".vert" : ".frag");
    std::string error;
    if (const ShaderSource* s = store.tryResolve(wanted, &error)) return s->name;
    throw Error(str("material '", material, "': no ", toString(stage), " shader: ", error));
}

std::vector<std::string> shaderPairMaterials(const ShaderStore& store) {
    std::vector<std::string> out;
    for (const std::string& name : store.names()) {
        // "dir/NAME.vert.glsl" names material NAME when "NAME.frag" resolves as well.
        if (!endsWith(name, ".vert.glsl")) continue;
        std::string file = std::filesystem::path(name).filename().string();
        std::string material = file.substr(0, file.size() - std::string_view(".vert.glsl").size());
        if (!store.tryResolve(material + ".vert") || !store.tryResolve(material + ".frag")) continue;
        out.push_back(material);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

const std::vector<ShippedMaterial>& shippedMaterials() {
    static const std::string kAllSlots[] = {"HAS_BASECOLOR_MAP", "HAS_METALLIC_ROUGHNESS_MAP", "HAS_NORMAL_MAP",
                                            "HAS_OCCLUSION_MAP", "HAS_EMISSIVE_MAP"};
    static const std::vector<ShippedMaterial> materials = {
        {.name = "pbr",
         .usedBy = "glTF models (helmet, gallery exhibits) with every texture slot",
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "solid", .usedBy = "light-stress, gallery and forest-stress scenery: factors only"},
        {.name = "terrain", .usedBy = "hike ground, plugins terrain patch", .plugins = {"terrain"}},
        {.name = "tree",
         .usedBy = "hike fir LODs 0-1",
         .plugins = {"dither", "conform", "wind"},
         .alphaTested = true,
         .vertexColors = true,
         .instanced = true},
        {.name = "rocks",
         .usedBy = "hike rocks and fir LOD 2",
         .plugins = {"dither", "conform"},
         .alphaTested = true,
         .vertexColors = true,
         .instanced = true},
        {.name = "grass",
         .usedBy = "hike grass and understory",
         .plugins = {"wind", "dither"},
         .alphaTested = true,
         .vertexColors = true,
         .instanced = true},
        {.name = "impostor",
         .usedBy = "hike far trees (baked cards)",
         .plugins = {"dither"},
         .alphaTested = true,
         .instanced = true,
         .textureDefines = {"HAS_BASECOLOR_MAP"}},
        {.name = "birds",
         .usedBy = "hike ravens, plugins ravens and butterflies",
         .plugins = {"wing"},
         .vertexColors = true,
         .instanced = true},
        {.name = "wind", .usedBy = "plugins grass and tree", .plugins = {"wind"}, .vertexColors = true, .instanced = true},
        {.name = "conform", .usedBy = "plugins seated trees", .plugins = {"conform"}, .vertexColors = true, .instanced = true},
        {.name = "dither",
         .usedBy = "plugins LOD seam",
         .plugins = {"dither"},
         .alphaTested = true,
         .vertexColors = true,
         .instanced = true},
        // The glTF material extensions, each with the base slots a textured model gives it and
        // every one of its own texture slots (ModelLoader attaches them to imported materials).
        {.name = "gltf-clearcoat",
         .usedBy = "glTF models with KHR_materials_clearcoat (car paint, lacquer)",
         .plugins = {"clearcoat"},
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "gltf-sheen",
         .usedBy = "glTF models with KHR_materials_sheen (cloth, velvet)",
         .plugins = {"sheen"},
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "gltf-specular",
         .usedBy = "glTF models with KHR_materials_specular",
         .plugins = {"specular"},
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "gltf-transmission",
         .usedBy = "glTF models with KHR_materials_transmission, _volume and _dispersion (glass, liquids, gems)",
         .plugins = {"transmission"},
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "gltf-specular-glossiness",
         .usedBy = "glTF models with KHR_materials_pbrSpecularGlossiness (no metallic-roughness texture)",
         .plugins = {"specular-glossiness"},
         .textureDefines = {"HAS_BASECOLOR_MAP", "HAS_NORMAL_MAP", "HAS_OCCLUSION_MAP", "HAS_EMISSIVE_MAP"}},
        {.name = "gltf-anisotropy",
         .usedBy = "glTF models with KHR_materials_anisotropy (brushed metal)",
         .plugins = {"anisotropy"},
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "gltf-iridescence",
         .usedBy = "glTF models with KHR_materials_iridescence (soap film, oil, beetle shells)",
         .plugins = {"iridescence"},
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "gltf-all-extensions",
         .usedBy = "no scene: every metallic-roughness glTF extension and texture slot at once, the budget's worst case "
                   "(it drops the least important textures to fit)",
         .plugins = {"anisotropy", "iridescence", "specular", "sheen", "clearcoat"},
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
        {.name = "all-plugins",
         .usedBy = "no scene: every shipped plugin and texture slot at once, the budget's worst case",
         .plugins = {"wind", "conform", "dither", "wing", "terrain"},
         .alphaTested = true,
         .instanced = true,
         .textureDefines = {std::begin(kAllSlots), std::end(kAllSlots)}},
    };
    return materials;
}

std::vector<PluginCode> loadPlugins(std::string_view spec, const std::vector<std::filesystem::path>& trustedFolders) {
    if (spec.empty()) return {};
    if (endsWith(spec, ".json")) return loadPluginList(std::filesystem::path(spec), trustedFolders);
    std::vector<PluginCode> out;
    for (std::string_view name : split(spec, ',')) {
        name = trim(name);
        if (name.empty()) continue;
        std::string lower(name);
        for (char& c : lower) c = char(std::tolower(uint8_t(c)));
        std::vector<std::filesystem::path> tried = {str(name, ".json"), std::filesystem::path("plugins") / lower / str(lower, ".json")};
        bool found = false;
        for (const auto& path : tried) {
            std::error_code ec;
            if (!std::filesystem::is_regular_file(path, ec)) continue;
            for (PluginCode& p : parsePluginList(readFile(path), path.generic_string(), path.parent_path(), uint32_t(out.size()), trustedFolders))
                out.push_back(std::move(p));
            found = true;
            break;
        }
        if (!found)
            throw Error(str("unknown plugin '", name, "': looked for ", tried[0].generic_string(), " and ", tried[1].generic_string(),
                            " (pass a plugin JSON file with --plugins P.json)"));
    }
    return out;
}

} // namespace th
