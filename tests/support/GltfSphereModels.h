#pragma once
// glTF documents built in the tests: a row of UV spheres (radius 1, 2.5 m apart along +X,
// centred on the origin), one per material given as glTF JSON, so a test states exactly the
// extension JSON it is about and imports it through the real importer.
#include <cstring>
#include <string>
#include <vector>

#include "assets/ProceduralMeshes.h"
#include "core/Str.h"

namespace th::test {

inline std::string base64Encode(const std::vector<unsigned char>& bytes) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
        for (int s = 18; s >= 0; s -= 6) out += k[(v >> s) & 63];
    }
    if (i + 1 == bytes.size()) {
        uint32_t v = uint32_t(bytes[i]) << 16;
        out += str(k[(v >> 18) & 63], k[(v >> 12) & 63], "==");
    } else if (i + 2 == bytes.size()) {
        uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8;
        out += str(k[(v >> 18) & 63], k[(v >> 12) & 63], k[(v >> 6) & 63], "=");
    }
    return out;
}

struct SphereRow {
    std::vector<std::string> materials;      ///< one sphere each, glTF material JSON
    std::vector<std::string> extensionsUsed; ///< names, unquoted
    std::string primitiveExtensions;         ///< JSON object members for every primitive's "extensions"
    std::string rootExtensions;              ///< JSON object members for the document's "extensions"
    std::string extraMaterials;              ///< more materials after the spheres' (for variants), with a leading comma
    std::string resources;                   ///< top-level members ("images", "samplers", "textures"), each followed by a comma
    float spacing = 2.5f;

    /// Where sphere `i` is centred.
    glm::vec3 centre(size_t i) const {
        return {(float(i) - 0.5f * float(materials.size() - 1)) * spacing, 0.0f, 0.0f};
    }

    std::string json() const {
        MeshData sphere = makeUvSphere(1.0f, 64, 32);
        size_t n = sphere.positions.size();
        std::vector<unsigned char> bytes(n * (12 + 12 + 8) + sphere.indices.size() * 4);
        unsigned char* p = bytes.data();
        std::memcpy(p, sphere.positions.data(), n * 12);
        std::memcpy(p + n * 12, sphere.normals.data(), n * 12);
        std::memcpy(p + n * 24, sphere.uv0.data(), n * 8);
        std::memcpy(p + n * 32, sphere.indices.data(), sphere.indices.size() * 4);
        std::string used;
        for (const std::string& e : extensionsUsed) used += str(used.empty() ? "" : ", ", "\"", e, "\"");
        std::string meshes, nodes, sceneNodes, materialList;
        for (size_t i = 0; i < materials.size(); ++i) {
            const char* sep = i ? ", " : "";
            meshes += str(sep, R"({"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2}, "indices": 3, "material": )",
                          i, primitiveExtensions.empty() ? "" : str(R"(, "extensions": {)", primitiveExtensions, "}"), "}]}");
            glm::vec3 c = centre(i);
            nodes += str(sep, R"({"mesh": )", i, R"(, "name": "sphere )", i, R"(", "translation": [)", c.x, ", ", c.y, ", ", c.z, "]}");
            sceneNodes += str(sep, i);
            materialList += str(sep, materials[i]);
        }
        return str(R"({"asset": {"version": "2.0"}, "extensionsUsed": [)", used, "], ",
                   rootExtensions.empty() ? "" : str(R"("extensions": {)", rootExtensions, "}, "), resources,
                   R"("buffers": [{"byteLength": )", bytes.size(), R"(, "uri": "data:application/octet-stream;base64,)",
                   base64Encode(bytes), R"("}], "bufferViews": [)",
                   str(R"({"buffer": 0, "byteLength": )", n * 12, "}, "),
                   str(R"({"buffer": 0, "byteOffset": )", n * 12, R"(, "byteLength": )", n * 12, "}, "),
                   str(R"({"buffer": 0, "byteOffset": )", n * 24, R"(, "byteLength": )", n * 8, "}, "),
                   str(R"({"buffer": 0, "byteOffset": )", n * 32, R"(, "byteLength": )", sphere.indices.size() * 4, "}"),
                   R"(], "accessors": [)",
                   str(R"({"bufferView": 0, "componentType": 5126, "count": )", n,
                       R"(, "type": "VEC3", "min": [-1, -1, -1], "max": [1, 1, 1]}, )"),
                   str(R"({"bufferView": 1, "componentType": 5126, "count": )", n, R"(, "type": "VEC3"}, )"),
                   str(R"({"bufferView": 2, "componentType": 5126, "count": )", n, R"(, "type": "VEC2"}, )"),
                   str(R"({"bufferView": 3, "componentType": 5125, "count": )", sphere.indices.size(), R"(, "type": "SCALAR"})"),
                   R"(], "materials": [)", materialList, extraMaterials, R"(], "meshes": [)", meshes, R"(], "nodes": [)", nodes,
                   R"(], "scenes": [{"nodes": [)", sceneNodes, R"(]}], "scene": 0})");
    }
};

} // namespace th::test
