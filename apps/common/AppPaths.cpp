#include "common/AppPaths.h"

#include <cstdlib>

namespace th {

std::filesystem::path sourceDirectory() { return TRAILHEAD_SOURCE_DIR; }

std::filesystem::path assetsDirectory() {
    if (const char* d = std::getenv("TRAILHEAD_ASSETS_DIR"); d && *d) return d;
    return sourceDirectory() / "assets";
}

std::filesystem::path sharedDirectory() {
    if (const char* d = std::getenv("TRAILHEAD_SHARED_DIR"); d && *d) return d;
    return (sourceDirectory() / ".." / "shared").lexically_normal();
}

} // namespace th
