#pragma once
// Distance dither: a screen-door fade in and out over per-instance distance bands, so LOD
// levels cross-dissolve at their seams and scenery never pops (DitherMath.h has the math and
// the seam rule). Instanced meshes carry their bands in the vec4 stream "ditherBands"
// (in start, in end, out start, out end, metres); a non-instanced mesh uses the material's
// mesh bands (setMeshBands; by default they never fire).
//
//   lod0->instances()->setStream(DitherPlugin::kBandsStream, 4, {..., -2, -1, 36, 42, ...});
//   lod1->instances()->setStream(DitherPlugin::kBandsStream, 4, {..., 36, 42, 76, 85, ...});
//   leavesMaterial->addPlugin(std::make_shared<DitherPlugin>());
//
// A discard anywhere in a fragment shader costs the GPU early depth rejection for the whole
// draw, so the plugin refuses materials that are not alpha-tested (AlphaMode::Mask): addPlugin
// throws with the reason, unless called with force = true (a deliberate exception, such as a
// small bucket of opaque props that would otherwise pop).
//
// Under MSAA, where the context lets a fragment write gl_SampleMask (ContextInfo::
// sampleVariables), the main pass splits each pixel's samples instead of the pixels: two
// LODs at a seam resolve to a blend, and alpha to coverage still shapes the edges. Elsewhere
// (WebGL2, a context without the extension: one line in the log) the fade stays per pixel.
//
// The discard runs in every pass: the shadow of a tree thins with the tree. The distance
// scale (a quality tier's "0.6 of every distance") and the mesh bands are uniforms (instant);
// setActive flips the DITHER define (an effect switch). parameters() offers the distance scale
// and the switch to the demo (the bands come with the meshes).
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "material/MaterialPlugin.h"
#include "plugins/common/SwitchDefine.h"
#include "plugins/dither/DitherMath.h"

namespace th {

class DitherPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "Dither";
    static constexpr int kPriority = 205; ///< after wind (200), before conform (210)
    static constexpr SwitchDefine kDefine{"DITHER"};
    static constexpr const char* kBandsStream = "ditherBands";
    static constexpr const char* kVertexSnippetFile = "plugins/dither/dither.vert.glsl";
    static constexpr const char* kFragmentSnippetFile = "plugins/dither/dither.frag.glsl";

    DitherPlugin();
    static PluginDeclaration makeDeclaration();

    /// Multiplies every band (a quality tier's distance scale). Throws th::Error unless positive.
    void setDistanceScale(float scale);
    /// Bands for non-instanced meshes. Throws th::Error for bands DitherBands::problem rejects.
    void setMeshBands(const DitherBands& bands);
    void setActive(bool active);
    bool active() const { return mActive; }
    float distanceScale() const { return mDistanceScale; }
    const DitherBands& meshBands() const { return mMeshBands; }

    /// Refuses materials that are not alpha-tested (see above), with the reason.
    bool accepts(const Material& material, std::string* reason) const override;
    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    std::vector<PluginParameter> parameters() override;

private:
    DitherBands mMeshBands;
    float mDistanceScale = 1.0f;
    bool mActive = true;
};

/// Appends one instance's bands to a "ditherBands" stream (4 floats).
inline void appendDitherBands(std::vector<float>& stream, const DitherBands& bands) {
    stream.insert(stream.end(), {bands.inStart, bands.inEnd, bands.outStart, bands.outEnd});
}

} // namespace th
