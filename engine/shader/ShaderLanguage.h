#pragma once
#include <optional>
#include <string_view>

namespace th {

/// The GLSL dialect a shader is migrated to: WebGL2 / OpenGL ES 3.0, or desktop OpenGL 3.3 core.
enum class ShaderLanguage { Es300, Glsl330 };

constexpr const char* toString(ShaderLanguage language) {
    return language == ShaderLanguage::Es300 ? "es300" : "glsl330";
}

inline std::optional<ShaderLanguage> parseShaderLanguage(std::string_view name) {
    if (name == "es300") return ShaderLanguage::Es300;
    if (name == "glsl330") return ShaderLanguage::Glsl330;
    return std::nullopt;
}

} // namespace th
