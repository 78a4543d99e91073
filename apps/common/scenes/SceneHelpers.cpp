#include "common/scenes/SceneHelpers.h"

#include <glm/gtc/matrix_transform.hpp>

namespace th {

std::shared_ptr<PbrMaterial> solidColorMaterial(const std::string& name, glm::vec3 color, float metallic, float roughness) {
    auto m = std::make_shared<PbrMaterial>(name);
    m->setBaseColorFactor(glm::vec4(color, 1.0f));
    m->setMetallicRoughness(metallic, roughness);
    return m;
}

std::shared_ptr<PbrMaterial> vertexColorMaterial(std::string name, float roughness, AlphaMode alpha, bool doubleSided) {
    PbrParams p;
    p.metallicFactor = 0.0f;
    p.roughnessFactor = roughness;
    p.vertexColors = true;
    p.doubleSided = doubleSided;
    p.alphaMode = alpha;
    return std::make_shared<PbrMaterial>(std::move(name), p); // the params set alpha mode and sides
}

std::shared_ptr<Mesh> meshOf(const MeshData& data, std::shared_ptr<Material> material) {
    auto mesh = std::make_shared<Mesh>(data.name, std::make_shared<Geometry>(data, data.name));
    mesh->setMaterial(std::move(material));
    return mesh;
}

Node& addMeshNode(Node& parent, const std::string& name, std::shared_ptr<Geometry> geometry, std::shared_ptr<Material> material) {
    auto mesh = std::make_shared<Mesh>(name, std::move(geometry));
    mesh->setMaterial(std::move(material));
    Node& node = parent.addChild(name);
    node.mesh = mesh;
    return node;
}

void useSceneLightsOnly(Scene& scene, glm::vec3 clearColor) {
    scene.sunLight = false;
    scene.sky.enabled = false;
    scene.environment.source = EnvironmentSource::None;
    scene.environment.showAsBackground = false;
    scene.fog.enabled = false;
    scene.post.toneMapping = ToneMapping::PbrNeutral;
    scene.post.clearColor = clearColor;
}

} // namespace th
