#pragma once
// What a material and its plugins may look at when choosing defines for one draw: the pass,
// and facts about the mesh. Plain data, so the material layer needs nothing from the scene.
#include <cstdint>

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
};

} // namespace th
