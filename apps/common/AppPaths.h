#pragma once
// Where the programs find the project's assets and the shared glTF samples: next to the
// source tree they were built from (the common case), overridable by environment variables.
#include <filesystem>

namespace th {

/// TRAILHEAD_ASSETS_DIR, else <source>/assets.
std::filesystem::path assetsDirectory();
/// TRAILHEAD_SHARED_DIR, else <source>/../shared (may not exist: callers check).
std::filesystem::path sharedDirectory();
/// The source tree the binary was built from.
std::filesystem::path sourceDirectory();

} // namespace th
