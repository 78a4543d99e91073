#pragma once
// Helpers for the plugin tests on the real driver: small meshes, a renderer set up for
// readable pixels, and compiling every pass and instancing variant of a material in both
// APIs with glslangValidator as a second opinion.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"
#include "scene/Scene.h"
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"
#include "unit/ShaderTestHelpers.h"

namespace th::test {

inline RendererOptions pluginRendererOptions() {
    RendererOptions o = testRendererOptions();
    o.shadows.mapSize = 1024;
    o.shadows.cascades = 1;
    o.shadows.maxDistance = 40.0f;
    return o;
}

/// What every plugin test on the driver stands on: a headless context of `api`, a renderer
/// with pluginRendererOptions() and an RGBA8 output of the context's size. The output and the
/// renderer go before the context (members are destroyed in reverse order); a test's scene,
/// made after the stage, goes before them.
struct PluginStage {
    TestContext context;
    std::unique_ptr<Renderer> rendererOwner;
    std::unique_ptr<RenderTarget> outputOwner;

    PluginStage(GlApi api, int width, int height)
        : context(makeTestContext(api, width, height)),
          rendererOwner(std::make_unique<Renderer>(*context, pluginRendererOptions())),
          outputOwner(std::make_unique<RenderTarget>(width, height, TextureFormat::RGBA8, "output")) {}

    Renderer& renderer() { return *rendererOwner; }
    RenderTarget& output() { return *outputOwner; }
    /// Fails the test when the context has a GL error pending.
    void requireNoGlErrors() { test::requireNoGlErrors(*context); }
};

/// An axis-aligned box from `lo` to `hi` with outward normals (4 vertices per face).
inline MeshData boxMesh(glm::vec3 lo, glm::vec3 hi) {
    MeshData m;
    m.name = "box";
    const glm::vec3 n[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const glm::vec3& normal : n) {
        // Two axes spanning the face, ordered so (u × v) = normal (counter-clockwise outside).
        glm::vec3 u = std::abs(normal.y) > 0.5f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        glm::vec3 v = glm::cross(normal, u);
        u = glm::cross(v, normal);
        glm::vec3 c = (lo + hi) * 0.5f, h = (hi - lo) * 0.5f;
        glm::vec3 center = c + normal * h;
        glm::vec3 du = u * h, dv = v * h;
        uint32_t base = uint32_t(m.positions.size());
        for (glm::vec2 k : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
            m.positions.push_back(center + du * k.x + dv * k.y);
            m.normals.push_back(normal);
            m.uv0.push_back((k + 1.0f) * 0.5f);
        }
        m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
    return m;
}

/// A grid over XZ from (x0, z0) to (x1, z1), `n` quads per side, heights from `height`,
/// facing up (normals from the height function's slope).
inline MeshData groundMesh(float x0, float z0, float x1, float z1, int n, const std::function<float(float, float)>& height) {
    MeshData m;
    m.name = "ground";
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i) {
            float x = x0 + (x1 - x0) * float(i) / float(n), z = z0 + (z1 - z0) * float(j) / float(n);
            m.positions.push_back({x, height(x, z), z});
            const float e = 0.01f;
            float dx = (height(x + e, z) - height(x - e, z)) / (2 * e), dz = (height(x, z + e) - height(x, z - e)) / (2 * e);
            m.normals.push_back(glm::normalize(glm::vec3(-dx, 1, -dz)));
            m.uv0.push_back({float(i) / float(n), float(j) / float(n)});
        }
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            uint32_t a = uint32_t(j * (n + 1) + i), b = a + 1, c = a + uint32_t(n + 1), d = c + 1;
            // Counter-clockwise seen from above (+Y): a, c, b then b, c, d.
            m.indices.insert(m.indices.end(), {a, c, b, b, c, d});
        }
    return m;
}

/// A bird facing +Z with its wings in the XZ plane, facing up: a body box along Z (|x| ≤
/// bodyHalfWidth) and one quad per wing from the body side to x = ±halfSpan, hinged on the
/// body axis (the wing root vertices sit at x = ±bodyHalfWidth, rotated hardly at all).
inline MeshData birdMesh(float halfSpan, float bodyHalfWidth = 0.05f, float length = 0.3f) {
    MeshData m = boxMesh({-bodyHalfWidth, -bodyHalfWidth, -length * 0.5f}, {bodyHalfWidth, bodyHalfWidth, length * 0.5f});
    m.name = "bird";
    for (float side : {-1.0f, 1.0f}) {
        uint32_t base = uint32_t(m.positions.size());
        float chord = length * 0.4f;
        m.positions.push_back({side * bodyHalfWidth, 0, -chord});
        m.positions.push_back({side * halfSpan, 0, -chord * 0.5f});
        m.positions.push_back({side * halfSpan, 0, chord * 0.5f});
        m.positions.push_back({side * bodyHalfWidth, 0, chord});
        m.normals.insert(m.normals.end(), 4, glm::vec3(0, 1, 0));
        m.uv0.insert(m.uv0.end(), {{0, 0}, {1, 0}, {1, 1}, {0, 1}});
        if (side > 0) m.indices.insert(m.indices.end(), {base, base + 3, base + 2, base, base + 2, base + 1});
        else m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
    return m;
}

inline std::shared_ptr<Mesh> makeMesh(const MeshData& data, std::shared_ptr<Material> material) {
    auto mesh = std::make_shared<Mesh>(data.name, std::make_shared<Geometry>(data, data.name));
    mesh->setMaterial(std::move(material));
    return mesh;
}

/// An unlit material of one colour: pixels read back exactly (no lighting, no tone curve).
inline std::shared_ptr<PbrMaterial> flatMaterial(std::string name, glm::vec3 color) {
    PbrParams p;
    p.baseColorFactor = glm::vec4(color, 1.0f);
    p.unlit = true;
    return std::make_shared<PbrMaterial>(std::move(name), p);
}

/// A scene with no sky background, no IBL and no tone curve, clearing to `clear`.
inline void plainScene(Scene& scene, glm::vec3 clear) {
    scene.environment.source = EnvironmentSource::None;
    scene.post.toneMapping = ToneMapping::None;
    scene.post.clearColor = clear;
}

/// Pixels where `pick` holds, as a mask.
inline std::vector<bool> maskOf(const ImageRgba8& image, const std::function<bool(std::array<uint8_t, 4>)>& pick) {
    std::vector<bool> mask(size_t(image.width) * size_t(image.height));
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) mask[size_t(y) * size_t(image.width) + size_t(x)] = pick(image.rgba(x, y));
    return mask;
}

inline int countOf(const std::vector<bool>& mask) { return int(std::count(mask.begin(), mask.end(), true)); }

inline int differing(const std::vector<bool>& a, const std::vector<bool>& b) {
    int n = 0;
    for (size_t i = 0; i < a.size(); ++i) n += a[i] != b[i];
    return n;
}

/// Builds every pass × {non-instanced, instanced} variant of `material` on this context's
/// API through the renderer (Renderer::effectRequest, EffectCache), requires each to compile
/// and link on the real driver without warnings, runs glslangValidator on the exact sources,
/// and lets `check` look at each (vertex, fragment) pair. `mesh` gives the mesh facts every
/// variant shares (skinning, morph targets); its pass and instancing are overridden.
inline void compileEveryVariant(Renderer& renderer, const Material& material,
                                const std::function<void(RenderPass, bool, const std::string&, const std::string&)>& check = {},
                                DrawInfo mesh = {}) {
    for (RenderPass pass : kAllPasses)
        for (bool instanced : {false, true}) {
            CAPTURE(toString(pass));
            CAPTURE(instanced);
            DrawInfo draw = mesh;
            draw.pass = pass;
            draw.instanced = instanced;
            draw.hasUv0 = true;
            EffectRequest request = renderer.effectRequest(material, draw);
            std::shared_ptr<Effect> effect = renderer.effects().get(request);
            renderer.effects().finishAll();
            INFO(effect->error());
            REQUIRE(effect->ready());
            // No lint finding or driver warning worth a warning, from any plugin.
            for (const Diagnostic& d : effect->diagnostics()) {
                INFO(d.toString());
                CHECK((d.severity == Severity::Info));
            }
            const std::string& vs = effect->vertexSource().text;
            const std::string& fs = effect->fragmentSource().text;
            for (auto [text, stage] : {std::pair{&vs, "vert"}, std::pair{&fs, "frag"}}) {
                ValidatorResult v = validateGlsl(*text, stage);
                if (!v.available) {
                    MESSAGE("glslangValidator not found: driver compile only");
                    continue;
                }
                INFO(v.log);
                CHECK(v.ok);
            }
            if (check) check(pass, instanced, vs, fs);
        }
}

} // namespace th::test
