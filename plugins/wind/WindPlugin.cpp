#include "plugins/wind/WindPlugin.h"

#include <algorithm>
#include <cmath>

#include "core/Error.h"
#include "core/Str.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedWindSnippets();

namespace th {

const char* toString(WindProfile profile) {
    switch (profile) {
    case WindProfile::Grass: return "grass";
    case WindProfile::Meadow: return "meadow";
    case WindProfile::Flower: return "flower";
    case WindProfile::Bush: return "bush";
    case WindProfile::Understory: return "understory";
    case WindProfile::TreeCrown: return "tree crown";
    }
    return "?";
}

namespace {
float checkedHeight(float metres) {
    if (!(metres > 0.0f) || !std::isfinite(metres))
        throw Error(str("wind: mesh height must be a positive number of metres (got ", metres,
                        "); pass the model-space height of the mesh, origin at its base"));
    return metres;
}
float checkedDegrees(glm::vec2 d) {
    float len = glm::length(d);
    if (!(len > 1e-6f) || !std::isfinite(len))
        throw Error(str("wind: direction (", d.x, ", ", d.y, ") has no length; give a world XZ direction"));
    return glm::degrees(std::atan2(d.y, d.x));
}
glm::vec2 unitDirection(float degrees) {
    float a = glm::radians(degrees);
    return {std::cos(a), std::sin(a)};
}
} // namespace

PluginDeclaration WindPlugin::makeDeclaration(const WindSettings& settings) {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.defines = {kDefine.declared(), kInstanceScaleDefine.declared()};
    d.uniforms = {{"windTime", "float"},      {"windDirection", "vec2"}, {"windSpeed", "float"},
                  {"windLean", "float"},      {"windAmplitude", "float"}, {"windMeshHeight", "float"}};
    d.attributes = {{kScaleStream, 1}};
    d.vertex = loadSnippetFile(kSnippetFile, embeddedWindSnippets());
    d.inShadowPass = settings.inShadowPass;
    d.inDepthPass = settings.inDepthPass;
    return d;
}

WindPlugin::WindPlugin(WindSettings settings) : MaterialPlugin(makeDeclaration(settings)), mProfile(settings.profile) {
    mState.meshHeight = checkedHeight(settings.meshHeight);
    mDirectionDegrees = checkedDegrees(settings.direction);
    mState.speed = settings.speed;
    mState.lean = settings.lean;
    mState.amplitude = settings.amplitude >= 0.0f ? settings.amplitude : windProfileAmplitude(settings.profile, settings.meshHeight);
    mPerInstanceScale = settings.perInstanceScale;
}

void WindPlugin::setDirection(glm::vec2 direction) { mDirectionDegrees = checkedDegrees(direction); }
void WindPlugin::setSpeed(float speed) { mState.speed = speed; }
void WindPlugin::setLean(float lean) { mState.lean = lean; }
void WindPlugin::setAmplitude(float metres) { mState.amplitude = metres; }
void WindPlugin::setProfile(WindProfile profile) {
    mProfile = profile;
    mState.amplitude = windProfileAmplitude(profile, mState.meshHeight);
}
void WindPlugin::setMeshHeight(float metres) { mState.meshHeight = checkedHeight(metres); }

WindState WindPlugin::state() const {
    WindState s = mState;
    s.direction = unitDirection(mDirectionDegrees);
    return s;
}

void WindPlugin::setActive(bool active) {
    if (active == mActive) return;
    mActive = active;
    markDefinesDirty();
}

void WindPlugin::setPerInstanceScale(bool on) {
    if (on == mPerInstanceScale) return;
    mPerInstanceScale = on;
    markDefinesDirty();
}

void WindPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo&) const {
    if (!mActive) return;
    kDefine.set(defines);
    kInstanceScaleDefine.set(defines, mPerInstanceScale);
}

void WindPlugin::updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const {
    uniforms.set("windTime", frame.shaderTime);
    uniforms.set("windDirection", unitDirection(mDirectionDegrees));
    uniforms.set("windSpeed", mState.speed);
    uniforms.set("windLean", mState.lean);
    uniforms.set("windAmplitude", mState.amplitude);
    uniforms.set("windMeshHeight", mState.meshHeight);
}

std::vector<PluginParameter> WindPlugin::parameters() {
    // Room to exaggerate: a quarter of the mesh height, or three times the profile's tip.
    float amplitudeMax = std::max({0.25f * mState.meshHeight, 3.0f * windProfileAmplitude(mProfile, mState.meshHeight),
                                   mState.amplitude});
    return {
        {.name = "direction (degrees from +X)", .value = &mDirectionDegrees, .min = -180.0f, .max = 180.0f},
        {.name = "speed", .value = &mState.speed, .min = 0.0f, .max = std::max(4.0f, mState.speed)},
        {.name = "lean (tip amplitudes)", .value = &mState.lean, .min = 0.0f, .max = std::max(2.0f, mState.lean)},
        {.name = str("amplitude (m, ", toString(mProfile), ")"), .value = &mState.amplitude, .min = 0.0f, .max = amplitudeMax},
        {.name = "sway (WIND define)", .toggle = &mActive, .defines = true},
    };
}

} // namespace th
