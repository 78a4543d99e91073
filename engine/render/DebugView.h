#pragma once
// Views that show one input of the frame instead of its light (the demo's menu, th-capture
// --debug-view): each main-pass fragment writes the value it names, displayed as it is (no
// exposure, no tone curve, no bloom, no background), so a roughness of 0.25 reads 0.25.
//   base-color   surfaceAlbedo (linear, shown through sRGB as any colour)
//   normal       world normal · 0.5 + 0.5
//   roughness, metallic, occlusion (the material's), emissive   the surface's values
//   overdraw     every fragment the main pass rasterises, hidden ones included (no depth
//                test), adds 0.1 in linear light: a pixel's layers are its linear value · 10
//   light-count  the lights listed in the fragment's light cluster, as a heat map (black 0,
//                blue, green, yellow, red at 16 or more)
//   cascade      the sun's shadow cascade the fragment reads: red, green, blue, yellow for
//                cascades 0–3, grey past the last one or with no shadows
//   ao           the raw screen-space ambient occlusion (turned on for this view)
//   light-visits per fragment, the local lights its cluster lists (red) and those of them
//                that reach it (green: in range, in the cone, in the mask), each count / 255
//                (exact in an 8-bit readback; bench-lights prints their ratio)
#include <string>
#include <string_view>
#include <vector>

namespace th {

enum class DebugView {
    None, BaseColor, Normal, Roughness, Metallic, Occlusion, Emissive, Overdraw, LightCount, Cascade, AmbientOcclusion,
    LightVisits
};

/// The view's name ("none" for None).
const char* toString(DebugView view);
/// Every view's name, None first.
const std::vector<std::string>& debugViewNames();
/// The view named `name`; throws th::Error listing the names for anything else.
DebugView parseDebugView(std::string_view name);
/// The value of the shaders' DEBUG_VIEW define (0 for None).
inline int debugViewCode(DebugView view) { return int(view); }

} // namespace th
