#pragma once
// std140 layout of a uniform block, computed on the CPU so the engine can lay out plugin
// uniforms, size blocks against the 16 KiB limit and write values at the right offsets.
// The rules (OpenGL ES 3.00 §2.12.6.4): scalars align to 4, vec2 to 8, vec3/vec4 to 16;
// array elements and matrix columns round up to 16; a block ends padded to 16.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace th {

enum class UniformType { Float, Int, UInt, Bool, Vec2, Vec3, Vec4, IVec2, IVec3, IVec4, Mat3, Mat4 };

/// Parses a GLSL type name ("vec3", "mat4"); throws th::Error listing the known types.
UniformType parseUniformType(std::string_view glslName);
const char* glslName(UniformType type);

struct Std140Member {
    std::string name;
    UniformType type;
    int arraySize = 0; ///< 0 = not an array
    uint32_t offset = 0;
    uint32_t size = 0;   ///< bytes the member spans
    uint32_t stride = 0; ///< array stride (16-rounded); 0 for non-arrays
};

class Std140Layout {
public:
    /// Appends a member; returns its offset. Names must be unique (throws th::Error).
    uint32_t add(std::string name, UniformType type, int arraySize = 0);
    /// Appends a padding member so the next one starts on a 16-byte boundary.
    uint32_t size() const; ///< total size, padded to 16
    const std::vector<Std140Member>& members() const { return mMembers; }
    const Std140Member* find(std::string_view name) const;
    /// The GLSL body of the block: "    vec3 tint;\n    float amount;\n" — in member order,
    /// which std140 makes the same layout as computed here.
    std::string glslMembers() const;

private:
    std::vector<Std140Member> mMembers;
    uint32_t mEnd = 0;
};

} // namespace th
