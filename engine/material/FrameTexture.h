#pragma once
// Textures the renderer makes from the frame being drawn, which a plugin may read by name
// (PluginDeclaration::frameTextures): the opaque scene's colour, what transmission and
// refraction see behind a surface, and the environment prefiltered for a sheen lobe. A plugin
// that asks for one gets a sampler of that name in
// its code; the renderer makes the texture only in a frame that draws such a plugin, and draws
// the materials that read it after it is made. Constants only: nothing here touches GL.
#include <array>
#include <string>
#include <string_view>

namespace th {

struct FrameTexture {
    std::string_view name;     ///< the sampler's name in the plugin's GLSL
    std::string_view glslType; ///< as the plugin's code declares it
    std::string_view label;    ///< who it is in budget reports and logs
    /// When the renderer makes it, in words (docs/injection-points.md repeats this).
    std::string_view when;
};

namespace frame_texture {
/// The main view's colour after the opaque and alpha-tested parts and the background, in the
/// frame's linear HDR units, the clear colour under what nothing covered, with a full mip
/// chain (level k is 2^k × smaller: roughness picks the level). Materials that read it are
/// drawn after it is made, before blended parts, and are not in it themselves.
inline constexpr FrameTexture kOpaqueColor{"opaqueSceneColor", "sampler2D", "opaque scene colour",
                                           "after the opaque parts and the background, before the parts that read it"};
/// The image-based light's environment convolved with the Charlie sheen lobe (N = V = R, as
/// the Khronos Sample Viewer prefilters it), in the environment's units before its intensity:
/// level k holds sheen roughness k / (levels − 1), levels = log2(face size) − 2 (faces 64²
/// down to 8²). Made in the first frame whose scene holds a reader under image-based light,
/// kept until the environment changes; readers are drawn in their usual order. Without image-based light it
/// is a black cube (and the PBR shader's image-based block does not run).
inline constexpr FrameTexture kSheenEnvironment{"sheenEnvironment", "samplerCube", "sheen environment",
                                                "with the environment, in the first frame whose scene holds a reader"};
inline constexpr std::array<FrameTexture, 2> kAll = {kOpaqueColor, kSheenEnvironment};

/// The position of `name` in kAll; kAll.size() when it names none.
constexpr size_t indexOf(std::string_view name) {
    for (size_t i = 0; i < kAll.size(); ++i)
        if (kAll[i].name == name) return i;
    return kAll.size();
}
/// "opaqueSceneColor" and the others, for messages.
inline std::string knownNames() {
    std::string out;
    for (const FrameTexture& t : kAll) out += (out.empty() ? "" : ", ") + std::string(t.name);
    return out;
}
} // namespace frame_texture

} // namespace th
