#include "material/PluginUniforms.h"

#include "core/Error.h"
#include "core/Str.h"

namespace th {

void PluginUniforms::setArray(std::string_view name, const float* values, int count, int components) {
    const Std140Member* m = mBlock.layout().find(name);
    if (!m || m->arraySize == 0) throw Error(str("plugin '", mPlugin, "': '", name, "' is not a declared uniform array"));
    if (count > m->arraySize)
        throw Error(str("plugin '", mPlugin, "': ", count, " values for '", name, "[", m->arraySize, "]'"));
    for (int i = 0; i < count; ++i)
        mBlock.write(m->offset + uint32_t(i) * m->stride, values + size_t(i) * size_t(components), size_t(components) * 4);
}

} // namespace th
