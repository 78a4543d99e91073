#pragma once
// An instanced draw under a group node: a mesh sharing a geometry and material, with its own
// instance buffer. Hidden while empty (an instanced mesh without instances would draw once
// at its node's transform).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "material/Material.h"
#include "scene/Geometry.h"
#include "scene/InstanceBuffer.h"
#include "scene/Mesh.h"
#include "scene/Node.h"

namespace th::hike {

/// One extra per-instance stream: its name, components per instance and the values.
using InstanceStream = std::pair<const char*, std::pair<int, std::vector<float>>>;

struct InstanceBucket {
    Node* node = nullptr;
    std::shared_ptr<Mesh> mesh;
    std::shared_ptr<InstanceBuffer> instances;

    void create(Node& group, const std::string& name, std::shared_ptr<Geometry> geometry,
                std::shared_ptr<Material> material, bool castShadows);
    /// Replaces the instances; shown when there are any.
    void set(std::vector<glm::mat4> matrices, std::vector<InstanceStream> streams);
};

} // namespace th::hike
