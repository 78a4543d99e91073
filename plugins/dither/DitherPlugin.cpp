#include "plugins/dither/DitherPlugin.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/Error.h"
#include "core/Str.h"
#include "material/Material.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedDitherSnippets();

namespace th {

PluginDeclaration DitherPlugin::makeDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.defines = {kDefine.declared()};
    d.uniforms = {{"ditherDistanceScale", "float"}, {"ditherMeshBands", "vec4"}};
    d.attributes = {{kBandsStream, 4}};
    d.vertex = loadSnippetFile(kVertexSnippetFile, embeddedDitherSnippets());
    d.fragment = loadSnippetFile(kFragmentSnippetFile, embeddedDitherSnippets());
    return d;
}

DitherPlugin::DitherPlugin() : MaterialPlugin(makeDeclaration()) {}

void DitherPlugin::setDistanceScale(float scale) {
    if (!(scale > 0.0f) || !std::isfinite(scale))
        throw Error(str("dither: distance scale must be positive (got ", scale, "); 1 keeps the bands as given"));
    mDistanceScale = scale;
}

void DitherPlugin::setMeshBands(const DitherBands& bands) {
    std::string problem = bands.problem();
    if (!problem.empty())
        throw Error(str("dither: mesh bands (", bands.inStart, ", ", bands.inEnd, ", ", bands.outStart, ", ", bands.outEnd,
                        "): ", problem));
    mMeshBands = bands;
}

void DitherPlugin::setActive(bool active) {
    if (active == mActive) return;
    mActive = active;
    markDefinesDirty();
}

bool DitherPlugin::accepts(const Material& material, std::string* reason) const {
    if (!MaterialPlugin::accepts(material, reason)) return false;
    if (material.alphaMode() == AlphaMode::Mask) return true;
    if (reason)
        *reason = str("the dither discards fragments, and material '", material.name(), "' is not alpha-tested (alpha mode '",
                      toString(material.alphaMode()),
                      "'): a discard would cost it early depth rejection on every draw. Use AlphaMode::Mask, hand "
                      "the LODs over geometrically, or pass force = true to addPlugin for a deliberate exception");
    return false;
}

void DitherPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo&) const {
    kDefine.set(defines, mActive);
}

void DitherPlugin::updateUniforms(PluginUniforms& uniforms, const FrameInfo&) const {
    uniforms.set("ditherDistanceScale", mDistanceScale);
    uniforms.set("ditherMeshBands", mMeshBands.vec());
}

std::vector<PluginParameter> DitherPlugin::parameters() {
    // The scale's slider starts above 0: setDistanceScale refuses 0, which would collapse every band.
    return {
        {.name = "distance scale", .value = &mDistanceScale, .min = std::min(0.1f, mDistanceScale),
         .max = std::max(3.0f, mDistanceScale)},
        {.name = "fade (DITHER define)", .toggle = &mActive, .defines = true},
    };
}

} // namespace th
