#include "hike/InstanceBucket.h"

namespace th::hike {

void InstanceBucket::create(Node& group, const std::string& name, std::shared_ptr<Geometry> geometry,
                            std::shared_ptr<Material> material, bool castShadows) {
    node = &group.addChild(name);
    mesh = std::make_shared<Mesh>(name, std::move(geometry));
    mesh->setMaterial(std::move(material));
    mesh->castShadows = castShadows;
    instances = std::make_shared<InstanceBuffer>(name);
    mesh->setInstances(instances);
    node->mesh = mesh;
    node->visible = false;
}

void InstanceBucket::set(std::vector<glm::mat4> matrices, std::vector<InstanceStream> streams) {
    bool any = !matrices.empty();
    instances->setMatrices(std::move(matrices));
    for (auto& [name, s] : streams) instances->setStream(name, s.first, std::move(s.second));
    node->visible = any;
}

} // namespace th::hike
