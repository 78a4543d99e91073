#include "plugins/transmission/TransmissionPlugin.h"

#include <algorithm>
#include <cmath>

#include "material/FrameTexture.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"
#include "plugins/common/SwitchDefine.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedTransmissionSnippets();

namespace th {

namespace {
const ExtensionTexture kTextures[] = {{"transmissionMap", "HAS_TRANSMISSION_MAP"}, {"thicknessMap", "HAS_THICKNESS_MAP"}};
constexpr SwitchDefine kVolume{"TRANSMISSION_VOLUME", false};
constexpr SwitchDefine kDispersion{"TRANSMISSION_DISPERSION", false};

bool dispersive(const TransmissionPlugin::Params& p) { return p.volume && p.dispersion > 0.0f; }
} // namespace

PluginDeclaration TransmissionPlugin::ownDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.uniforms = {{"transmissionFactor", "float"}, {"transmissionIor", "float"},   {"thicknessFactor", "float"},
                  {"attenuationDistance", "float"}, {"attenuationColor", "vec3"}, {"dispersion", "float"}};
    d.defines.push_back(kVolume.declared());
    d.defines.push_back(kDispersion.declared());
    d.frameTextures = {std::string(frame_texture::kOpaqueColor.name)};
    d.fragment = loadSnippetFile(kSnippetFile, embeddedTransmissionSnippets());
    return d;
}

ExtensionTextureTable TransmissionPlugin::textures() { return kTextures; }

TransmissionPluginParams TransmissionPlugin::paramsOf(const PbrParams& material) {
    Params out;
    out.transmission = material.transmission.value_or(TransmissionParams{});
    out.volume = material.volume;
    out.dispersion = material.dispersion ? material.dispersion->dispersion : 0.0f;
    out.ior = material.ior;
    return out;
}

TransmissionPluginParams TransmissionPlugin::worstCase() {
    Params p;
    p.transmission.factor = 1.0f;
    p.volume = VolumeParams{.thicknessFactor = 1.0f};
    p.dispersion = 1.0f;
    return p;
}

bool TransmissionPlugin::changesDefines(const Params& before, const Params& after) const {
    return before.volume.has_value() != after.volume.has_value() || dispersive(before) != dispersive(after);
}

void TransmissionPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    ExtensionPlugin::prepareDefines(defines, draw);
    kVolume.set(defines, mParams.volume.has_value());
    kDispersion.set(defines, dispersive(mParams));
}

void TransmissionPlugin::writeParams(PluginUniforms& u) const {
    u.set("transmissionFactor", mParams.transmission.factor);
    // IOR 0 (KHR_materials_ior's "fully specular") or below 1 would divide by zero or bend the
    // ray the wrong way: such a surface refracts as IOR 1 (straight through).
    u.set("transmissionIor", std::max(mParams.ior, 1.0f));
    const VolumeParams volume = mParams.volume.value_or(VolumeParams{});
    u.set("thicknessFactor", volume.thicknessFactor);
    // +∞ (nothing absorbed) travels as 0, which the shader reads as "no attenuation".
    u.set("attenuationDistance", std::isfinite(volume.attenuationDistance) ? volume.attenuationDistance : 0.0f);
    u.set("attenuationColor", volume.attenuationColor);
    u.set("dispersion", mParams.dispersion);
}

std::vector<PluginParameter> TransmissionPlugin::parameters() {
    std::vector<PluginParameter> out = {{.name = "transmission", .value = &mParams.transmission.factor, .min = 0.0f, .max = 1.0f}};
    if (mParams.volume) {
        out.push_back({.name = "thickness", .value = &mParams.volume->thicknessFactor, .min = 0.0f, .max = 2.0f});
        if (mParams.dispersion > 0.0f) out.push_back({.name = "dispersion", .value = &mParams.dispersion, .min = 0.0f, .max = 10.0f});
    }
    return out;
}

} // namespace th
