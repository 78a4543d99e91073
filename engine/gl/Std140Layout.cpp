#include "gl/Std140Layout.h"

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {
struct TypeInfo {
    const char* name;
    uint32_t align, size;
};
const TypeInfo kTypes[] = {
    {"float", 4, 4}, {"int", 4, 4}, {"uint", 4, 4}, {"bool", 4, 4}, {"vec2", 8, 8}, {"vec3", 16, 12},
    {"vec4", 16, 16}, {"ivec2", 8, 8}, {"ivec3", 16, 12}, {"ivec4", 16, 16}, {"mat3", 16, 48}, {"mat4", 16, 64},
};
uint32_t roundUp(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }
} // namespace

UniformType parseUniformType(std::string_view name) {
    for (size_t i = 0; i < std::size(kTypes); ++i)
        if (name == kTypes[i].name) return UniformType(i);
    std::vector<std::string> known;
    for (auto& t : kTypes) known.emplace_back(t.name);
    throw Error(str("unknown uniform type '", name, "'; expected one of ", join(known, ", ")));
}

const char* glslName(UniformType type) { return kTypes[int(type)].name; }

uint32_t Std140Layout::add(std::string name, UniformType type, int arraySize) {
    if (find(name)) throw Error(str("uniform '", name, "' declared twice in one block"));
    const TypeInfo& t = kTypes[int(type)];
    Std140Member m{std::move(name), type, arraySize};
    if (arraySize > 0) {
        uint32_t stride = roundUp(t.size, 16);
        if (type == UniformType::Mat3) stride = 48;
        if (type == UniformType::Mat4) stride = 64;
        m.offset = roundUp(mEnd, 16);
        m.stride = stride;
        m.size = stride * uint32_t(arraySize);
    } else {
        m.offset = roundUp(mEnd, t.align);
        m.size = t.size;
    }
    mEnd = m.offset + m.size;
    // A member after an array or a structure-like (matrix) member starts on 16 anyway
    // because those sizes are multiples of 16.
    mMembers.push_back(m);
    return m.offset;
}

uint32_t Std140Layout::size() const { return roundUp(mEnd, 16); }

const Std140Member* Std140Layout::find(std::string_view name) const {
    for (auto& m : mMembers)
        if (m.name == name) return &m;
    return nullptr;
}

std::string Std140Layout::glslMembers() const {
    std::string out;
    for (auto& m : mMembers) {
        out += str("    ", glslName(m.type), " ", m.name);
        if (m.arraySize > 0) out += str("[", m.arraySize, "]");
        out += ";\n";
    }
    return out;
}

} // namespace th
