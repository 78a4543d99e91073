#include "plugins/wing/WingPlugin.h"

#include <algorithm>
#include <cmath>

#include "core/Error.h"
#include "core/Str.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedWingSnippets();

namespace th {

PluginDeclaration WingPlugin::makeDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.defines = {kDefine.declared()};
    d.uniforms = {{"wingTime", "float"}, {"wingOmega", "float"}, {"wingHalfSpan", "float"}, {"wingMeshBeat", "vec2"}};
    d.attributes = {{kBeatStream, 2}};
    d.vertex = loadSnippetFile(kSnippetFile, embeddedWingSnippets());
    return d;
}

WingPlugin::WingPlugin(WingSettings settings) : MaterialPlugin(makeDeclaration()) {
    setHalfSpan(settings.halfSpan);
    setHertz(settings.hertz);
}

void WingPlugin::setHalfSpan(float metres) {
    // A zero half-span would divide by zero in the shader (NaN positions: the bird vanishes).
    if (!(metres > 0.0f) || !std::isfinite(metres))
        throw Error(str("wing: half-span must be a positive number of metres (got ", metres,
                        "); use the largest |x| of the mesh"));
    mHalfSpan = metres;
}

void WingPlugin::setHertz(double hertz) {
    if (!(hertz >= 0.0) || !std::isfinite(hertz))
        throw Error(str("wing: beat frequency must be 0 Hz or more (got ", hertz, " Hz)"));
    mHertz = float(hertz);
}

double WingPlugin::omega() const { return mHertz > 0.0f ? snapHertz(double(mHertz)) : 0.0; }

void WingPlugin::setActive(bool active) {
    if (active == mActive) return;
    mActive = active;
    markDefinesDirty();
}

void WingPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo&) const {
    kDefine.set(defines, mActive);
}

void WingPlugin::updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const {
    uniforms.set("wingTime", frame.shaderTime);
    uniforms.set("wingOmega", float(omega()));
    uniforms.set("wingHalfSpan", mHalfSpan);
    uniforms.set("wingMeshBeat", mMeshBeat);
}

std::vector<PluginParameter> WingPlugin::parameters() {
    // Slider floors above 0 where the setters refuse 0 (a zero half-span divides by zero).
    return {
        {.name = "beat frequency (Hz)", .value = &mHertz, .min = 0.0f, .max = std::max(20.0f, mHertz)},
        {.name = "half-span (m)", .value = &mHalfSpan, .min = std::min(0.05f, mHalfSpan), .max = std::max(2.0f, mHalfSpan)},
        {.name = "beat (WING define)", .toggle = &mActive, .defines = true},
    };
}

} // namespace th
