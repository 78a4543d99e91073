#include "plugins/conform/ConformPlugin.h"

#include <algorithm>
#include <cmath>

#include "core/Error.h"
#include "core/Str.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedConformSnippets();

namespace th {

PluginDeclaration ConformPlugin::makeDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.defines = {kDefine.declared()};
    d.uniforms = {{"conformRamp", "float"}, {"conformOvershoot", "float"}};
    d.attributes = {{kGradientStream, 2}};
    d.vertex = loadSnippetFile(kSnippetFile, embeddedConformSnippets());
    return d;
}

ConformPlugin::ConformPlugin(ConformSettings settings) : MaterialPlugin(makeDeclaration()) {
    setRamp(settings.ramp);
    setOvershoot(settings.overshoot);
}

void ConformPlugin::setRamp(float metres) {
    // smoothstep(0, 0, y) is undefined in GLSL: a zero ramp must never reach the shader.
    if (!(metres > 0.0f) || !std::isfinite(metres))
        throw Error(str("conform: ramp must be a positive height in model metres (got ", metres, ")"));
    mSettings.ramp = metres;
}

void ConformPlugin::setOvershoot(float overshoot) {
    if (!(overshoot >= 0.0f) || !std::isfinite(overshoot))
        throw Error(str("conform: overshoot must be 0 or more (got ", overshoot, "); 1 meets the slope, 1.5 tucks in"));
    mSettings.overshoot = overshoot;
}

void ConformPlugin::setActive(bool active) {
    if (active == mActive) return;
    mActive = active;
    markDefinesDirty();
}

void ConformPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo&) const {
    kDefine.set(defines, mActive);
}

void ConformPlugin::updateUniforms(PluginUniforms& uniforms, const FrameInfo&) const {
    uniforms.set("conformRamp", mSettings.ramp);
    uniforms.set("conformOvershoot", mSettings.overshoot);
}

std::vector<PluginParameter> ConformPlugin::parameters() {
    // The ramp's slider starts above 0: a zero ramp is undefined in the shader (see setRamp).
    return {
        {.name = "overshoot (1 meets the slope)", .value = &mSettings.overshoot, .min = 0.0f,
         .max = std::max(3.0f, mSettings.overshoot)},
        {.name = "ramp (model m)", .value = &mSettings.ramp, .min = std::min(0.05f, mSettings.ramp),
         .max = std::max(3.0f, mSettings.ramp)},
        {.name = "seat on the slope (CONFORM define)", .toggle = &mActive, .defines = true},
    };
}

} // namespace th
