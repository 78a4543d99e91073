#pragma once
// What a material and its plugins may look at when choosing defines for one draw: the pass,
// and facts about the mesh. Plain data, so the material layer needs nothing from the scene.
#include <cstdint>

#include "material/PrimitiveTopology.h"
#include "material/RenderPass.h"

namespace th {

struct DrawInfo {
    RenderPass pass = RenderPass::Main;
    bool instanced = false; ///< drawn with per-instance attributes (sets INSTANCES)
    bool hasNormals = true;
    bool hasTangents = false;
    bool hasUv0 = false;
    bool hasUv1 = false;
    bool hasColors = false;
    bool receiveShadows = true;
    /// Bits a game may use to vary defines per mesh (a plugin reads them in prepareDefines).
    uint32_t userFlags = 0;
    /// Skinning in the vertex shader: 0 (none), 4 or 8 influences (SKINNING, SKINNING_8).
    int skinInfluences = 0;
    /// Morph targets: the displaced attributes (MorphAttribute bits, MORPH_*) and the texels
    /// each vertex takes in the target texture; 0 = not morphed.
    uint32_t morphAttributes = 0;
    int morphTexelsPerVertex = 0;
    /// The part's primitives: points set POINTS (the vertex shader writes gl_PointSize).
    PrimitiveTopology topology = PrimitiveTopology::Triangles;
    /// TEXCOORD_2 and up on the geometry: bit k = TEXCOORD_(k + 2) (HAS_UV2 …).
    uint32_t extraUvSets = 0;
};

} // namespace th
