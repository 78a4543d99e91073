#include "render/Renderer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <thread>
#include <unordered_set>

#include <glm/gtc/matrix_transform.hpp>

#include "core/Hash.h"
#include "core/Log.h"
#include "core/ShaderTime.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "gl/GlApi.h"
#include "gl/Readback.h"
#include "gl/StateCache.h"
#include "material/PluginUniforms.h"
#include "material/EngineInterface.h"
#include "render/SkyModel.h"

namespace th {

namespace {

/// Adds the time of a scope to `total`: the CPU work of a frame (FrameStats::cpuOutsideDriverMs)
/// is summed from the scopes that make no GL call, so driver work (llvmpipe rasterises shadow
/// maps when their framebuffer is switched) never counts as gathering.
struct CpuScope {
    double& total;
    SteadyClock::time_point start = SteadyClock::now();
    ~CpuScope() { total += msSince(start); }
};

size_t alignUp(size_t v, size_t a) { return (v + a - 1) / a * a; }

} // namespace

struct Renderer::DrawItem {
    Mesh* mesh = nullptr;
    uint32_t part = 0;
    Material* material = nullptr;
    Effect* effect = nullptr;
    const VertexArray* vao = nullptr;
    glm::mat4 world{1.0f};
    uint64_t sortKey = 0;
    float depth = 0;
    uint32_t instances = 0;
    RenderState state;
    bool receiveShadows = true;
    RenderPass pass = RenderPass::Main;
};

struct Renderer::EffectSlot {
    const Mesh* mesh = nullptr;
    const Material* material = nullptr;
    uint32_t part = 0;
    RenderPass pass = RenderPass::Main;
    std::shared_ptr<Effect> effect;
    uint64_t materialVersion = 0;
    uint64_t storeGeneration = 0;
    bool instanced = false;
    uint64_t lastFrame = 0;
};

std::vector<std::string> Renderer::engineDefineNames() { return th::engineDefineNames(); }

std::vector<std::pair<std::string, std::string>> Renderer::engineSamplers() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const EngineSampler& s : engine_sampler::kAll) out.emplace_back(std::string(s.name), std::string(s.label));
    return out;
}

Renderer::Renderer(Context& context, RendererOptions options) : mContext(context), mOptions(std::move(options)),
    mBackground("post/fullscreen.vert.glsl", "sky/background.frag.glsl") {
    context.makeCurrent();
    mStore = std::make_unique<ShaderStore>(mOptions.shaderDirectory);
    mBinaries = std::make_unique<ProgramBinaryCache>(mOptions.programCacheDirectory, context.info());
    mEffects = std::make_unique<EffectCache>(*mStore, context.info(), mBinaries.get());
    configureEffectCache(*mEffects);
    mEffects->setParallelCompile(mOptions.parallelCompile);
    mIbl = std::make_unique<ImageBasedLighting>(context.info());
    mLights = std::make_unique<LightData>(mOptions.maxLights);
    mClusters = std::make_unique<LightClusters>(mOptions.clusters);
    mEmptyVao = VertexArray("empty");
    mBackground.setSamplerUnits({{std::string(engine_sampler::kEnvironmentCube.name), engine_sampler::kFirstScreenEffectUnit}});

    const uint8_t white[4] = {255, 255, 255, 255};
    mWhite2D = Texture({.width = 1, .height = 1, .label = "placeholder white"});
    mWhite2D.upload(0, 0, white);
    mWhiteArray = Texture({.kind = TextureKind::Texture2DArray, .width = 1, .height = 1, .layers = 1, .label = "placeholder array"});
    mWhiteArray.upload(0, 0, white);
    mBlackCube = Texture({.kind = TextureKind::Cube, .width = 1, .height = 1, .label = "placeholder cube"});
    const uint8_t black[4] = {0, 0, 0, 255};
    for (int f = 0; f < 6; ++f) mBlackCube.upload(0, f, black);
    // A depth array cleared to the far plane: every comparison says "lit".
    mNoShadowArray = Texture({.kind = TextureKind::Texture2DArray, .format = TextureFormat::Depth24, .width = 1, .height = 1,
                              .layers = 1, .label = "no shadow"});
    const uint32_t far = 0xFFFFFFFFu;
    mNoShadowArray.upload(0, 0, &far);
    mSpotMatrices = Texture({.format = TextureFormat::RGBA32F, .width = 4 * std::max(1, mOptions.shadows.spotShadowBudget),
                             .height = 1, .label = "spot shadow matrices"});
    mSpotMatrices.setFilter(false, false);
    mShadowSampler = Sampler({.mip = SamplerDesc::Mip::None, .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge,
                              .compare = true, .compareFunc = CompareFunc::LessEqual}, 0, "shadow compare");
    mPointClamp = Sampler({.minFilter = Filter::Nearest, .magFilter = Filter::Nearest, .mip = SamplerDesc::Mip::None,
                           .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge}, 0, "point clamp");
    mLinearRepeat = Sampler({}, context.limits().maxAnisotropy, "linear repeat");

    size_t align = std::max<size_t>(16, size_t(context.info().limits.uniformBufferOffsetAlignment));
    mSceneStride = alignUp(sizeof(SceneUniforms), align);
    mDrawStride = alignUp(sizeof(DrawUniforms), align);
    mSceneBuffer = Buffer(GL_UNIFORM_BUFFER, mSceneStride * 16, nullptr, BufferUsage::Stream, "scene blocks");
    mDrawBuffer = Buffer(GL_UNIFORM_BUFFER, mDrawStride * 256, nullptr, BufferUsage::Stream, "draw blocks");
}

Renderer::~Renderer() { mContext.makeCurrent(); }

bool Renderer::floatTarget() const { return mContext.info().floatRenderTargets; }

FrameInfo Renderer::frameInfo() const { return {mSeconds, wrappedShaderTime(mSeconds), mFrame}; }

void Renderer::configureEffectCache(EffectCache& cache) {
    cache.setEngineSamplers(engineSamplers());
    cache.setBuiltinDefines(engineDefineNames());
}

EffectRequest Renderer::effectRequest(const Material& material, const DrawInfo& draw) const {
    return makeEffectRequest(material, draw, !floatTarget());
}

std::shared_ptr<Effect> Renderer::effectFor(Mesh& mesh, size_t part, Material& material, RenderPass pass) {
    uint64_t key = hashCombine(hashCombine(reinterpret_cast<uintptr_t>(&mesh), part), uint64_t(pass));
    auto& slot = mSlots[key];
    if (!slot) slot = std::make_unique<EffectSlot>();
    EffectSlot& s = *slot;
    s.lastFrame = mFrame;
    uint64_t version = material.version();
    if (s.effect && s.mesh == &mesh && s.part == part && s.pass == pass && s.material == &material &&
        s.materialVersion == version && s.storeGeneration == mStore->generation() && s.instanced == mesh.instanced())
        return s.effect;
    s = EffectSlot{&mesh, &material, uint32_t(part), pass, mEffects->get(effectRequest(material, mesh.drawInfo(pass))),
                   version, mStore->generation(), mesh.instanced(), mFrame};
    return s.effect;
}

void Renderer::collect(Node& node, const Frustum* frustum, RenderPass pass, const glm::vec3& eye, const glm::vec3& viewDir,
                       std::vector<DrawItem>& out, bool shadowCasters) {
    if (!node.visible) return;
    for (auto& child : node.children()) collect(*child, frustum, pass, eye, viewDir, out, shadowCasters);
    Mesh* mesh = node.mesh.get();
    if (!mesh || !mesh->visible || (shadowCasters && !mesh->castShadows)) return;
    if (mesh->instanced() && mesh->instances()->count() == 0) return;
    if (frustum && !frustum->intersects(node.worldBounds())) {
        if (pass == RenderPass::Main) mStats.culled += uint32_t(mesh->parts().size());
        return;
    }
    float depth = glm::dot(node.worldBounds().center() - eye, viewDir);
    for (size_t i = 0; i < mesh->parts().size(); ++i) {
        MeshPart& part = mesh->parts()[i];
        Material* material = part.material.get();
        if (!material || part.indexCount == 0) continue;
        // Global plugin factories reach every material drawn, not only the imported ones.
        if (!material->registeredWith(mMaterials)) mMaterials.add(part.material);
        if (pass != RenderPass::Main && material->alphaMode() == AlphaMode::Blend) continue; // no blended casters
        bool ready = material->isReady();
        for (auto& p : material->plugins()) ready = ready && (!p->enabled() || p->isReady());
        if (!ready) {
            ++mStats.skippedNotReady;
            continue;
        }
        std::shared_ptr<Effect> effect = effectFor(*mesh, i, *material, pass);
        if (effect->failed()) {
            // The error material marks the spot loudly; only in the main pass.
            if (pass != RenderPass::Main) continue;
            effect = effectFor(*mesh, i, mErrorMaterial, pass);
            material = &mErrorMaterial;
            ++mStats.errorDraws;
            if (!effect->ready()) continue;
        } else if (!effect->ready()) {
            ++mStats.skippedNotReady;
            continue;
        }
        DrawItem item;
        item.mesh = mesh;
        item.part = uint32_t(i);
        item.material = material;
        item.effect = effect.get();
        item.vao = &mesh->vertexArray(material->instanceAttributeLocations());
        item.world = node.world();
        item.depth = depth;
        item.instances = mesh->instanced() ? uint32_t(mesh->instances()->count()) : 0;
        item.pass = pass;
        item.state = material->renderState(pass);
        // glTF: a transform that mirrors (negative determinant) turns the triangles' winding,
        // whether the node's world transform mirrors or every instance's matrix does.
        bool mirrored = glm::determinant(glm::mat3(item.world)) < 0.0f;
        if (mesh->instanced()) {
            mirrored = mirrored != mesh->instances()->allMirrored();
            if (mesh->instances()->mixedHandedness() && mMixedHandednessWarned.insert(mesh->name()).second)
                logWarning("mesh '", mesh->name(), "': ", mesh->instances()->mirroredCount(), " of ", mesh->instances()->count(),
                           " instances mirror and the rest do not; one draw has one winding, so the mirrored ones show "
                           "their back faces: split the instance buffer by handedness");
        }
        if (mirrored) item.state.frontFaceCounterClockwise = !item.state.frontFaceCounterClockwise;
        item.receiveShadows = mesh->receiveShadows;
        if (pass == RenderPass::Shadow) {
            item.state.polygonOffsetFactor = mOptions.shadows.depthBiasFactor;
            item.state.polygonOffsetUnits = mOptions.shadows.depthBiasUnits;
        }
        bool blended = material->alphaMode() == AlphaMode::Blend && pass == RenderPass::Main;
        uint32_t d = uint32_t(std::clamp(depth / 5000.0f, 0.0f, 1.0f) * float(0xFFFFFF));
        if (blended) {
            item.sortKey = (3ull << 62) | (0xFFFFFFull - d);
        } else {
            // Stencil writers first, so materials testing the stencil see the finished mask.
            uint64_t bucket = pass == RenderPass::Main && material->writesStencil() ? 0
                              : material->alphaMode() == AlphaMode::Mask                ? 2
                                                                                        : 1;
            uint64_t materialId = hash64(std::string_view(reinterpret_cast<const char*>(&material), sizeof material)) & 0xFFFF;
            item.sortKey = (bucket << 62) | ((effect->id() & 0x3FFFFF) << 40) | (materialId << 24) | d;
        }
        out.push_back(item);
    }
}

void Renderer::updateMaterials(std::vector<DrawItem>& items) {
    const FrameInfo frame = frameInfo();
    std::unordered_set<Material*> seen;
    for (auto& item : items) {
        if (!seen.insert(item.material).second) continue;
        Material& m = *item.material;
        if (m.plugins().empty()) continue;
        UniformBuffer& block = m.pluginBlock();
        for (auto& p : m.plugins()) {
            if (!p->enabled()) continue;
            PluginUniforms uniforms(block, p->name());
            p->updateUniforms(uniforms, frame);
        }
    }
}

void Renderer::bindSamplers(const Effect& effect, Material& material) {
    for (const Effect::SamplerUnit& s : effect.samplers()) {
        const Texture* texture = nullptr;
        const Sampler* sampler = nullptr;
        const std::string& n = s.name;
        if (n == engine_sampler::kIblSpecular.name) texture = &mIbl->specularCube(), sampler = &mIbl->cubeSampler();
        else if (n == engine_sampler::kBrdfLut.name) texture = &mIbl->brdfLut(), sampler = &mIbl->lutSampler();
        else if (n == engine_sampler::kEnvironmentCube.name) texture = &mIbl->environmentCube(), sampler = &mIbl->cubeSampler();
        else if (n == engine_sampler::kShadowCascades.name) texture = mCascades.count > 0 ? &mShadowArray : &mNoShadowArray, sampler = &mShadowSampler;
        else if (n == engine_sampler::kSpotShadows.name) texture = mSpotShadowCount > 0 ? &mSpotShadowArray : &mNoShadowArray, sampler = &mShadowSampler;
        else if (n == engine_sampler::kSpotShadowMatrices.name) texture = &mSpotMatrices, sampler = &mPointClamp;
        else if (n == engine_sampler::kLightData.name) texture = &mLights->texture(), sampler = &mPointClamp;
        else if (n == engine_sampler::kLightClusters.name) texture = &mClusterTexture, sampler = &mPointClamp;
        else {
            TextureBinding b = material.texture(n);
            if (!b.texture) {
                for (auto& p : material.plugins()) {
                    if (!p->enabled()) continue;
                    bool declares = std::any_of(p->declaration().samplers.begin(), p->declaration().samplers.end(),
                                                [&](auto& d) { return d.name == n; });
                    if (declares) {
                        b = p->texture(n);
                        break;
                    }
                }
            }
            texture = b.texture;
            sampler = b.sampler ? b.sampler : &mLinearRepeat;
        }
        if (!texture) {
            switch (s.type) {
            case GL_SAMPLER_2D_ARRAY: texture = &mWhiteArray; break;
            case GL_SAMPLER_CUBE: texture = &mBlackCube; break;
            case GL_SAMPLER_2D_ARRAY_SHADOW: texture = &mNoShadowArray, sampler = &mShadowSampler; break;
            default: texture = &mWhite2D; break;
            }
        }
        texture->bind(unsigned(s.unit));
        sampler->bind(unsigned(s.unit));
    }
}

void Renderer::drawItems(std::vector<DrawItem>& items, uint32_t sceneBlock, bool shadowPass) {
    if (items.empty()) return;
    StateCache& state = mContext.state();
    updateMaterials(items);
    size_t needed = items.size() * mDrawStride;
    if (mDrawStaging.size() < needed) mDrawStaging.resize(needed);
    {
        CpuScope cpu{mStats.cpuOutsideDriverMs}; // filling the per-draw blocks
        for (size_t i = 0; i < items.size(); ++i) {
            const DrawItem& item = items[i];
            DrawUniforms d;
            d.world = item.world;
            d.normalWorld = glm::mat4(glm::transpose(glm::inverse(glm::mat3(item.world))));
            uint32_t mask = item.mesh->lightMask & item.material->lightMask();
            d.drawParams = glm::vec4(float(mask & 0xFFFFu), item.receiveShadows ? 1.0f : 0.0f, float(mask >> 16), 0.0f);
            std::memcpy(mDrawStaging.data() + i * mDrawStride, &d, sizeof d);
        }
    }
    mDrawBuffer.replace(needed, mDrawStaging.data());
    state.bindUniformBuffer(uniform_block::kScene.binding, mSceneBuffer.id(), GLintptr(sceneBlock * mSceneStride), sizeof(SceneUniforms));
    for (size_t i = 0; i < items.size(); ++i) {
        DrawItem& item = items[i];
        state.apply(item.state);
        item.effect->program().use();
        item.vao->bind();
        state.bindUniformBuffer(uniform_block::kDraw.binding, mDrawBuffer.id(), GLintptr(i * mDrawStride), sizeof(DrawUniforms));
        if (UniformBuffer* mb = item.material->materialBlock()) mb->bind(uniform_block::kMaterial.binding);
        if (!item.material->plugins().empty()) {
            UniformBuffer& pb = item.material->pluginBlock();
            for (auto& p : item.material->plugins()) {
                if (!p->enabled() || !p->declaration().perDrawUniforms) continue;
                PluginUniforms uniforms(pb, p->name());
                DrawContext draw{item.pass, item.mesh->name(), item.world, item.instances, item.mesh->userFlags};
                p->updateDrawUniforms(uniforms, draw, frameInfo());
            }
            if (!pb.layout().members().empty()) pb.bind(uniform_block::kPlugins.binding); // uploads what a per-draw write changed
        }
        bindSamplers(*item.effect, *item.material);
        const MeshPart& part = item.mesh->parts()[item.part];
        const Geometry& g = *item.mesh->geometry();
        const void* offset = reinterpret_cast<const void*>(size_t(part.firstIndex) * g.indexSize());
        if (item.instances > 0) {
            item.mesh->instances()->upload();
            glDrawElementsInstanced(GL_TRIANGLES, GLsizei(part.indexCount), g.indexType(), offset, GLsizei(item.instances));
        } else {
            glDrawElements(GL_TRIANGLES, GLsizei(part.indexCount), g.indexType(), offset);
        }
        ++mStats.drawCalls;
        if (shadowPass) ++mStats.shadowDrawCalls;
        else ++mStats.mainDrawCalls;
        uint64_t copies = item.instances > 0 ? item.instances : 1;
        mStats.triangles += uint64_t(part.indexCount / 3) * copies;
        if (!shadowPass) mStats.instances += copies;
    }
}

void Renderer::setupScene(const Scene& scene, const Camera& camera, int width, int height, double seconds) {
    mSceneBlocks.assign(1, SceneUniforms{});
    SceneUniforms& s = mSceneBlocks[0];
    s.view = camera.view();
    s.projection = camera.projection();
    s.viewProjection = s.projection * s.view;
    s.inverseViewProjection = glm::inverse(s.viewProjection);
    s.cameraPosition = glm::vec4(camera.position, wrappedShaderTime(seconds));
    s.viewportSize = glm::vec4(float(width), float(height), 1.0f / float(width), 1.0f / float(height));

    const SkySettings& sky = scene.sky;
    glm::vec3 sunDir = sunDirectionForHour(sky.hour, sky.latitude);
    float elevation = -sunDir.y;
    if (scene.sunLight && sky.enabled) {
        // The same atmosphere as the sky's environment, so the sun and the sky agree.
        glm::vec3 radiance = sunIlluminanceForSky(sky);
        bool on = glm::length(radiance) > 1e-4f;
        s.sunDirection = glm::vec4(sunDir, on ? 1.0f : 0.0f);
        s.sunColor = glm::vec4(radiance, 0.0f);
    }
    for (const Light& l : scene.lights) {
        if (!l.enabled || l.type != LightType::Hemispheric) continue;
        s.hemiSkyColor = glm::vec4(l.color * l.intensity, 1.0f);
        s.hemiGroundColor = glm::vec4(l.groundColor * l.intensity, 0.0f);
        break;
    }
    bool skyLights = scene.environment.source == EnvironmentSource::Sky;
    if (scene.sunLight && sky.enabled && elevation < 0.1f && !skyLights) {
        // Night fill: moon and sky glow keep the scene readable after sunset (the procedural
        // sky's environment carries the same glow, so it is not added twice).
        float night = glm::smoothstep(0.1f, -0.1f, elevation);
        s.hemiSkyColor = glm::vec4(glm::vec3(s.hemiSkyColor) + sky.nightFill * night, 1.0f);
        s.hemiGroundColor = glm::vec4(glm::vec3(s.hemiGroundColor) + sky.nightFill * 0.3f * night, 0.0f);
    }

    mIbl->update(*mStore, scene.environment, scene.sky, mEmptyVao);
    s.iblParams = glm::vec4(mIbl->intensity(), float(mIbl->specularMipCount()), mIbl->active() ? 1.0f : 0.0f, 0.0f);
    for (int i = 0; i < 9; ++i) s.shIrradiance[i] = glm::vec4(mIbl->irradianceSh()[size_t(i)], 0.0f);

    const FogSettings& fog = scene.fog;
    s.fogColor = glm::vec4(fog.color, fog.density);
    s.fogParams = glm::vec4(fog.heightFalloff, fog.baseHeight, fog.startDistance, fog.enabled ? 1.0f : 0.0f);
    s.exposureParams = glm::vec4(scene.post.exposure, toneMappingMode(scene.post.toneMapping), 0.0f, 0.0f);
}

void Renderer::renderShadows(Scene& scene, const Camera& camera) {
    const ShadowSettings& settings = mOptions.shadows;
    SceneUniforms& main = mSceneBlocks[0];
    mCascades = CascadeSet{};
    mSpotShadowCount = 0;
    StateCache& state = mContext.state();
    int mapSize = std::min(settings.mapSize, mContext.limits().maxTextureSize);
    bool sunOn = main.sunDirection.w > 0.5f;
    if (settings.enabled && settings.cascades > 0 && sunOn) {
        ShadowSettings s = settings;
        s.mapSize = mapSize;
        mCascades = computeCascades(camera, glm::vec3(main.sunDirection), s, mSceneBounds);
        if (!mShadowArray || mShadowArray.width() != mapSize || mShadowArray.desc().layers < mCascades.count) {
            mShadowArray = Texture({.kind = TextureKind::Texture2DArray, .format = TextureFormat::Depth24, .width = mapSize,
                                    .height = mapSize, .layers = 4, .label = "shadow cascades"});
        }
        for (int i = 0; i < mCascades.count; ++i) {
            const Cascade& c = mCascades.cascades[size_t(i)];
            main.cascadeMatrices[i] = c.textureMatrix;
            main.cascadeSplits[i] = c.splitFar;
            main.cascadeTexelSizes[i] = c.texelWorld;
        }
        main.shadowParams = glm::vec4(float(mCascades.count), 1.0f / float(mapSize), settings.normalBias, 0.0f);
    }

    // Spot shadows: the most important shadow-casting spot lights, up to the budget.
    mSpotShadowLayers.assign(scene.lights.size(), -1);
    std::vector<int> spots;
    if (settings.enabled)
        for (size_t i = 0; i < scene.lights.size(); ++i) {
            const Light& l = scene.lights[i];
            if (l.enabled && l.castShadows && l.type == LightType::Spot) spots.push_back(int(i));
        }
    std::stable_sort(spots.begin(), spots.end(), [&](int a, int b) {
        return scene.lights[size_t(a)].importance > scene.lights[size_t(b)].importance;
    });
    if (int(spots.size()) > settings.spotShadowBudget) spots.resize(size_t(std::max(settings.spotShadowBudget, 0)));
    mSpotViewProjections.clear();
    int spotSize = std::min(settings.spotMapSize, mContext.limits().maxTextureSize);
    if (!spots.empty()) {
        if (!mSpotShadowArray || mSpotShadowArray.desc().layers < int(spots.size()) || mSpotShadowArray.width() != spotSize)
            mSpotShadowArray = Texture({.kind = TextureKind::Texture2DArray, .format = TextureFormat::Depth24, .width = spotSize,
                                        .height = spotSize, .layers = std::max(settings.spotShadowBudget, 1), .label = "spot shadows"});
        if (mSpotMatrices.width() < 4 * int(spots.size())) { // the budget grew since construction
            mSpotMatrices = Texture({.format = TextureFormat::RGBA32F, .width = 4 * settings.spotShadowBudget, .height = 1,
                                     .label = "spot shadow matrices"});
            mSpotMatrices.setFilter(false, false);
        }
        std::vector<float> matrices(size_t(mSpotMatrices.width()) * 4, 0.0f);
        for (size_t k = 0; k < spots.size(); ++k) {
            const Light& l = scene.lights[size_t(spots[k])];
            glm::vec3 dir = glm::normalize(l.direction);
            glm::vec3 up = std::abs(dir.y) > 0.99f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
            float range = l.range > 0 ? l.range : 100.0f;
            glm::mat4 vp = glm::perspective(std::min(l.outerConeAngle * 2.0f + 0.05f, 3.0f), 1.0f, 0.05f, range) *
                           glm::lookAt(l.position, l.position + dir, up);
            mSpotViewProjections.push_back(vp);
            glm::mat4 bias(0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.5f, 0, 0.5f, 0.5f, 0.5f, 1.0f);
            glm::mat4 tm = bias * vp;
            std::memcpy(&matrices[k * 16], &tm, 64);
            mSpotShadowLayers[size_t(spots[k])] = int(k);
        }
        mSpotMatrices.upload(0, 0, matrices.data());
        mSpotShadowCount = int(spots.size());
        main.shadowParams.w = 1.0f / float(spotSize);
    }
    main.lightingParams.y = float(mSpotShadowCount);

    // Each shadow view gets its own copy of the scene block with the light's matrices, so the
    // material's own vertex code (and plugins in it) runs unchanged.
    // `main` refers into mSceneBlocks, which the pushes below may reallocate: copy it first.
    const SceneUniforms mainBlock = main;
    auto shadowBlock = [&](const glm::mat4& view, const glm::mat4& projection) {
        SceneUniforms b = mainBlock;
        b.view = view;
        b.projection = projection;
        b.viewProjection = projection * view;
        mSceneBlocks.push_back(b);
        return uint32_t(mSceneBlocks.size() - 1);
    };
    std::vector<uint32_t> cascadeBlocks, spotBlocks;
    for (int i = 0; i < mCascades.count; ++i)
        cascadeBlocks.push_back(shadowBlock(mCascades.cascades[size_t(i)].view, mCascades.cascades[size_t(i)].projection));
    for (auto& vp : mSpotViewProjections) spotBlocks.push_back(shadowBlock(glm::mat4(1.0f), vp));
    uploadSceneBlocks();

    if (!mShadowFramebuffer) mShadowFramebuffer = Framebuffer("shadow maps");
    auto drawView = [&](const Texture& array, int layer, int size, const glm::mat4& viewProjection, uint32_t block) {
        mShadowFramebuffer.attachDepth(array, 0, layer);
        mShadowFramebuffer.setDrawBuffers(0);
        mShadowFramebuffer.check();
        state.viewport(0, 0, size, size);
        state.clear(false, true, false);
        Frustum frustum = Frustum::fromMatrix(viewProjection);
        std::vector<DrawItem> items;
        {
            CpuScope cpu{mStats.cpuOutsideDriverMs};
            collect(scene.root(), &frustum, RenderPass::Shadow, glm::vec3(0.0f), glm::vec3(0.0f), items, true);
            std::sort(items.begin(), items.end(), [](auto& a, auto& b) { return a.sortKey < b.sortKey; });
        }
        drawItems(items, block, true);
    };
    for (int i = 0; i < mCascades.count; ++i)
        drawView(mShadowArray, i, mapSize, mCascades.cascades[size_t(i)].viewProjection, cascadeBlocks[size_t(i)]);
    for (size_t k = 0; k < spotBlocks.size(); ++k) drawView(mSpotShadowArray, int(k), spotSize, mSpotViewProjections[k], spotBlocks[k]);
}

void Renderer::updateLightClusters(const Scene& scene, const Camera& camera, int width, int height) {
    // Point and spot lights in view space, most important first (a full cluster keeps those).
    const std::vector<int>& packed = mLights->packedIndices();
    glm::mat4 view = camera.view();
    mClusterLights.clear();
    std::vector<std::pair<float, float>> rank;
    for (int slot = mLights->directionalCount(); slot < mLights->count(); ++slot) {
        const Light& l = scene.lights[size_t(packed[size_t(slot)])];
        ClusterLight c;
        c.position = glm::vec3(view * glm::vec4(l.position, 1.0f));
        c.direction = glm::normalize(glm::mat3(view) * glm::normalize(l.direction));
        c.range = l.range;
        c.spot = l.type == LightType::Spot;
        c.outerConeAngle = c.spot ? l.outerConeAngle : 3.14159265f;
        int source = packed[size_t(slot)];
        c.shadowed = size_t(source) < mSpotShadowLayers.size() && mSpotShadowLayers[size_t(source)] >= 0;
        c.index = uint32_t(slot);
        c.mask = l.mask;
        mClusterLights.push_back(c);
        rank.emplace_back(l.importance, l.intensity * glm::length(l.color));
    }
    std::vector<size_t> order(mClusterLights.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return rank[a] > rank[b]; });
    std::vector<ClusterLight> sorted;
    sorted.reserve(order.size());
    for (size_t i : order) sorted.push_back(mClusterLights[i]);
    mClusterLights.swap(sorted);

    size_t droppedBefore = mClusters->stats().droppedEntries;
    bool rebuilt = mClusters->build(mClusterLights, {camera.projection(), camera.nearPlane, camera.farPlane});
    const LightClusters::Stats& cs = mClusters->stats();
    if (rebuilt) {
        if (cs.droppedEntries > 0 && droppedBefore == 0)
            logWarning("light clusters: ", cs.droppedEntries, " light-cluster pairs over the limits (", mOptions.clusters.maxLightsPerCluster,
                       " per cluster, ", mOptions.clusters.maxIndices, " in all) were left out, the least important lights first");
        int rows = mClusters->textureRows();
        if (!mClusterTexture || mClusterTexture.height() < rows) {
            int textureRows = 4;
            while (textureRows < rows) textureRows *= 2;
            mClusterTexture = Texture({.format = TextureFormat::RGBA32UI, .width = LightClusters::kTextureWidth, .height = textureRows,
                                       .label = "light clusters"});
        }
        mClusterTexture.uploadRegion(0, 0, 0, 0, LightClusters::kTextureWidth, rows, mClusters->texels().data());
    }
    mStats.clusterBuildMs = cs.buildMs;
    mStats.clusterEntries = uint32_t(cs.entries);
    const ClusterSettings& grid = mClusters->settings();
    SceneUniforms& s = mSceneBlocks[0];
    s.lightingParams.z = float(mLights->directionalCount());
    s.clusterGrid = glm::vec4(float(grid.tilesX), float(grid.tilesY), float(grid.slices), float(LightClusters::kTextureWidth));
    s.clusterParams = glm::vec4(float(grid.tilesX) / float(width), float(grid.tilesY) / float(height), mClusters->sliceScale(),
                                mClusters->sliceBias());
}

void Renderer::uploadSceneBlocks() {
    std::vector<uint8_t> bytes(mSceneBlocks.size() * mSceneStride);
    for (size_t i = 0; i < mSceneBlocks.size(); ++i) std::memcpy(bytes.data() + i * mSceneStride, &mSceneBlocks[i], sizeof(SceneUniforms));
    mSceneBuffer.replace(bytes.size(), bytes.data());
}

void Renderer::prepare(Scene& scene, Camera camera, const RenderTarget& output) {
    mContext.makeCurrent();
    scene.update();
    camera.aspect = float(output.width()) / float(std::max(output.height(), 1));
    for (int round = 0; round < 2; ++round) { // the second round picks up error-material fallbacks
        std::vector<DrawItem> items;
        std::vector<RenderPass> passes = {RenderPass::Main, RenderPass::Shadow};
        if (mOptions.depthPrepass) passes.push_back(RenderPass::Depth);
        for (RenderPass pass : passes) {
            // Select every effect without culling, so nothing pops in later.
            std::function<void(Node&)> visit = [&](Node& node) {
                for (auto& c : node.children()) visit(*c);
                if (!node.mesh) return;
                for (size_t i = 0; i < node.mesh->parts().size(); ++i) {
                    auto& part = node.mesh->parts()[i];
                    if (part.material) effectFor(*node.mesh, i, *part.material, pass);
                }
            };
            visit(scene.root());
        }
        mEffects->finishAll();
    }
    std::vector<DrawItem> errorProbe;
    Frustum frustum = camera.frustum();
    collect(scene.root(), &frustum, RenderPass::Main, camera.position, camera.forward(), errorProbe, false);
    mEffects->finishAll();
}

void Renderer::render(Scene& scene, Camera camera, const RenderTarget& output, double seconds) {
    auto t0 = SteadyClock::now();
    mContext.makeCurrent();
    ++mFrame;
    mSeconds = seconds;
    mStats = FrameStats{};
    mEffects->poll();
    StateCache& state = mContext.state();

    {
        CpuScope cpu{mStats.cpuOutsideDriverMs};
        scene.update();
        mSceneBounds = scene.bounds();
    }
    int width = std::max(1, int(std::lround(output.width() * mOptions.resolutionScale)));
    int height = std::max(1, int(std::lround(output.height() * mOptions.resolutionScale)));
    camera.aspect = float(width) / float(height);
    mCamera = camera;
    setupScene(scene, camera, width, height, seconds);

    std::vector<DrawItem> items;
    Frustum frustum = camera.frustum();
    // Lights are packed before shadows so spot lights know their shadow layers.
    mSpotShadowLayers.assign(scene.lights.size(), -1);
    renderShadows(scene, camera);
    mSceneBlocks[0].lightingParams.x = float(mLights->update(scene.lights, mSpotShadowLayers));
    updateLightClusters(scene, camera, width, height);
    uploadSceneBlocks();

    bool hdr = floatTarget();
    TextureFormat format = hdr ? TextureFormat::RGBA16F : TextureFormat::RGBA8;
    if (!mHdrTarget || mHdrTarget->width() != width || mHdrTarget->height() != height || mHdrTarget->colorFormat() != format)
        mHdrTarget = std::make_unique<RenderTarget>(width, height, format, "frame");
    std::vector<DrawItem> blended;
    {
        CpuScope cpu{mStats.cpuOutsideDriverMs};
        collect(scene.root(), &frustum, RenderPass::Main, camera.position, camera.forward(), items, false);
        auto blendedBegin = std::partition(items.begin(), items.end(), [](auto& i) { return i.sortKey >> 62 != 3; });
        blended.assign(blendedBegin, items.end());
        items.erase(blendedBegin, items.end());
        std::sort(items.begin(), items.end(), [](auto& a, auto& b) { return a.sortKey < b.sortKey; });
        std::sort(blended.begin(), blended.end(), [](auto& a, auto& b) { return a.sortKey < b.sortKey; });
    }
    // No stencil material in the frame: no stencil state at all, not even its clear.
    bool stencilUsed = std::any_of(items.begin(), items.end(), [](auto& i) { return i.state.stencil.has_value(); }) ||
                       std::any_of(blended.begin(), blended.end(), [](auto& i) { return i.state.stencil.has_value(); });

    mHdrTarget->bind();
    glm::vec3 clear = scene.post.clearColor;
    // The HDR frame clears to transparent: the tone-mapping pass puts the flat background
    // colour exactly where nothing covered the pixel.
    state.clearColor(hdr ? glm::vec4(0.0f) : glm::vec4(clear, scene.post.keepAlpha ? 0.0f : 1.0f));
    state.clearDepth(1.0f);
    if (stencilUsed) state.clearStencil(0);
    state.clear(true, true, stencilUsed);

    if (mOptions.depthPrepass) {
        // Depth first with each material's own depth-pass effect (plugin displacement and
        // discards included), then shade only the visible surface: every covered pixel is
        // shaded once, at the cost of drawing the opaque geometry twice. A material that
        // writes no depth in the main pass (a stencil portal's opening) or draws only where
        // the stencil lets it stays out: its depth would hide what the stencil reveals.
        auto prepassed = [](const RenderState& main) { return main.depthWrite && !main.stencil; };
        std::vector<DrawItem> depthItems;
        {
            CpuScope cpu{mStats.cpuOutsideDriverMs};
            collect(scene.root(), &frustum, RenderPass::Depth, camera.position, camera.forward(), depthItems, false);
            depthItems.erase(std::remove_if(depthItems.begin(), depthItems.end(), [&](auto& i) { return !prepassed(i.material->renderState(RenderPass::Main)); }),
                             depthItems.end());
            std::sort(depthItems.begin(), depthItems.end(), [](auto& a, auto& b) { return a.sortKey < b.sortKey; });
        }
        drawItems(depthItems, 0, false);
        for (DrawItem& item : items) {
            if (!prepassed(item.state)) continue; // the main-pass state it was collected with
            item.state.depthCompare = CompareFunc::LessEqual;
            item.state.depthWrite = false;
        }
    }
    drawItems(items, 0, false);
    if (scene.environment.showAsBackground && mIbl->active()) {
        ShaderDefines defines;
        if (!hdr) setDefine(defines, engine_define::kToneMapInShader, "");
        mBackground.setDefines(defines);
        const Program& program = mBackground.program(*mStore, mContext.info());
        state.apply(RenderState{.depthTest = true, .depthWrite = false, .depthCompare = CompareFunc::LessEqual, .cull = CullMode::None});
        program.use();
        state.bindUniformBuffer(uniform_block::kScene.binding, mSceneBuffer.id(), 0, sizeof(SceneUniforms));
        mIbl->environmentCube().bind(unsigned(engine_sampler::kFirstScreenEffectUnit));
        mIbl->cubeSampler().bind(unsigned(engine_sampler::kFirstScreenEffectUnit));
        glUniform4f(program.uniformLocation("backgroundParams"), mIbl->intensity(),
                    scene.environment.source == EnvironmentSource::Sky ? 1.0f : 0.0f, 0, 0);
        drawFullscreenTriangle(mEmptyVao);
    }
    drawItems(blended, 0, false);

    if (hdr) {
        mPost.toneMap(*mStore, mContext.info(), mHdrTarget->color(), output, scene.post, mEmptyVao);
    } else {
        state.bindFramebuffer(GL_READ_FRAMEBUFFER, mHdrTarget->framebufferId());
        state.bindFramebuffer(GL_DRAW_FRAMEBUFFER, output.framebufferId());
        glBlitFramebuffer(0, 0, width, height, 0, 0, output.width(), output.height(), GL_COLOR_BUFFER_BIT, GL_LINEAR);
    }

    if (mFrame % 120 == 0) // forget effect slots of meshes not drawn for a while
        for (auto it = mSlots.begin(); it != mSlots.end();)
            it = mFrame - it->second->lastFrame > 240 ? mSlots.erase(it) : std::next(it);
    mStats.effectsPending = uint32_t(mEffects->pending());
    mStats.programsBuilt = mEffects->stats().built;
    mStats.cpuMs = msSince(t0);
    mStats.cpuOutsideDriverMs += mStats.clusterBuildMs;
}

} // namespace th

namespace th {

bool Renderer::sceneReady(const Scene& scene, std::string* waitingFor) {
    std::function<bool(const Node&)> visit = [&](const Node& node) {
        if (node.mesh) {
            for (auto& part : node.mesh->parts()) {
                if (!part.material) continue;
                if (!part.material->isReady()) {
                    if (waitingFor) *waitingFor = str("material '", part.material->name(), "'");
                    return false;
                }
                for (auto& p : part.material->plugins())
                    if (p->enabled() && !p->isReady()) {
                        if (waitingFor) *waitingFor = str("plugin '", p->name(), "' of material '", part.material->name(), "'");
                        return false;
                    }
            }
        }
        for (auto& c : node.children())
            if (!visit(*c)) return false;
        return true;
    };
    return visit(scene.root());
}

BakeResult Renderer::bake(Scene& scene, const Camera& camera, int width, int height, const std::string& label,
                          double timeoutSeconds) {
    mContext.makeCurrent();
    auto start = SteadyClock::now();
    std::string waitingFor;
    while (!sceneReady(scene, &waitingFor)) {
        if (msSince(start) > timeoutSeconds * 1000.0)
            throw Error(str("bake '", label, "': timed out after ", timeoutSeconds, " s waiting for ", waitingFor));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    RenderTarget target(width, height, TextureFormat::RGBA8, str("bake ", label), true, 0);
    // The bake's own pass and camera: compile exactly what it will draw, then draw once.
    PostSettings savedPost = scene.post;
    bool savedBackground = scene.environment.showAsBackground;
    scene.post.keepAlpha = true;
    scene.post.clearColor = glm::vec3(0.0f);
    scene.environment.showAsBackground = false;
    prepare(scene, camera, target);
    render(scene, camera, target, mSeconds);
    scene.post = savedPost;
    scene.environment.showAsBackground = savedBackground;

    BakeResult result;
    result.image = readPixels(target.framebufferId(), 0, 0, width, height);
    for (size_t i = 3; i < result.image.pixels.size(); i += 4)
        if (result.image.pixels[i] > 0) ++result.coveredPixels;
    if (result.coveredPixels == 0)
        throw Error(str("bake '", label, "' covered no pixels (", width, "x", height, "): check its camera and that its "
                        "meshes are visible; ", mStats.skippedNotReady, " draws were skipped as not ready, ",
                        mStats.errorDraws, " used the error material"));
    Texture texture = target.takeColor();
    texture.generateMipmaps();
    result.texture = std::make_shared<Texture>(std::move(texture));
    return result;
}

} // namespace th
