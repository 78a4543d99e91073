#pragma once
// The terrain plugin: turns a PBR material into textured ground of six layers in a fixed
// order — grass, forest floor, rock, sand, pebble and asphalt.
//
// What the fragment code does (terrain.frag.glsl, at CUSTOM_FRAGMENT_BEFORE_LIGHTS, where
// albedo, normal, roughness, F0 and occlusion are final and writable):
//   - layer weights come from the vertices (colour rgba = grass, forest floor, rock, sand;
//     uv1 = pebble, asphalt — see TerrainMath.h for why, and classifySurface for how a mesh
//     bakes them from slope, altitude and noise), refined per pixel by a height blend;
//   - grass, forest floor, sand and pebble are planar projections of world XZ; grass is
//     hex-tiled (three rotated copies on a triangular lattice) so its repeat never shows;
//     rock is triplanar with a short offset-limited parallax; asphalt follows the road
//     centreline table (distance to the nearest segment paints it, its texture runs along
//     the road);
//   - normals: planar layers add the map's xy to world (x, z) (UDN, no tangent frame
//     needed), rock adds each projection's xy in its face's axes, asphalt in the road's;
//   - roughness and F0 are SCALED by per-layer tables (and a roughness map around 1), never
//     replaced, so a wet-ground scaling of the material keeps working; the RAH map's AO
//     scales occlusion;
//   - relief and texture detail fade out between 80 and 140 m to the layers' mean colours
//     and the analytic normal (no fetches beyond).
// The code runs in the main pass only (it shades; it neither moves nor cuts geometry), so
// depth and shadow programs of a terrain carry none of it.
//
// Textures: three 2D texture arrays of six layers — albedo (SRGB8_ALPHA8), normals and
// roughness/AO/height (RGBA8, uploaded as plain data) — and a small RGBA32F road table: 4
// units where twelve per-layer maps plus six albedos would need 18. With the engine's own
// (IBL, BRDF table, sun cascades, spot shadows and their matrices, light data, light
// clusters) the terrain uses 11 of the 16 fragment units WebGL2 guarantees; samplerReport()
// (render/SamplerReport.h) lists them.
//
// Maps: generateMapsAsync() makes them with the procedural generator on a worker thread
// (about 0.4 s of CPU at 512², too long to block a frame; bench-terrain prints it) or reads
// them from a cache file in a directory the app chooses (a few ms); until they are uploaded
// the plugin binds neutral 1×1 placeholders and shades with flat layer colours, so the
// terrain draws at once.
//
// Per-vertex weights ride in the vertex colour and uv1 (TerrainMath.h) because plugin
// attributes are per instance only. The cleaner engine change, once a second plugin needs
// per-vertex data: a PluginDeclaration list of per-vertex attributes that Geometry fills
// from named MeshData streams and the vertex shader declares like instance attributes (the
// locations 10–15 are free on non-instanced meshes).
//
// Threading: texture() and updateUniforms() run on the renderer's thread with its context
// current; uploads happen there.
#include <filesystem>
#include <future>
#include <memory>
#include <vector>

#include <glm/glm.hpp>

#include "plugins/terrain/TerrainTextures.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "material/MaterialPlugin.h"
#include "plugins/common/SwitchDefine.h"
#include "plugins/terrain/TerrainMath.h"

namespace th {

class TerrainPlugin : public MaterialPlugin {
public:
    static constexpr const char* kName = "Terrain";
    static constexpr int kPriority = 200;
    static constexpr SwitchDefine kDefine{"TERRAIN"};
    static constexpr SwitchDefine kRoadDefine{"TERRAIN_ROAD", false};

    TerrainPlugin();
    ~TerrainPlugin() override;

    /// The declaration every terrain plugin has (tests pin it).
    static PluginDeclaration makeDeclaration();

    // --- maps ---
    /// Generates the layer maps on a worker thread, or reads them from `cacheDirectory` when
    /// a matching cache file is there (and writes one after generating). Replaces any set
    /// given before once it is done.
    void generateMapsAsync(TerrainTextureOptions options = {}, std::filesystem::path cacheDirectory = {});
    /// One set per (seed, size) for the whole process, shared by every caller while any holds
    /// it: loaded from `cacheDirectory` or generated (and cached) on first use, on the
    /// calling thread. For scenes that must show the real maps in their first frame.
    static std::shared_ptr<const TerrainTextureSet> sharedMaps(const TerrainTextureOptions& options = {},
                                                               const std::filesystem::path& cacheDirectory =
                                                                   defaultTerrainTextureCacheDirectory());
    /// Uses a set made elsewhere; uploaded at the next frame.
    void setMaps(std::shared_ptr<const TerrainTextureSet> maps);
    /// Blocks until a pending generation has finished (captures, tests). The upload still
    /// happens at the next frame.
    void waitForMaps();
    /// True once real maps are uploaded (placeholders before).
    bool mapsUploaded() const { return mUploaded; }
    /// Whether meshes wait for the maps before drawing (default false: they draw with flat
    /// layer colours meanwhile).
    void setDrawBeforeMaps(bool draw) { mDrawBeforeMaps = draw; }

    // --- road ---
    /// The road centreline: a polyline in world XZ and the road's half width (m). At most
    /// terrain::kMaxRoadSegments segments; throws th::Error otherwise or for a negative
    /// width. An empty polyline removes the road (the TERRAIN_ROAD define goes off).
    void setRoad(const std::vector<glm::vec2>& centreline, float halfWidth, float edgeSoftness = 0.35f);
    int roadSegments() const { return int(mRoadSegments.size()); }

    // --- tuning (uniforms: instant; parameters() offers them to the demo) ---
    void setDetailFade(float start, float end);
    float detailFadeStart() const { return mFadeStart; }
    float detailFadeEnd() const { return mFadeStart + mFadeLength; }
    void setHeightBlendDepth(float depth) { mHeightBlendDepth = depth; }
    void setRockParallaxDepth(float metres) { mParallaxDepth = metres; }
    /// The colour each layer fades to beyond the detail range (linear); set from the maps'
    /// measured means when they are uploaded.
    const std::array<glm::vec3, kTerrainLayerCount>& layerMeans() const { return mLayerMeans; }

    // --- MaterialPlugin ---
    void prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const override;
    void updateUniforms(PluginUniforms& uniforms, const FrameInfo& frame) const override;
    TextureBinding texture(std::string_view sampler) const override;
    /// Also uploads finished maps (the renderer asks on its thread before drawing).
    bool isReady() const override;
    /// Refuses materials that multiply albedo by vertex colours (the colours are weights).
    bool accepts(const Material& material, std::string* reason) const override;
    std::vector<PluginParameter> parameters() override;

private:
    struct Road {
        glm::vec2 a, b;
        float halfWidth;
        float start; ///< distance along the road at a
    };
    void pollMaps() const;
    void ensurePlaceholders() const;

    // GL side, touched only on the renderer's thread (hence mutable behind const hooks).
    mutable std::future<std::shared_ptr<const TerrainTextureSet>> mPending;
    mutable std::shared_ptr<const TerrainTextureSet> mToUpload;
    mutable Texture mAlbedo, mNormals, mRah, mRoadTable;
    mutable Texture mPlaceholderAlbedo, mPlaceholderNormals, mPlaceholderRah, mPlaceholderRoad;
    mutable Sampler mArraySampler, mTableSampler;
    mutable bool mUploaded = false;
    mutable bool mRoadDirty = false;
    mutable bool mWarnedNoColors = false;
    mutable std::array<glm::vec3, kTerrainLayerCount> mLayerMeans;

    bool mDrawBeforeMaps = true;
    std::vector<Road> mRoadSegments;
    glm::vec4 mRoadBounds{0.0f};
    float mRoadEdge = 0.35f;
    // Start and length rather than start and end: two sliders can then never cross, and
    // smoothstep with edges out of order is undefined in GLSL.
    float mFadeStart = terrain::kFadeStart, mFadeLength = terrain::kFadeEnd - terrain::kFadeStart;
    float mHeightBlendDepth = terrain::kHeightBlendDepth;
    float mParallaxDepth = terrain::kRockParallaxDepth;
};

} // namespace th
