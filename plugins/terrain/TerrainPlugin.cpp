#include "plugins/terrain/TerrainPlugin.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>

#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"
#include "material/PluginUniforms.h"
#include "plugins/common/SnippetFile.h"

// This plugin's snippet files, embedded in its library (plugins/CMakeLists.txt).
std::span<const th::EmbeddedFile> embeddedTerrainSnippets();

namespace th {

namespace {
constexpr const char* kSnippetFile = "plugins/terrain/terrain.frag.glsl";

Texture placeholderArray(TextureFormat format, const uint8_t (&texel)[4], const char* label) {
    std::vector<uint8_t> pixels(size_t(kTerrainLayerCount) * 4);
    for (size_t i = 0; i < pixels.size(); ++i) pixels[i] = texel[i % 4];
    return Texture::createArray({.width = 1, .height = 1, .layers = kTerrainLayerCount, .format = format, .pixels = pixels,
                               .mipmaps = false, .label = label});
}
} // namespace

PluginDeclaration TerrainPlugin::makeDeclaration() {
    PluginDeclaration d;
    d.name = kName;
    d.priority = kPriority;
    d.defines = {kDefine.declared(), kRoadDefine.declared()};
    d.uniforms = {
        {"terrainTiling", "vec4"},     // 1 / tiling (m) of grass, forest floor, rock, sand
        {"terrainTiling2", "vec4"},    // pebble, asphalt; rock parallax depth (m); height-blend depth
        {"terrainFade", "vec4"},       // detail fade start, end (m); maps uploaded (0/1); hex sharpness
        {"terrainRoadInfo", "vec4"},   // segment count, edge softness (m), unused, unused
        {"terrainRoadBounds", "vec4"}, // min x, min z, max x, max z of the painted road
        {"terrainLayerMean", "vec4[6]"}, // linear mean albedo per layer (beyond the fade)
    };
    d.samplers = {
        {"terrainAlbedo", "sampler2DArray", "highp"},
        {"terrainNormals", "sampler2DArray", "highp"},
        {"terrainRAH", "sampler2DArray", "highp"},
        {"terrainRoadTable", "sampler2D", "highp"},
    };
    d.fragment = loadSnippetFile(kSnippetFile, embeddedTerrainSnippets());
    return d;
}

TerrainPlugin::TerrainPlugin() : MaterialPlugin(makeDeclaration()), mLayerMeans(nominalTerrainAlbedo()) {}

TerrainPlugin::~TerrainPlugin() {
    // A generation in flight cannot be cancelled; wait so its thread never outlives us.
    if (mPending.valid()) mPending.wait();
}

void TerrainPlugin::generateMapsAsync(TerrainTextureOptions options, std::filesystem::path cacheDirectory) {
    if (mPending.valid()) mPending.wait();
    mPending = std::async(std::launch::async, [options, cacheDirectory]() -> std::shared_ptr<const TerrainTextureSet> {
        try {
            return std::make_shared<const TerrainTextureSet>(loadOrGenerateTerrainTextures(cacheDirectory, options));
        } catch (const std::exception& e) {
            logError("terrain maps were not generated (placeholders stay): ", e.what());
            return nullptr;
        }
    });
}

std::shared_ptr<const TerrainTextureSet> TerrainPlugin::sharedMaps(const TerrainTextureOptions& options,
                                                                  const std::filesystem::path& cacheDirectory) {
    static std::mutex mutex;
    static std::map<std::pair<uint32_t, int>, std::weak_ptr<const TerrainTextureSet>> sets;
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = sets[{options.seed, options.size}];
    if (auto set = slot.lock()) return set;
    auto set = std::make_shared<const TerrainTextureSet>(loadOrGenerateTerrainTextures(cacheDirectory, options));
    slot = set;
    return set;
}

void TerrainPlugin::setMaps(std::shared_ptr<const TerrainTextureSet> maps) {
    if (maps && (maps->size < 1 || maps->albedo.size() != size_t(kTerrainLayerCount) * maps->layerBytes() ||
                 maps->normal.size() != maps->albedo.size() || maps->rah.size() != maps->albedo.size()))
        throw Error(str("terrain plugin: a map set of size ", maps->size, " must hold ", kTerrainLayerCount,
                        " layers of each map"));
    mToUpload = std::move(maps);
}

void TerrainPlugin::waitForMaps() {
    if (mPending.valid()) mPending.wait();
}

void TerrainPlugin::setRoad(const std::vector<glm::vec2>& centreline, float halfWidth, float edgeSoftness) {
    if (!(halfWidth >= 0.0f) || !(edgeSoftness >= 0.0f))
        throw Error(str("terrain road: half width ", halfWidth, " and edge softness ", edgeSoftness, " must not be negative"));
    int segments = centreline.size() < 2 ? 0 : int(centreline.size()) - 1;
    if (segments > terrain::kMaxRoadSegments)
        throw Error(str("terrain road: ", segments, " segments; the centreline table holds ", terrain::kMaxRoadSegments,
                        " (keep the part of the road around the camera)"));
    bool hadRoad = !mRoadSegments.empty();
    mRoadSegments.clear();
    float along = 0.0f;
    glm::vec2 lo(1e30f), hi(-1e30f);
    for (int i = 0; i < segments; ++i) {
        glm::vec2 a = centreline[size_t(i)], b = centreline[size_t(i) + 1];
        mRoadSegments.push_back({a, b, halfWidth, along});
        along += glm::length(b - a);
        lo = glm::min(lo, glm::min(a, b));
        hi = glm::max(hi, glm::max(a, b));
    }
    // The painted band reaches half a width past the centreline (plus nothing: the soft edge
    // lies inside the half width).
    mRoadBounds = segments > 0 ? glm::vec4(lo - halfWidth, hi + halfWidth) : glm::vec4(0.0f);
    mRoadEdge = std::min(edgeSoftness, halfWidth);
    mRoadDirty = true;
    if (hadRoad != !mRoadSegments.empty()) markDefinesDirty();
}

void TerrainPlugin::setDetailFade(float start, float end) {
    if (!(end > start) || start < 0.0f)
        throw Error(str("terrain detail fade: start ", start, " m must be at least 0 and before end ", end, " m"));
    mFadeStart = start;
    mFadeLength = end - start;
}

void TerrainPlugin::prepareDefines(ShaderDefines& defines, const DrawInfo& draw) const {
    // Weights live in the vertex colours: without them there is nothing to blend, and the
    // mesh renders as the plain material.
    if (!draw.hasColors) {
        if (!mWarnedNoColors) {
            logWarning("terrain plugin: a mesh without vertex colours (the layer weights) draws as the plain material");
            mWarnedNoColors = true;
        }
        return;
    }
    kDefine.set(defines);
    kRoadDefine.set(defines, !mRoadSegments.empty());
}

void TerrainPlugin::ensurePlaceholders() const {
    if (mPlaceholderAlbedo) return;
    const uint8_t grey[4] = {188, 188, 188, 255}; // 0.5 linear once decoded
    const uint8_t flat[4] = {128, 128, 255, 255};
    const uint8_t neutral[4] = {128, 255, 128, 255}; // roughness ×1, open, mid height
    mPlaceholderAlbedo = placeholderArray(TextureFormat::SRGB8_ALPHA8, grey, "terrain albedo placeholder");
    mPlaceholderNormals = placeholderArray(TextureFormat::RGBA8, flat, "terrain normals placeholder");
    mPlaceholderRah = placeholderArray(TextureFormat::RGBA8, neutral, "terrain RAH placeholder");
    const float empty[4] = {0, 0, 0, 0};
    mPlaceholderRoad = Texture({.format = TextureFormat::RGBA32F, .width = 1, .height = 1, .label = "terrain road placeholder"});
    mPlaceholderRoad.upload(0, 0, empty);
    mArraySampler = Sampler({.minFilter = Filter::Linear, .magFilter = Filter::Linear, .mip = SamplerDesc::Mip::Linear}, 0,
                            "terrain layers");
    mTableSampler = Sampler({.minFilter = Filter::Nearest, .magFilter = Filter::Nearest, .mip = SamplerDesc::Mip::None,
                             .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge},
                            0, "terrain road table");
}

void TerrainPlugin::pollMaps() const {
    if (mPending.valid() && mPending.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        if (auto set = mPending.get()) mToUpload = std::move(set);
    }
    if (mToUpload) {
        const TerrainTextureSet& s = *mToUpload;
        auto upload = [&](const std::vector<uint8_t>& map, TextureFormat format, const char* label) {
            return Texture::createArray(
                {.width = s.size, .height = s.size, .layers = kTerrainLayerCount, .format = format, .pixels = map, .label = label});
        };
        // Generated rows are bottom-up already (TerrainTextures.h): no flip, no conversion.
        mAlbedo = upload(s.albedo, TextureFormat::SRGB8_ALPHA8, "terrain albedo");
        mNormals = upload(s.normal, TextureFormat::RGBA8, "terrain normals");
        mRah = upload(s.rah, TextureFormat::RGBA8, "terrain roughness/AO/height");
        mLayerMeans = s.meanAlbedo;
        mUploaded = true;
        mToUpload.reset(); // the GPU has it; free the CPU copy
    }
    if (mRoadDirty) {
        mRoadDirty = false;
        if (mRoadSegments.empty()) {
            mRoadTable = Texture();
        } else {
            int n = int(mRoadSegments.size());
            std::vector<float> texels(size_t(n) * 2 * 4, 0.0f);
            for (int i = 0; i < n; ++i) {
                const Road& r = mRoadSegments[size_t(i)];
                float* row0 = &texels[size_t(i) * 4];
                float* row1 = &texels[size_t(n + i) * 4];
                row0[0] = r.a.x, row0[1] = r.a.y, row0[2] = r.b.x, row0[3] = r.b.y;
                row1[0] = r.halfWidth, row1[1] = r.start;
            }
            mRoadTable = Texture({.format = TextureFormat::RGBA32F, .width = n, .height = 2, .label = "terrain road table"});
            mRoadTable.upload(0, 0, texels.data());
        }
    }
}

void TerrainPlugin::updateUniforms(PluginUniforms& u, const FrameInfo&) const {
    pollMaps();
    const auto& t = kTerrainLayerTiling;
    u.set("terrainTiling", glm::vec4(1.0f / t[0], 1.0f / t[1], 1.0f / t[2], 1.0f / t[3]));
    u.set("terrainTiling2", glm::vec4(1.0f / t[4], 1.0f / t[5], mParallaxDepth, mHeightBlendDepth));
    u.set("terrainFade", glm::vec4(mFadeStart, mFadeStart + mFadeLength, mUploaded ? 1.0f : 0.0f, terrain::kHexSharpness));
    u.set("terrainRoadInfo", glm::vec4(float(mRoadSegments.size()), mRoadEdge, 0.0f, 0.0f));
    u.set("terrainRoadBounds", mRoadBounds);
    float means[kTerrainLayerCount * 4];
    for (int i = 0; i < kTerrainLayerCount; ++i) {
        means[i * 4 + 0] = mLayerMeans[size_t(i)].r;
        means[i * 4 + 1] = mLayerMeans[size_t(i)].g;
        means[i * 4 + 2] = mLayerMeans[size_t(i)].b;
        means[i * 4 + 3] = 1.0f;
    }
    u.setArray("terrainLayerMean", means, kTerrainLayerCount, 4);
}

bool TerrainPlugin::isReady() const {
    if (!mDrawBeforeMaps) pollMaps(); // nothing else would upload while the meshes wait
    return mDrawBeforeMaps || mUploaded;
}

TextureBinding TerrainPlugin::texture(std::string_view sampler) const {
    ensurePlaceholders();
    if (sampler == "terrainRoadTable") return {mRoadTable ? &mRoadTable : &mPlaceholderRoad, &mTableSampler};
    bool real = mUploaded;
    if (sampler == "terrainAlbedo") return {real ? &mAlbedo : &mPlaceholderAlbedo, &mArraySampler};
    if (sampler == "terrainNormals") return {real ? &mNormals : &mPlaceholderNormals, &mArraySampler};
    if (sampler == "terrainRAH") return {real ? &mRah : &mPlaceholderRah, &mArraySampler};
    return {};
}

bool TerrainPlugin::accepts(const Material& material, std::string* reason) const {
    if (!MaterialPlugin::accepts(material, reason)) return false;
    if (auto* pbr = dynamic_cast<const PbrMaterial*>(&material); pbr && pbr->params().vertexColors) {
        if (reason)
            *reason = "its vertex colours multiply albedo, but on a terrain mesh they carry layer weights; "
                      "turn PbrParams::vertexColors off";
        return false;
    }
    return true;
}

std::vector<PluginParameter> TerrainPlugin::parameters() {
    // Slider floors above 0 where 0 breaks the shader: a zero fade length is setDetailFade's
    // refusal, and at depth 0 the height blend weighs every layer 0 (a black ground).
    return {
        {.name = "detail fade start (m)", .value = &mFadeStart, .min = 0.0f, .max = std::max(400.0f, mFadeStart)},
        {.name = "detail fade length (m)", .value = &mFadeLength, .min = std::min(1.0f, mFadeLength),
         .max = std::max(300.0f, mFadeLength)},
        {.name = "height blend depth", .value = &mHeightBlendDepth,
         .min = std::min(0.01f, mHeightBlendDepth), .max = std::max(1.0f, mHeightBlendDepth)},
        {.name = "rock parallax depth (m)", .value = &mParallaxDepth, .min = 0.0f, .max = std::max(0.1f, mParallaxDepth)},
    };
}

} // namespace th
