#pragma once
// Wind: grass, flowers, bushes and tree crowns sway; roots stay planted. See WindMath.h for
// the math (its CPU mirror) and wind.vert.glsl for the shader.
//
//   auto wind = std::make_shared<WindPlugin>(WindSettings{.profile = WindProfile::Grass, .meshHeight = 0.6f});
//   grassMaterial->addPlugin(wind);
//   wind->setSpeed(0.8f);                  // instant: a uniform
//
// Costs: direction, speed, lean, amplitude and mesh height are uniforms (instant); switching
// the sway off with setActive(false) or the per-instance scale on or off flips a define
// (the effect is rebuilt once, then cached). Time comes from the renderer's wrapped shader
// time every frame. parameters() offers direction, speed, lean, amplitude and the sway switch
// to the demo's sliders.
//
// The sway runs in the shadow and depth passes too (a swaying crown moves its shadow),
// unless WindSettings::inShadowPass / inDepthPass opt out.
//
// Per-instance amplitude: with perInstanceScale, instanced meshes read the float stream
// "windScale" (InstanceBuffer::setStream(WindPlugin::kScaleStream, 1, ...)): 0 is rigid,
// 1 the profile. Without it (and on non-instanced meshes) every copy sways fully.
#include <glm/glm.hpp>

#include "material/MaterialPlugin.h"
#include "plugins/common/SwitchDefine.h"
#include "plugins/wind/WindMath.h"

namespace th {

struct WindSettings {
    WindProfile profile = WindProfile::Grass;
    float meshHeight = 1.0f;      ///< model-space height of the mesh (origin at its base), metres
    float amplitude = -1.0f;      ///< tip amplitude in metres; negative takes the profile's
    glm::vec2 direction{1.0f, 0.0f};
    float speed = 1.0f;
    float lean = 0.5f;            ///< steady bend downwind, in tip amplitudes
    bool perInstanceScale = false;
    bool inShadowPass = true;
    bool inDepthPass = true;
};

class WindPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "Wind";
    static constexpr int kPriority = 200;
    static constexpr SwitchDefine kDefine{"WIND"};
    static constexpr SwitchDefine kInstanceScaleDefine{"WIND_INSTANCE_SCALE", false};
    static constexpr const char* kScaleStream = "windScale";
    static constexpr const char* kSnippetFile = "plugins/wind/wind.vert.glsl";

    /// Throws th::Error for a mesh height that is not positive or a zero direction.
    explicit WindPlugin(WindSettings settings = {});

    /// The declaration this plugin registers (also used by tests and tools).
    static PluginDeclaration makeDeclaration(const WindSettings& settings);

    // Uniforms: instant.
    void setDirection(glm::vec2 direction); ///< normalised; throws th::Error for a zero vector
    void setSpeed(float speed);
    void setLean(float lean);
    void setAmplitude(float metres);
    void setProfile(WindProfile profile); ///< sets the amplitude to the profile's
    void setMeshHeight(float metres);     ///< throws th::Error unless positive
    // Defines: an effect switch.
    void setActive(bool active);
    void setPerInstanceScale(bool on);

    bool active() const { return mActive; }
    bool perInstanceScale() const { return mPerInstanceScale; }
    WindProfile profile() const { return mProfile; }
    /// Everything the shader reads except time (for WindMath's windOffset).
    WindState state() const;
    /// Where the wind blows to, in degrees from world +X towards +Z.
    float directionDegrees() const { return mDirectionDegrees; }

    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    std::vector<PluginParameter> parameters() override;

private:
    WindState mState; ///< direction unused: mDirectionDegrees holds it
    // An angle rather than a vector, so a slider can turn the wind and it stays a unit vector.
    float mDirectionDegrees = 0.0f;
    WindProfile mProfile;
    bool mActive = true;
    bool mPerInstanceScale = false;
};

} // namespace th
