#pragma once
// Wing beat for birds, butterflies and dragonflies (WingMath.h has the math). One material is
// one beat: its frequency and half-span are per material, and each instance carries
// (phase, amplitude) in the vec2 stream "wingBeat" so a flock beats out of step and an
// amplitude of 0 glides or perches.
//
//   auto wing = std::make_shared<WingPlugin>(WingSettings::raven(0.4f));
//   ravenMaterial->addPlugin(wing);
//   ravens->setStream(WingPlugin::kBeatStream, 2, {phase0, 1.0f, phase1, 1.0f, ...});
//
// The frequency is snapped onto the shader time's 2π/300 grid, so the beat never snaps at
// the 300 s wrap. Frequency, half-span and the non-instanced mesh beat are uniforms
// (instant); setActive flips the WING define (an effect switch). parameters() offers the
// frequency, the half-span and the switch to the demo.
#include <glm/glm.hpp>

#include "material/MaterialPlugin.h"
#include "plugins/common/SwitchDefine.h"
#include "plugins/wing/WingMath.h"

namespace th {

struct WingSettings {
    float halfSpan = 0.4f; ///< metres from the body axis to the wing tip (max |x| of the mesh)
    double hertz = kRavenWingHertz;

    static WingSettings raven(float halfSpan) { return {halfSpan, kRavenWingHertz}; }
    static WingSettings gull(float halfSpan) { return {halfSpan, kGullWingHertz}; }
    static WingSettings butterfly(float halfSpan) { return {halfSpan, kButterflyWingHertz}; }
};

class WingPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "Wing";
    static constexpr int kPriority = 220;
    static constexpr SwitchDefine kDefine{"WING"};
    static constexpr const char* kBeatStream = "wingBeat";
    static constexpr const char* kSnippetFile = "plugins/wing/wing.vert.glsl";

    /// Throws th::Error for a half-span that is not positive or a negative frequency.
    explicit WingPlugin(WingSettings settings = {});
    static PluginDeclaration makeDeclaration();

    void setHalfSpan(float metres);
    /// Snapped onto the 2π/300 grid (0 stays 0: no beat).
    void setHertz(double hertz);
    /// (phase radians, amplitude radians) for non-instanced meshes.
    void setMeshBeat(glm::vec2 phaseAmp) { mMeshBeat = phaseAmp; }
    void setActive(bool active);

    bool active() const { return mActive; }
    float halfSpan() const { return mHalfSpan; }
    /// The snapped angular frequency (rad/s) the shader uses.
    double omega() const;
    /// The frequency asked for, before snapping.
    float hertz() const { return mHertz; }
    glm::vec2 meshBeat() const { return mMeshBeat; }

    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    std::vector<PluginParameter> parameters() override;

private:
    float mHalfSpan = 0.4f;
    // The asked-for frequency, snapped whenever it is read, so a slider can move it.
    float mHertz = 0.0f;
    glm::vec2 mMeshBeat{0.0f};
    bool mActive = true;
};

} // namespace th
