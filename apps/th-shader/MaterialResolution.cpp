#include "MaterialResolution.h"

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

std::vector<PluginCode> loadPlugins(std::string_view spec) {
    if (spec.empty()) return {};
    if (endsWith(spec, ".json")) return loadPluginList(std::filesystem::path(spec));
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
            for (PluginCode& p : parsePluginList(readFile(path), path.generic_string(), path.parent_path(), uint32_t(out.size())))
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
