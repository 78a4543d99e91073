#pragma once
// A plugin's samplers and uniforms share one GLSL namespace with the engine's (IBL, BRDF
// table, shadows, scene and draw blocks), the material's (baseColorFactor...) and the other
// plugins'. A clash used to surface, if at all, as a driver's "redefinition" blamed on the
// engine's generated declarations; this check names the plugin, the name and who else
// declares it, before any driver sees the shader.
#include <string>
#include <utility>
#include <vector>

#include "shader/LineMap.h"
#include "shader/PluginCode.h"

namespace th {

/// Throws th::Error naming the plugin when one of its declared samplers or uniforms is also
/// an engine sampler (`engineSamplers`: name and label), a material sampler, another
/// plugin's, or a uniform (in a block or not) that `stage` (a built shader stage) declares
/// from anywhere but the plugins' own declarations.
void checkPluginNames(const std::vector<const PluginCode*>& plugins,
                      const std::vector<std::pair<std::string, std::string>>& engineSamplers,
                      const std::vector<std::string>& materialSamplers, const std::string& materialName,
                      const ShaderText& stage, const std::string& label);

} // namespace th
