#pragma once
// Small pieces the scene builders share: materials of one colour or of vertex colours, a mesh
// with its own geometry, a node drawing a mesh (instance transforms: placed in scene/Transform.h), and the settings of a
// scene lit only by its own lights.
#include <memory>
#include <string>

#include <glm/glm.hpp>

#include "material/PbrMaterial.h"
#include "scene/Mesh.h"
#include "scene/MeshData.h"
#include "scene/Node.h"
#include "scene/Scene.h"

namespace th {

/// A PBR material of one opaque base colour.
std::shared_ptr<PbrMaterial> solidColorMaterial(const std::string& name, glm::vec3 color, float metallic, float roughness);

/// A dielectric PBR material whose base colour comes from the mesh's vertex colours (the
/// procedural trees, grass, birds and ground carry their colours per vertex).
std::shared_ptr<PbrMaterial> vertexColorMaterial(std::string name, float roughness, AlphaMode alpha = AlphaMode::Opaque,
                                                 bool doubleSided = false);

/// A mesh drawing `data` with `material`, on a geometry of its own; both are named after the
/// data.
std::shared_ptr<Mesh> meshOf(const MeshData& data, std::shared_ptr<Material> material);

/// A child of `parent` named `name` drawing `geometry` with `material`; the mesh takes the
/// node's name.
Node& addMeshNode(Node& parent, const std::string& name, std::shared_ptr<Geometry> geometry, std::shared_ptr<Material> material);

/// A closed room: no sun, sky, environment lighting or fog, so only the scene's own lights
/// show; neutral tone mapping, clearing to `clearColor`.
void useSceneLightsOnly(Scene& scene, glm::vec3 clearColor);

} // namespace th
