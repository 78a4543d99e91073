#pragma once
// A mesh's morph targets on the GPU: every target's per-vertex deltas in one RGBA32F 2D array
// texture (one layer per target), read in the vertex shader with texelFetch by vertex index.
// A texture, not a uniform block or vertex attributes, so dozens of targets fit the WebGL2
// limits and cost no attribute locations; shared by every instance of the mesh.
#include <cstdint>
#include <string>
#include <vector>

#include "gl/Texture.h"
#include "scene/MeshData.h"

namespace th {

/// Which attributes the targets displace: bits of the MORPH_* defines.
enum MorphAttribute : uint32_t {
    kMorphPosition = 1u << 0,
    kMorphNormal = 1u << 1,
    kMorphTangent = 1u << 2,
    kMorphUv0 = 1u << 3,
    kMorphUv1 = 1u << 4,
    kMorphColor = 1u << 5,
};

class MorphTargetTexture {
public:
    /// Uploads the targets of `mesh` (which must have some). Texels per vertex: one per
    /// displaced attribute, in the order of MorphAttribute (UV sets share one texel).
    MorphTargetTexture(const MeshData& mesh, int maxTextureSize, const std::string& label);

    const Texture& texture() const { return mTexture; }
    uint32_t attributes() const { return mAttributes; }
    int texelsPerVertex() const { return mStride; }
    size_t targetCount() const { return mMaxDisplacement.size(); }
    /// The longest position delta of each target (for bounds that hold the morphed mesh).
    float maxDisplacement(size_t target) const { return mMaxDisplacement[target]; }

private:
    Texture mTexture;
    uint32_t mAttributes = 0;
    int mStride = 0;
    std::vector<float> mMaxDisplacement;
};

} // namespace th
