#pragma once
// Impostor cards for far objects (trees): a mesh baked once, side-on, into a texture whose
// alpha is its silhouette, then drawn as alpha-tested cards.
//
// The bake goes through Renderer::bake, so it waits on the readiness gate of its own pass and
// camera and throws when nothing was covered. The tree is drawn unlit (its albedo and vertex
// shading, no light baked in): the card is relit at run time like any PBR surface, so the
// far forest follows the time of day.
//
// The card's mip chain keeps its silhouette: coverage-preserving mips with colours bled into
// the transparent texels (render/CoverageMips.h).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/Image.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "scene/MeshData.h"

namespace th {

class Renderer;

struct ImpostorBake {
    std::shared_ptr<const Texture> texture; ///< SRGB8_ALPHA8, full mip chain, v = 0 at the top
    std::shared_ptr<const Sampler> sampler; ///< trilinear, clamped
    ImageRgba8 image;                       ///< the bake as read back (top row first)
    uint64_t coveredTexels = 0;
};

/// Bakes `tree` (origin at its base, +Y up) seen from +Z into a texture `resolution` texels
/// high, as wide as the tree's width (max of its X and Z extents) needs; the card that shows
/// it spans that width and the tree's Y extent. Throws th::Error from the bake (timeout,
/// nothing covered) or when the bake covers too little to be a tree.
ImpostorBake bakeImpostor(Renderer& renderer, const MeshData& tree, int resolution, const std::string& label);

} // namespace th
