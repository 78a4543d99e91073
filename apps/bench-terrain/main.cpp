// Prints the time to generate the six terrain layer sets (albedo, normal, roughness/AO/height)
// at a size, with one thread and with all of them, and to load them from a cache file.
//   bench-terrain [size] [repeats]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "plugins/terrain/TerrainTextures.h"
#include "common/BenchStats.h"
#include "core/Error.h"

using namespace th;
using namespace th::bench;

int main(int argc, char** argv) {
    try {
        int size = argc > 1 ? std::atoi(argv[1]) : 512;
        int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
        int cores = int(std::max(1u, std::thread::hardware_concurrency()));
        std::printf("terrain layer maps: 6 layers x 3 maps at %dx%d, median of %d\n", size, size, repeats);
        for (int threads : {1, cores}) {
            Timing t = medianTiming(repeats, [&] { generateTerrainTextures({.seed = 1, .size = size, .threads = threads}); });
            std::printf("  generate, %d thread%s: %8.1f ms wall, %8.1f ms CPU\n", threads, threads == 1 ? " " : "s", t.wallMs,
                        t.cpuMs);
            if (cores == 1) break;
        }
        std::filesystem::path dir = std::filesystem::temp_directory_path() / "th-bench-terrain";
        std::filesystem::remove_all(dir);
        loadOrGenerateTerrainTextures(dir, {.seed = 1, .size = size});
        Timing load = medianTiming(repeats, [&] { loadOrGenerateTerrainTextures(dir, {.seed = 1, .size = size}); });
        std::printf("  load from cache file:  %8.1f ms wall, %8.1f ms CPU\n", load.wallMs, load.cpuMs);
        std::filesystem::remove_all(dir);
        return 0;
    } catch (const Error& e) {
        std::fprintf(stderr, "bench-terrain: %s\n", e.what());
        return 1;
    }
}
