#include "render/FrameSummary.h"

#include <vector>

#include "material/FrameTexture.h"
#include "scene/Scene.h"

namespace th {

FrameSummary summarizeScene(const Scene& scene) {
    FrameSummary summary;
    std::vector<const Node*> stack{&scene.root()};
    while (!stack.empty()) {
        const Node* node = stack.back();
        stack.pop_back();
        if (node->mesh)
            for (const MeshPart& part : node->mesh->parts()) {
                const Material* m = part.material.get();
                if (!m) continue;
                summary.blends = summary.blends || m->alphaMode() == AlphaMode::Blend;
                summary.readsOpaqueColor = summary.readsOpaqueColor || m->readsFrameTexture(frame_texture::kOpaqueColor.name);
                summary.readsSheenEnvironment =
                    summary.readsSheenEnvironment || m->readsFrameTexture(frame_texture::kSheenEnvironment.name);
            }
        for (const auto& child : node->children()) stack.push_back(child.get());
    }
    return summary;
}

} // namespace th
