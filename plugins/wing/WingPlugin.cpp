#include "plugins/wing/WingPlugin.h"

#include <cmath>

#include "core/Error.h"
#include "core/Str.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

namespace th {

PluginDeclaration WingPlugin::makeDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.defines = {{kDefine, "1"}};
    d.uniforms = {{"wingTime", "float"}, {"wingOmega", "float"}, {"wingHalfSpan", "float"}, {"wingMeshBeat", "vec2"}};
    d.attributes = {{kBeatStream, 2}};
    d.vertex = loadSnippetFile(kSnippetFile);
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
    mOmega = hertz > 0.0 ? snapHertz(hertz) : 0.0;
}

void WingPlugin::setActive(bool active) {
    if (active == mActive) return;
    mActive = active;
    markDefinesDirty();
}

void WingPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo&) const {
    if (mActive) setDefine(defines, kDefine, "1");
}

void WingPlugin::updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const {
    uniforms.set("wingTime", frame.shaderTime);
    uniforms.set("wingOmega", float(mOmega));
    uniforms.set("wingHalfSpan", mHalfSpan);
    uniforms.set("wingMeshBeat", mMeshBeat);
}

} // namespace th
