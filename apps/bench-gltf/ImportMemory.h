#pragma once
// bench-gltf --memory: the peak resident memory of importing a model and uploading it, against
// the size of its buffers and its decoded images, for each shared sample and for a generated
// 8 M-triangle grid.
#include <filesystem>
#include <vector>

#include "gl/Context.h"

namespace th::bench {

/// Prints one row per model; returns the process exit code (1 when a model fails).
int runImportMemoryBenchmark(const std::vector<std::filesystem::path>& models, GlApi api, int gridSide);

} // namespace th::bench
