#pragma once
// What renderer tests share beyond a context: renderer options without the on-disk program
// cache, one frame rendered and read back (and written out on request), a quad, a mesh node,
// and the sRGB transfer function both ways (read-back pixels are encoded).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "gl/Readback.h"
#include "render/Renderer.h"
#include "scene/MeshData.h"
#include "scene/Scene.h"

namespace th::test {

/// Default renderer options with the program binary cache off: every test compiles the
/// shaders it draws with (a stored binary would hide a compile error) and writes no files.
inline RendererOptions testRendererOptions() {
    RendererOptions o;
    o.programCacheDirectory.clear();
    return o;
}

/// Renders one frame (compiling everything first) and reads it back, top row first.
inline ImageRgba8 renderImage(Renderer& renderer, Scene& scene, const Camera& camera, const RenderTarget& output,
                              double seconds = 0.0) {
    renderer.prepare(scene, camera, output);
    renderer.render(scene, camera, output, seconds);
    return readPixels(output.framebufferId(), 0, 0, output.width(), output.height());
}

/// A quad in the XY plane facing +Z, centred on the origin.
inline MeshData quadMesh(float halfWidth, float halfHeight) {
    MeshData m;
    m.name = "quad";
    m.positions = {{-halfWidth, -halfHeight, 0}, {halfWidth, -halfHeight, 0}, {halfWidth, halfHeight, 0}, {-halfWidth, halfHeight, 0}};
    m.normals.assign(4, {0, 0, 1});
    m.uv0 = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    m.indices = {0, 1, 2, 0, 2, 3};
    return m;
}

/// A node `name` under the scene's root drawing `data` (a geometry of its own) with `material`.
inline Node& addMesh(Scene& scene, const std::string& name, const MeshData& data, std::shared_ptr<Material> material,
                     glm::vec3 position = glm::vec3(0.0f)) {
    auto mesh = std::make_shared<Mesh>(name, std::make_shared<Geometry>(data, name));
    mesh->setMaterial(std::move(material));
    Node& node = scene.root().addChild(name);
    node.mesh = mesh;
    node.transform.translation = position;
    return node;
}

/// Writes `image` to $TRAILHEAD_TEST_DUMP/<name>.png when that variable names a folder (to
/// look at what a failing test saw).
inline void dumpImage(const ImageRgba8& image, const std::string& name) {
    const char* dir = std::getenv("TRAILHEAD_TEST_DUMP");
    if (!dir || !*dir) return;
    std::filesystem::create_directories(dir);
    writePng(std::filesystem::path(dir) / (name + ".png"), image);
}

/// The sRGB transfer function undone: an encoded value in [0, 1] to linear.
inline float srgbToLinear(float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); }

/// The sRGB transfer function: linear (clamped to [0, 1]) to encoded.
inline float linearToSrgb(float c) {
    c = std::clamp(c, 0.0f, 1.0f);
    return c <= 0.0031308f ? c * 12.92f : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f;
}

} // namespace th::test
