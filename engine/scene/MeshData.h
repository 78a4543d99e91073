#pragma once
// Geometry on the CPU, before upload: what the glTF importer and the procedural generators
// produce and what tangent generation and bounds work on. Attribute arrays are either empty
// or as long as `positions`.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "material/EngineInterface.h"
#include "scene/Bounds.h"

namespace th {

/// A range of `MeshData::indices` drawn with one material.
struct Submesh {
    uint32_t firstIndex = 0;
    uint32_t indexCount = 0;
    int material = -1; ///< index into the owner's material list; -1 = the default material
};

struct MeshData {
    std::string name;
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;
    std::vector<glm::vec4> tangents; ///< xyz tangent, w = bitangent sign (MikkTSpace convention)
    std::vector<glm::vec2> uv0;
    std::vector<glm::vec2> uv1;
    std::vector<glm::vec4> colors;   ///< linear RGBA vertex colours
    std::vector<uint32_t> indices;   ///< triangle list
    std::vector<Submesh> submeshes;  ///< empty means one submesh over all indices, material -1

    size_t vertexCount() const { return positions.size(); }
    Bounds bounds() const {
        Bounds b;
        for (auto& p : positions) b.add(p);
        return b;
    }
};


} // namespace th
