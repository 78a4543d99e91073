#pragma once
// A plugin's window into its material's "Plugins" uniform block: it writes its own declared
// uniforms by name. The block is a uniform buffer shared by every program of the material,
// so a value written here reaches a program compiled later (no value is frozen at build time).
#include <string>
#include <string_view>

#include <glm/glm.hpp>

#include "gl/UniformBuffer.h"
#include "shader/PluginCode.h"

namespace th {

/// Adds a declared plugin uniform ("vec3", "float[4]") to a std140 layout, as the material's
/// "Plugins" block lays it out.
void addPluginUniform(Std140Layout& layout, const PluginUniform& uniform);

class PluginUniforms {
public:
    PluginUniforms(UniformBuffer& block, std::string_view plugin) : mBlock(block), mPlugin(plugin) {}

    template <typename T>
    void set(std::string_view name, const T& value) {
        mBlock.set(name, value);
    }
    /// Writes an array member element by element at its std140 stride (16 bytes per element
    /// even for float[N]): `values` holds count × components floats.
    void setArray(std::string_view name, const float* values, int count, int components);
    const std::string& plugin() const { return mPlugin; }

private:
    UniformBuffer& mBlock;
    std::string mPlugin;
};

} // namespace th
