#pragma once
#include <optional>
#include <string_view>

namespace th {

/// The two programmable stages of a WebGL2-class program.
enum class ShaderStage { Vertex, Fragment };

constexpr const char* toString(ShaderStage stage) { return stage == ShaderStage::Vertex ? "vertex" : "fragment"; }

/// "vertex"/"vert"/"vs" or "fragment"/"frag"/"fs"; nullopt otherwise.
inline std::optional<ShaderStage> parseShaderStage(std::string_view name) {
    if (name == "vertex" || name == "vert" || name == "vs") return ShaderStage::Vertex;
    if (name == "fragment" || name == "frag" || name == "fs") return ShaderStage::Fragment;
    return std::nullopt;
}

} // namespace th
