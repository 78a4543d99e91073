#pragma once
// A drawable: geometry, one material per part (submesh), optional per-instance data, and the
// vertex arrays that combine them (one per instance-attribute layout a material asks for).
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gl/VertexArray.h"
#include "material/DrawInfo.h"
#include "material/Material.h"
#include "scene/Geometry.h"
#include "scene/InstanceBuffer.h"
#include "scene/MeshDeformation.h"

namespace th {

struct MeshPart {
    uint32_t firstIndex = 0;
    uint32_t indexCount = 0;
    std::shared_ptr<Material> material;
    PrimitiveTopology topology = PrimitiveTopology::Triangles;
    bool hasNormals = true; ///< false: points or lines without normals, drawn unlit
};

class Mesh {
public:
    Mesh(std::string name, std::shared_ptr<Geometry> geometry);

    const std::string& name() const { return mName; }
    const std::shared_ptr<Geometry>& geometry() const { return mGeometry; }
    std::vector<MeshPart>& parts() { return mParts; }
    const std::vector<MeshPart>& parts() const { return mParts; }
    /// One part per geometry submesh, all with `material`.
    void setMaterial(std::shared_ptr<Material> material);

    /// Per-instance data: drawn instanced (INSTANCES defined) when set and non-empty.
    void setInstances(std::shared_ptr<InstanceBuffer> instances) { mInstances = std::move(instances); }
    const std::shared_ptr<InstanceBuffer>& instances() const { return mInstances; }
    bool instanced() const { return mInstances && mInstances->count() > 0; }

    /// Skinning and morphing of this instance (null for a rigid mesh). Instances drawn from
    /// InstanceBuffer share it: one pose for all of them.
    void setDeformation(std::shared_ptr<MeshDeformation> deformation) { mDeformation = std::move(deformation); }
    const std::shared_ptr<MeshDeformation>& deformation() const { return mDeformation; }
    /// The mesh's bounds in its node's space: the posed ones when it is deformed.
    Bounds localBounds() const { return mDeformation ? mDeformation->bounds(mGeometry->bounds()) : mGeometry->bounds(); }

    bool castShadows = true;
    /// Points and lines cast no shadow (they have no area to block light with) unless asked.
    bool pointsAndLinesCastShadows = false;
    bool receiveShadows = true;
    bool visible = true;
    /// Which lights reach this mesh (see Light::mask); combined with the material's mask.
    uint32_t lightMask = 0xFFFFFFFFu;
    /// Game-defined bits handed to material plugins in DrawInfo::userFlags.
    uint32_t userFlags = 0;

    /// What the effect of a part drawn in `pass` depends on besides its material: the
    /// geometry's attributes, instancing, shadow receiving, userFlags. The renderer builds the
    /// effect request from it; tools and benchmarks ask for the same effect with it.
    DrawInfo drawInfo(RenderPass pass = RenderPass::Main) const;
    /// The same for one part: its topology, and no normals where the part has none.
    DrawInfo drawInfo(RenderPass pass, size_t part) const;

    /// The vertex array for a plugin-attribute layout (created on first use, rebuilt when the
    /// instance streams change).
    const VertexArray& vertexArray(const std::vector<std::pair<std::string, unsigned>>& instanceLayout);

private:
    std::string mName;
    std::shared_ptr<Geometry> mGeometry;
    std::vector<MeshPart> mParts;
    std::shared_ptr<InstanceBuffer> mInstances;
    std::shared_ptr<MeshDeformation> mDeformation;
    struct CachedArray {
        VertexArray vao;
        uint64_t instanceLayoutVersion = 0;
        const InstanceBuffer* instances = nullptr;
    };
    std::map<std::string, CachedArray> mArrays;
};

} // namespace th
