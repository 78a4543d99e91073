#pragma once
// CPU mirrors of shaders/common/tonemap.glsl, for tests and tools: input is exposed linear
// HDR colour, output linear in [0, 1] (sRGB encoding comes after).
#include <glm/glm.hpp>

#include "scene/Atmosphere.h"

namespace th {

/// Narkowicz's fit of the ACES RRT+ODT (2016), clamped to [0, 1].
glm::vec3 toneMapAces(glm::vec3 color);
/// Khronos PBR Neutral (KhronosGroup/ToneMapping, PBR_Neutral): colours whose peak channel
/// stays under 0.76 pass unchanged apart from a small offset that lifts the darkest channel
/// back towards black; brighter ones are compressed towards 1 and desaturated.
glm::vec3 toneMapPbrNeutral(glm::vec3 color);
/// AgX (Sobotka; Wrensch's minimal form): middle grey 0.18 lands near 0.5 encoded, 16.3
/// (4 EV over it) at white; `punchy` adds the look with more contrast and saturation.
glm::vec3 toneMapAgx(glm::vec3 color, bool punchy = false);
/// None clamps.
glm::vec3 applyToneMapping(ToneMapping mapping, glm::vec3 color);

} // namespace th
