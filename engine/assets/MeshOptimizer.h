#pragma once
// Load-time ordering of meshes for the GPU (meshoptimizer): triangles reordered for the
// post-transform vertex cache, then vertices for fetch locality, with every attribute array
// remapped alike. The image drawn is the same; the vertex shader runs fewer times.
#include <cstddef>

#include "scene/MeshData.h"

namespace th {

/// Whether a mesh builder hands back its triangles and vertices as built or ordered for the
/// GPU (optimizeMeshOrder): the same surface either way.
enum class MeshOrder { Optimized, AsBuilt };

/// Average cache miss ratio (vertex shader runs per triangle; 0.5 is ideal for a regular grid,
/// 3 is the worst) of a mesh's triangle lists, over a FIFO cache of `cacheSize` vertices.
float vertexCacheMissRatio(const MeshData& mesh, unsigned cacheSize = 16);

/// Reorders each submesh's triangles (submesh ranges stay where they are) and then the
/// vertices, dropping vertices no triangle uses. Points and lines keep their index order.
void optimizeMeshOrder(MeshData& mesh);

} // namespace th
