#pragma once
// The main view's Scene block (SceneUniforms) as a frame begins: camera, viewport, sun and
// hemisphere light, night fill, image-based light and fog, exposure; and what lights the frame. Shadows and lights fill
// their fields later in the frame (ShadowMapsPass, LightsPass).
#include <span>

#include "material/EngineInterface.h"
#include "render/ImageBasedLighting.h"
#include "render/SceneUniforms.h"
#include "scene/Camera.h"
#include "scene/Scene.h"
#include "shader/ShaderStore.h"

namespace th {

/// Updates `ibl` for the scene's environment (it may prefilter) and returns the block.
SceneUniforms mainSceneBlock(const Scene& scene, const Camera& camera, int width, int height, double seconds,
                             ImageBasedLighting& ibl, const ShaderStore& store, const VertexArray& emptyVao);

/// What lights the frame, from its main block and the scene's lights (any enabled one counts,
/// in view or not, so that turning the camera selects no new program). Main-pass effects
/// leave out the rest; `specialize` false keeps every kind.
FrameLighting frameLighting(std::span<const Light> lights, const SceneUniforms& main, bool specialize, bool shadows, int cascades);

} // namespace th
