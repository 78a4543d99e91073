#pragma once
// glTF documents built in the tests: a row of UV spheres (radius 1, 2.5 m apart along +X,
// centred on the origin), one per material given as glTF JSON, so a test states exactly the
// extension JSON it is about and imports it through the real importer.
#include <string>
#include <vector>

#include "assets/ProceduralMeshes.h"
#include "core/Str.h"
#include "support/GltfModelBuilder.h"

namespace th::test {

struct SphereRow {
    std::vector<std::string> materials;      ///< one sphere each, glTF material JSON
    std::vector<std::string> extensionsUsed; ///< names, unquoted
    std::string primitiveExtensions;         ///< JSON object members for every primitive's "extensions"
    std::string rootExtensions;              ///< JSON object members for the document's "extensions"
    std::vector<std::string> extraMaterials; ///< more materials after the spheres' (for variants)
    std::vector<std::string> images, samplers, textures; ///< glTF JSON objects, for the materials' textures
    float spacing = 2.5f;

    /// Where sphere `i` is centred.
    glm::vec3 centre(size_t i) const {
        return {(float(i) - 0.5f * float(materials.size() - 1)) * spacing, 0.0f, 0.0f};
    }

    std::string json() const {
        const MeshData sphere = makeUvSphere(1.0f, 64, 32);
        GltfModelBuilder b;
        for (const std::string& e : extensionsUsed) b.useExtension(e);
        b.setExtensions(rootExtensions);
        for (const std::string& i : images) b.addImage(i);
        for (const std::string& s : samplers) b.addSampler(s);
        for (const std::string& t : textures) b.addTexture(t);
        const GltfModelBuilder::Attributes attributes = {{"POSITION", b.addPositions(sphere.positions)},
                                                         {"NORMAL", b.addAccessor(sphere.normals)},
                                                         {"TEXCOORD_0", b.addAccessor(sphere.uv0)}};
        const int indices = b.addAccessor(sphere.indices);
        std::vector<int> nodes;
        for (size_t i = 0; i < materials.size(); ++i) {
            const int material = b.addMaterial(materials[i]);
            const int mesh = b.addMesh({.primitives = {{.attributes = attributes,
                                                        .indices = indices,
                                                        .material = material,
                                                        .extensions = primitiveExtensions}}});
            nodes.push_back(b.addNode({.name = str("sphere ", i), .mesh = mesh, .translation = centre(i)}));
        }
        for (const std::string& m : extraMaterials) b.addMaterial(m);
        b.addScene(nodes);
        return b.json();
    }
};

} // namespace th::test
