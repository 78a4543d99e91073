#include "scene/Mesh.h"

#include "core/Str.h"

#include <algorithm>

namespace th {

Mesh::Mesh(std::string name, std::shared_ptr<Geometry> geometry) : mName(std::move(name)), mGeometry(std::move(geometry)) {}

void Mesh::setMaterial(std::shared_ptr<Material> material) {
    mParts.clear();
    for (auto& s : mGeometry->submeshes()) mParts.push_back({s.firstIndex, s.indexCount, material, s.topology, s.hasNormals});
}

DrawInfo Mesh::drawInfo(RenderPass pass) const {
    const Geometry& g = *mGeometry;
    DrawInfo d{pass, instanced(), g.hasNormals(), g.hasTangents(), g.hasUv0(), g.hasUv1(), g.hasColors(),
               receiveShadows, userFlags};
    d.extraUvSets = g.extraUvSets();
    if (mDeformation) {
        d.skinInfluences = std::min(mDeformation->influences(), g.influences());
        if (auto& t = mDeformation->targets(); t && t->targetCount() > 0) {
            d.morphAttributes = t->attributes();
            d.morphTexelsPerVertex = t->texelsPerVertex();
        }
    }
    return d;
}

DrawInfo Mesh::drawInfo(RenderPass pass, size_t part) const {
    DrawInfo d = drawInfo(pass);
    if (part < mParts.size()) {
        d.topology = mParts[part].topology;
        d.hasNormals = d.hasNormals && mParts[part].hasNormals;
    }
    return d;
}

const VertexArray& Mesh::vertexArray(const std::vector<std::pair<std::string, unsigned>>& layout) {
    std::string key;
    if (instanced())
        for (auto& [name, location] : layout) key += str(name, ':', location, ';');
    // Skin attributes follow the material's plugin attributes (see skinAttributeLocation).
    // Extra UV sets first, then the skin attributes (see extraUvCount).
    const unsigned skinLocation = attrib::skinAttributeLocation(instanced(), layout.size());
    key += str("skin:", skinLocation);
    CachedArray& a = mArrays[key];
    const InstanceBuffer* instances = instanced() ? mInstances.get() : nullptr;
    uint64_t version = instances ? instances->layoutVersion() : 0;
    if (!a.vao || a.instances != instances || a.instanceLayoutVersion != version) {
        a.vao = VertexArray(str(mName, " vao"));
        mGeometry->setupVertexArray(a.vao, skinLocation);
        if (instances) {
            // The instance buffers must exist before attributes can point at them (GL refuses
            // a pointer into no buffer); upload() creates them on first use.
            mInstances->upload();
            instances->setupVertexArray(a.vao, layout);
        }
        a.instances = instances;
        a.instanceLayoutVersion = version;
    }
    return a.vao;
}

} // namespace th
