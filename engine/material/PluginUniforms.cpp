#include "material/PluginUniforms.h"

#include <charconv>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

void addPluginUniform(Std140Layout& layout, const PluginUniform& uniform) {
    std::string_view type = uniform.type;
    int arraySize = 0;
    if (size_t b = type.find('['); b != std::string_view::npos) {
        std::string_view count = type.substr(b + 1);
        auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), arraySize);
        if (ec != std::errc() || arraySize < 1 || std::string_view(end, size_t(count.data() + count.size() - end)) != "]")
            throw Error(str("plugin uniform '", uniform.name, "': type '", uniform.type,
                            "' is not a GLSL type with an optional array size (\"vec3\", \"float[4]\")"));
        type = type.substr(0, b);
    }
    UniformType parsed;
    try {
        parsed = parseUniformType(type);
    } catch (const Error& e) {
        throw Error(str("plugin uniform '", uniform.name, "': ", e.message()));
    }
    layout.add(uniform.name, parsed, arraySize);
}

void PluginUniforms::setArray(std::string_view name, const float* values, int count, int components) {
    const Std140Member* m = mBlock.layout().find(name);
    if (!m || m->arraySize == 0) throw Error(str("plugin '", mPlugin, "': '", name, "' is not a declared uniform array"));
    if (count > m->arraySize)
        throw Error(str("plugin '", mPlugin, "': ", count, " values for '", name, "[", m->arraySize, "]'"));
    for (int i = 0; i < count; ++i)
        mBlock.write(m->offset + uint32_t(i) * m->stride, values + size_t(i) * size_t(components), size_t(components) * 4);
}

} // namespace th
