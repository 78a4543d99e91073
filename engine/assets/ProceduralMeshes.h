#pragma once
// Meshes built in code for tests, stress scenes and placeholders. Every generator returns
// positions, normals, uv0 and generated tangents (colours where noted or asked for),
// counter-clockwise front faces, +Y up, right-handed, UVs in glTF's convention (v = 0 at the
// top of the image). Sizes are in metres. Each is ordered for the GPU's vertex cache and
// fetch (optimizeMeshOrder) as imported meshes are, unless `order` asks for the build order.
#include <optional>

#include <glm/glm.hpp>

#include "assets/MeshAppend.h"
#include "assets/MeshOptimizer.h"
#include "scene/MeshData.h"

namespace th {

/// A plane in XZ facing +Y, centred on the origin, `subdivisions` quads along each side;
/// u follows +X, v follows +Z.
MeshData makePlane(float width, float depth, int subdivisions = 1, std::optional<glm::vec4> color = std::nullopt,
                   MeshOrder order = MeshOrder::Optimized);

/// An axis-aligned box centred on the origin, 4 vertices per face, each face mapped 0..1.
MeshData makeBox(const glm::vec3& size, std::optional<glm::vec4> color = std::nullopt, MeshOrder order = MeshOrder::Optimized);

/// A sphere around the origin: `segments` around Y, `rings` from pole to pole (no degenerate
/// triangles at the poles: segments · (2 · rings − 2) triangles). u goes around (seam at
/// +Z), v from the north pole (0) to the south pole (1).
MeshData makeUvSphere(float radius, int segments, int rings, std::optional<glm::vec4> color = std::nullopt,
                      MeshOrder order = MeshOrder::Optimized);

/// A cylinder along Y centred on the origin: smooth sides (2 · sides triangles) and, with
/// `caps`, flat discs (sides triangles each).
MeshData makeCylinder(float radius, float height, int sides, bool caps = true,
                      std::optional<glm::vec4> color = std::nullopt, MeshOrder order = MeshOrder::Optimized);

/// A cone along Y centred on the origin, apex up: smooth sides cut into `heightSegments`
/// rings (sides · (2 · heightSegments − 1) triangles) and, with `cap`, a base disc.
MeshData makeCone(float radius, float height, int sides, int heightSegments = 1, bool cap = true,
                  std::optional<glm::vec4> color = std::nullopt, MeshOrder order = MeshOrder::Optimized);

/// The forest stress scene's tree: a 12-sided trunk 2 m tall and 0.4 m across, under a
/// 36-sided crown cone 6 m tall and 3 m across (6 height rings) whose base sits on the top
/// of the trunk; the trunk's base is at y = 0. Brown trunk, green crown (vertex colours).
/// 480 triangles: 48 trunk + 396 crown sides + 36 crown base; the "about 516" of the scene
/// description counts the 36 degenerate apex triangles a Babylon-style cone would emit.
MeshData makeTree();

/// A grass card: two vertical quads crossed at right angles (normals +Z and +X), `width`
/// across, from y = 0 to `height`; colour from dark green at the root to light at the tip.
/// Single-sided: draw with a double-sided material.
MeshData makeGrassCard(float width = 0.5f, float height = 0.6f);

/// A bird facing +Z: a small diamond body along Z and two wings, each one quad hinged on the
/// body axis (x = 0) and reaching x = ±halfSpan, so that a wing plugin can rotate each about
/// Z. uv0.x is 0 on the body and at the wing roots and rises to 1 at the tips (a flap
/// weight); wings face +Y. Single-sided wings: draw with a double-sided material.
MeshData makeBird(float halfSpan = 0.4f);

/// A butterfly facing +Z: a thin body and two wing pairs (fore and hind, one quad each per
/// side) hinged on the body axis, reaching x = ±halfSpan; uv0.x as for makeBird.
MeshData makeButterfly(float halfSpan = 0.05f);

} // namespace th
