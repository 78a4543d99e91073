#pragma once
// What the frame's materials ask of it, answered by one walk of the scene a frame: does any
// blend, read the opaque scene's colour, read the sheen environment. Every node counts, shown
// or hidden, so that hiding one does not switch every program's variant (or rebuild what a
// frame texture needs).
namespace th {

class Scene;

struct FrameSummary {
    bool blends = false;                ///< a material blends (AlphaMode::Blend)
    bool readsOpaqueColor = false;      ///< a material reads the opaque scene (transmission)
    bool readsSheenEnvironment = false; ///< a material reads the sheen's prefiltered environment
};

FrameSummary summarizeScene(const Scene& scene);

} // namespace th
