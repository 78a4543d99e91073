#pragma once
// The terrain's per-layer texture sets, made by a deterministic procedural generator: seeded,
// tileable noise (gradient fBm, Worley cells, ridges) shaped per layer into an albedo, a
// tangent-space normal and a roughness/AO/height map. Nothing is read from disk, so the sets
// are CC0 by construction and identical on every machine for a seed.
//
// Layout, shared with the terrain plugin (plugins/terrain): six layers in a fixed order, each
// a square RGBA8 image, stored layer after layer so a whole map uploads as one 2D texture
// array. Rows run bottom-up in texture space (row 0 is v = 0), which is how GL reads an
// upload, so no row flip is needed; u follows the first texel axis. Data maps are plain
// values, never colour-managed or premultiplied:
//   albedo  RGB sRGB-encoded colour (upload as SRGB8_ALPHA8), A = 255
//   normal  tangent-space unit normal, xyz · 0.5 + 0.5; x along +u, y along +v (a height
//           rising towards +u gives x < 0.5); A = 255
//   rah     R roughness modulation: factor = R / 128 (128 is ×1); G ambient occlusion
//           (255 open); B height (0 low … 255 high); A = 255
// Cost: about 0.4 s of CPU for all six layers at 512² (bench-terrain prints it), so callers
// generate on a worker thread and keep a cache file (loadOrGenerateTerrainTextures), which
// loads in a few milliseconds. CPU only: this layer never touches GL (the plugin uploads).
#include <array>
#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

namespace th {

enum class TerrainLayer : int { Grass, ForestFloor, Rock, Sand, Pebble, Asphalt };
inline constexpr int kTerrainLayerCount = 6;
const char* toString(TerrainLayer layer);

/// Metres of ground one texture repeat covers, per layer (grass, forest floor, rock, sand,
/// pebble, asphalt). The generator sizes its relief for these; the plugin tiles with them.
inline constexpr std::array<float, kTerrainLayerCount> kTerrainLayerTiling = {2.0f, 2.07f, 1.8f, 1.8f, 2.0f, 3.0f};

struct TerrainTextureOptions {
    uint32_t seed = 1;
    int size = 512;  ///< texels per side, a power of two from 16 to 2048
    int threads = 0; ///< worker threads; 0 = the machine's hardware concurrency (output is the same)
};

struct TerrainTextureSet {
    int size = 0;
    uint32_t seed = 0;
    std::vector<uint8_t> albedo; ///< kTerrainLayerCount × size² × 4
    std::vector<uint8_t> normal;
    std::vector<uint8_t> rah;
    /// Mean linear albedo per layer (the average of the sRGB-decoded texels, as a sampler
    /// sees them): the colour a layer fades to where texture detail is gone.
    std::array<glm::vec3, kTerrainLayerCount> meanAlbedo{};

    size_t layerBytes() const { return size_t(size) * size_t(size) * 4; }
    /// The first byte of layer `layer`'s texel (x, y) in one of the three maps.
    const uint8_t* texel(const std::vector<uint8_t>& map, int layer, int x, int y) const {
        return map.data() + size_t(layer) * layerBytes() + (size_t(y) * size_t(size) + size_t(x)) * 4;
    }
};

/// Generates every layer. Throws th::Error for an unsupported size. Deterministic: the same
/// options give the same bytes whatever the thread count.
TerrainTextureSet generateTerrainTextures(const TerrainTextureOptions& options = {});

/// The colour each layer's generator centres on (linear): what the terrain shows before its
/// maps are loaded. Close to, not equal to, a generated set's meanAlbedo.
std::array<glm::vec3, kTerrainLayerCount> nominalTerrainAlbedo();

/// Reads a set cached by saveTerrainTextures when its seed, size and generator version match;
/// returns false (leaving `out` alone) otherwise or when the file is missing or damaged.
bool loadTerrainTextures(const std::filesystem::path& file, const TerrainTextureOptions& options, TerrainTextureSet& out);
/// Writes a set for loadTerrainTextures. Throws th::Error naming the file on failure.
void saveTerrainTextures(const std::filesystem::path& file, const TerrainTextureSet& set);
/// Cached if a matching file exists in `directory`, else generated and (best effort) cached
/// there. An empty directory just generates.
TerrainTextureSet loadOrGenerateTerrainTextures(const std::filesystem::path& directory, const TerrainTextureOptions& options = {});

/// Where apps keep the cache: TRAILHEAD_TERRAIN_CACHE ("off" disables: empty path), else
/// $XDG_CACHE_HOME/trailhead/terrain, else ~/.cache/trailhead/terrain (beside the program
/// binary cache; a scene builder does not know the build directory).
std::filesystem::path defaultTerrainTextureCacheDirectory();

/// Bumps whenever the generator's output changes (part of the cache file's identity).
inline constexpr uint32_t kTerrainTextureGeneratorVersion = 1;

} // namespace th
