#include "render/DrawExecutor.h"

#include <algorithm>
#include <cstring>
#include <unordered_set>

#include "core/Log.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "gl/GlApi.h"
#include "gl/StateCache.h"
#include "gl/UniformBuffer.h"
#include "gl/VertexArray.h"
#include "material/Effect.h"
#include "material/Material.h"
#include "material/PluginUniforms.h"
#include "render/SceneUniforms.h"
#include "scene/Mesh.h"
#include "scene/MeshDeformation.h"
#include "scene/MorphTargetTexture.h"

namespace th {

namespace {

size_t alignUp(size_t v, size_t a) { return (v + a - 1) / a * a; }

GLenum glMode(PrimitiveTopology t) {
    switch (t) {
    case PrimitiveTopology::Triangles: return GL_TRIANGLES;
    case PrimitiveTopology::Points: return GL_POINTS;
    case PrimitiveTopology::Lines: return GL_LINES;
    case PrimitiveTopology::LineStrip: return GL_LINE_STRIP;
    case PrimitiveTopology::LineLoop: return GL_LINE_LOOP;
    }
    return GL_TRIANGLES;
}

} // namespace

DrawExecutor::DrawExecutor(Context& context) : mContext(context) {
    size_t align = std::max<size_t>(16, size_t(context.info().limits.uniformBufferOffsetAlignment));
    mDrawStride = alignUp(sizeof(DrawUniforms), align);
    mDrawBuffer = Buffer(GL_UNIFORM_BUFFER, mDrawStride * 256, nullptr, BufferUsage::Stream, "draw blocks");

    const uint8_t white[4] = {255, 255, 255, 255};
    mWhite2D = Texture({.width = 1, .height = 1, .label = "placeholder white"});
    mWhite2D.upload(0, 0, white);
    mWhiteArray = Texture(
        {.kind = TextureKind::Texture2DArray, .width = 1, .height = 1, .layers = 1, .label = "placeholder array"});
    mWhiteArray.upload(0, 0, white);
    mBlackCube = Texture({.kind = TextureKind::Cube, .width = 1, .height = 1, .label = "placeholder cube"});
    const uint8_t black[4] = {0, 0, 0, 255};
    for (int f = 0; f < 6; ++f) mBlackCube.upload(0, f, black);
    // A depth array cleared to the far plane: every comparison says "lit".
    mNoShadowArray = Texture({.kind = TextureKind::Texture2DArray,
                              .format = TextureFormat::Depth24,
                              .width = 1,
                              .height = 1,
                              .layers = 1,
                              .label = "no shadow"});
    const uint32_t far = 0xFFFFFFFFu;
    mNoShadowArray.upload(0, 0, &far);
    mShadowCompare = Sampler({.mip = SamplerDesc::Mip::None,
                              .wrapS = Wrap::ClampToEdge,
                              .wrapT = Wrap::ClampToEdge,
                              .compare = true,
                              .compareFunc = CompareFunc::LessEqual},
                             0, "no shadow compare");
    mLinearRepeat = Sampler({}, context.limits().maxAnisotropy, "linear repeat");
    mPointClamp = Sampler({.minFilter = Filter::Nearest, .magFilter = Filter::Nearest, .mip = SamplerDesc::Mip::None,
                           .wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge}, 0, "deformation point clamp");
}

float DrawExecutor::pointSizeFor(const Material& material) {
    const ContextInfo& info = mContext.info();
    const float asked = material.pointSize();
    const float size = asked > 0.0f ? std::clamp(asked, info.minPointSize, info.maxPointSize) : 1.0f;
    if (size != asked && mPointSizeWarned.insert(&material).second)
        logWarning("material '", material.name(), "': point size ", asked, " px is ",
                asked > 0.0f ? str("outside the driver's range [", info.minPointSize, ", ", info.maxPointSize, "]")
                             : std::string("not positive"),
                "; points draw at ", size, " px");
    return size;
}

void DrawExecutor::updateMaterials(std::span<DrawItem> items, const FrameInfo& frame) {
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

void DrawExecutor::bindSamplers(const Effect& effect, Material& material, const Mesh& mesh,
                                const EngineTextures& engine) {
    namespace es = engine_sampler;
    const MeshDeformation* deformation = mesh.deformation().get();
    for (const Effect::SamplerUnit& s : effect.samplers()) {
        const Texture* texture = nullptr;
        const Sampler* sampler = nullptr;
        const std::string& n = s.name;
        auto isEngine = [&](const EngineSampler& e) { return e.name == n; };
        if (n == es::kJointMatrices.name || n == es::kMorphTargets.name || n == es::kMorphWeights.name) {
            // The mesh's deformation; the placeholder below when it has none.
            sampler = &mPointClamp;
            if (deformation && n == es::kJointMatrices.name && deformation->jointCount() > 0)
                texture = &deformation->jointTexture();
            else if (deformation && n == es::kMorphTargets.name && deformation->targets())
                texture = &deformation->targets()->texture();
            else if (deformation && n == es::kMorphWeights.name)
                texture = &deformation->activeTargets();
        } else if (auto it = std::find_if(engine_sampler::kAll.begin(), engine_sampler::kAll.end(), isEngine);
            it != engine_sampler::kAll.end()) {
            const TextureBinding& b = engine[size_t(it - engine_sampler::kAll.begin())];
            texture = b.texture;
            sampler = b.sampler;
        } else if (size_t f = frame_texture::indexOf(n); f < frame_texture::kAll.size() && material.readsFrameTexture(n)) {
            texture = mFrameTextures[f].texture;
            sampler = mFrameTextures[f].sampler;
        } else {
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
            case GL_SAMPLER_2D_ARRAY_SHADOW: texture = &mNoShadowArray, sampler = &mShadowCompare; break;
            default: texture = &mWhite2D; break;
            }
        }
        if (!sampler) sampler = &mPointClamp;
        texture->bind(unsigned(s.unit));
        sampler->bind(unsigned(s.unit));
    }
}

void DrawExecutor::draw(std::span<DrawItem> items, const std::vector<RenderState>& states, const SceneBlockRange& scene,
                        const EngineTextures& engine, const FrameInfo& frame, bool shadowPass, FrameStats& stats) {
    if (items.empty()) return;
    StateCache& state = mContext.state();
    updateMaterials(items, frame);
    size_t needed = items.size() * mDrawStride;
    if (mDrawStaging.size() < needed) mDrawStaging.resize(needed);
    {
        // Filling the per-draw blocks makes no GL call (FrameStats::cpuOutsideDriverMs).
        auto start = SteadyClock::now();
        for (size_t i = 0; i < items.size(); ++i) {
            const DrawItem& item = items[i];
            DrawUniforms d;
            d.world = item.world;
            d.normalWorld = glm::mat4(glm::transpose(glm::inverse(glm::mat3(item.world))));
            uint32_t mask = item.mesh->lightMask & item.material->lightMask();
            const bool points = item.mesh->parts()[item.part].topology == PrimitiveTopology::Points;
            d.drawParams = glm::vec4(float(mask & 0xFFFFu), item.receiveShadows ? 1.0f : 0.0f, float(mask >> 16),
                                     points ? pointSizeFor(*item.material) : 0.0f);
            std::memcpy(mDrawStaging.data() + i * mDrawStride, &d, sizeof d);
        }
        stats.cpuOutsideDriverMs += msSince(start);
    }
    mDrawBuffer.replace(needed, mDrawStaging.data());
    state.bindUniformBuffer(uniform_block::kScene.binding, scene.buffer->id(), GLintptr(scene.offset),
                            GLsizeiptr(scene.size));
    if (mTimedPass) glFinish(); // the first draw's cost starts here
    auto drawStart = SteadyClock::now();
    for (size_t i = 0; i < items.size(); ++i) {
        DrawItem& item = items[i];
        state.apply(states[item.state]);
        item.effect->program().use();
        item.vao->bind();
        state.bindUniformBuffer(uniform_block::kDraw.binding, mDrawBuffer.id(), GLintptr(i * mDrawStride),
                                sizeof(DrawUniforms));
        if (UniformBuffer* mb = item.material->materialBlock()) mb->bind(uniform_block::kMaterial.binding);
        if (!item.material->plugins().empty()) {
            UniformBuffer& pb = item.material->pluginBlock();
            for (auto& p : item.material->plugins()) {
                if (!p->enabled() || !p->declaration().perDrawUniforms) continue;
                PluginUniforms uniforms(pb, p->name());
                DrawContext draw{item.pass, item.mesh->name(), item.world, item.instances, item.mesh->userFlags};
                p->updateDrawUniforms(uniforms, draw, frame);
            }
            if (!pb.layout().members().empty())
                pb.bind(uniform_block::kPlugins.binding); // uploads what a per-draw write changed
        }
        bindSamplers(*item.effect, *item.material, *item.mesh, engine);
        const MeshPart& part = item.mesh->parts()[item.part];
        const Geometry& g = *item.mesh->geometry();
        const uint32_t firstIndex = item.indexCount > 0 ? item.firstIndex : part.firstIndex;
        const uint32_t indexCount = item.indexCount > 0 ? item.indexCount : part.indexCount;
        const void* offset = reinterpret_cast<const void*>(size_t(firstIndex) * g.indexSize());
        if (item.instances > 0) {
            item.instanceData->upload();
            glDrawElementsInstanced(glMode(part.topology), GLsizei(indexCount), g.indexType(), offset, GLsizei(item.instances));
        } else {
            glDrawElements(glMode(part.topology), GLsizei(indexCount), g.indexType(), offset);
        }
        ++stats.drawCalls;
        if (shadowPass)
            ++stats.shadowDrawCalls;
        else
            ++stats.mainDrawCalls;
        uint64_t copies = item.instances > 0 ? item.instances : 1;
        if (isTriangles(part.topology)) stats.triangles += uint64_t(indexCount / 3) * copies;
        if (!shadowPass) stats.instances += copies;
        if (mTimedPass) {
            glFinish();
            stats.breakdown.draws.push_back({str(item.mesh->name(), " / ", item.material->name()), *mTimedPass,
                                             msSince(drawStart),
                                             isTriangles(part.topology) ? uint64_t(indexCount / 3) * copies : 0});
            drawStart = SteadyClock::now();
        }
    }
}

} // namespace th
