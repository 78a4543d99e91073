#pragma once
#include <string>
#include <utility>
#include <vector>

namespace th {

/// Vertex attribute locations shared by every engine shader, bound by name before linking.
/// Plugins' per-instance attributes take locations from kFirstPluginAttribute upwards.
namespace attrib {
constexpr unsigned kPosition = 0;
constexpr unsigned kNormal = 1;
constexpr unsigned kTangent = 2;
constexpr unsigned kUv0 = 3;
constexpr unsigned kUv1 = 4;
constexpr unsigned kColor = 5;
constexpr unsigned kInstanceMatrix = 6; ///< a mat4: locations 6, 7, 8, 9
constexpr unsigned kFirstPluginAttribute = 10;
constexpr unsigned kMaxAttributes = 16; ///< WebGL2's guaranteed minimum

/// Skinning attributes (joints0, weights0, joints1, weights1) take consecutive locations right
/// after the last attribute the draw uses: the standard ones when not instanced, else the
/// instance matrix and the material's `pluginAttributes` per-instance attributes. Nothing
/// collides; whether everything fits is the effect's attribute budget (EffectCache).
constexpr unsigned skinAttributeLocation(bool instanced, size_t pluginAttributes) {
    return instanced ? kFirstPluginAttribute + unsigned(pluginAttributes) : kInstanceMatrix;
}

/// The names engine shaders give these attributes, with their locations (a mat4 attribute
/// takes four consecutive locations from the one bound).
inline std::vector<std::pair<std::string, unsigned>> standardLocations() {
    return {{"position", kPosition}, {"normal", kNormal}, {"tangent", kTangent}, {"uv", kUv0},
            {"uv2", kUv1}, {"color", kColor}, {"instanceWorld", kInstanceMatrix}};
}
} // namespace attrib

} // namespace th
