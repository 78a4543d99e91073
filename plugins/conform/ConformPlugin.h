#pragma once
// Ground conform: seats the root plate of upright, instanced trees on a slope (ConformMath.h
// has the math). Each instance carries its ground gradient in the vec2 stream
// "groundGradient":
//
//   instances->setStream(ConformPlugin::kGradientStream, 2, gradients); // dh/dx, dh/dz per instance
//   trunkMaterial->addPlugin(std::make_shared<ConformPlugin>());
//
// Ramp and overshoot are uniforms (instant); setActive flips the CONFORM define (an effect
// switch); parameters() offers all three to the demo. Models must have local +Y up and their
// origin at the base of the footprint.
#include "material/MaterialPlugin.h"
#include "plugins/common/SwitchDefine.h"
#include "plugins/conform/ConformMath.h"

namespace th {

struct ConformSettings {
    float ramp = kConformDefaultRamp;
    float overshoot = kConformDefaultOvershoot;
};

class ConformPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "Conform";
    static constexpr int kPriority = 210; ///< after wind (200) and dither (205) at the same point
    static constexpr SwitchDefine kDefine{"CONFORM"};
    static constexpr const char* kGradientStream = "groundGradient";
    static constexpr const char* kSnippetFile = "plugins/conform/conform.vert.glsl";

    /// Throws th::Error for a ramp that is not positive or a negative overshoot.
    explicit ConformPlugin(ConformSettings settings = {});
    static PluginDeclaration makeDeclaration();

    void setRamp(float metres);
    void setOvershoot(float overshoot);
    void setActive(bool active);
    bool active() const { return mActive; }
    const ConformSettings& settings() const { return mSettings; }

    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    std::vector<PluginParameter> parameters() override;

private:
    ConformSettings mSettings;
    bool mActive = true;
};

} // namespace th
