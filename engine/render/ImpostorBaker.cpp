#include "render/ImpostorBaker.h"

#include <algorithm>
#include <cmath>

#include "core/Error.h"
#include "core/Str.h"
#include "render/CoverageMips.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"

namespace th {

ImpostorBake bakeImpostor(Renderer& renderer, const MeshData& tree, int resolution, const std::string& label) {
    Bounds b = tree.bounds();
    if (b.empty()) throw Error(str("impostor '", label, "': the mesh has no vertices"));
    glm::vec3 extent = b.extent();
    float width = std::max(extent.x, extent.z), height = extent.y, centerY = b.center().y;
    int texelsHigh = std::max(16, resolution);
    int texelsWide = std::max(8, int(std::lround(float(texelsHigh) * width / height / 4.0f)) * 4);

    // The bake's own scene: the tree alone, unlit, on transparent black.
    Scene scene;
    scene.sunLight = false;
    scene.sky.enabled = false;
    scene.environment.source = EnvironmentSource::None;
    scene.fog.enabled = false;
    scene.post.toneMapping = ToneMapping::None;
    scene.post.exposure = 1.0f;
    PbrParams p;
    p.metallicFactor = 0.0f;
    p.roughnessFactor = 1.0f;
    p.vertexColors = !tree.colors.empty();
    p.unlit = true;
    auto material = std::make_shared<PbrMaterial>(str(label, " bake"), p);
    auto mesh = std::make_shared<Mesh>(label, std::make_shared<Geometry>(tree, label));
    mesh->setMaterial(material);
    mesh->castShadows = false;
    scene.root().addChild(label).mesh = mesh;

    // Nearly orthographic: far away with a narrow field of view, framing the card exactly.
    const float distance = 2000.0f + 20.0f * height;
    Camera camera;
    camera.position = {b.center().x, centerY, b.center().z + distance};
    camera.target = {b.center().x, centerY, b.center().z};
    camera.yfov = 2.0f * std::atan(0.5f * height / distance);
    camera.nearPlane = distance - 2.0f * width;
    camera.farPlane = distance + 2.0f * width;

    float savedScale = renderer.options().resolutionScale;
    renderer.options().resolutionScale = 1.0f;
    BakeResult result;
    try {
        result = renderer.bake(scene, camera, texelsWide, texelsHigh, label);
    } catch (...) {
        renderer.options().resolutionScale = savedScale;
        throw;
    }
    renderer.options().resolutionScale = savedScale;
    double share = double(result.coveredPixels) / double(texelsWide * texelsHigh);
    if (share < 0.05)
        throw Error(str("impostor '", label, "': the bake covered ", result.coveredPixels, " of ", texelsWide * texelsHigh,
                        " texels; a tree should fill a good part of its card (check the mesh's bounds and winding)"));

    ImpostorBake out;
    out.coveredTexels = result.coveredPixels;
    out.image = result.image;
    ImageRgba8 base = result.image;
    bleedColors(base, 8);
    std::vector<ImageRgba8> mips = coveragePreservingMips(base);
    auto texture = std::make_shared<Texture>(TextureDesc{.format = TextureFormat::SRGB8_ALPHA8, .width = texelsWide,
                                                         .height = texelsHigh, .mipLevels = int(mips.size()) + 1,
                                                         .label = str(label, " impostor")});
    // Rows go up unflipped: v = 0 samples the top of the tree (the card's uv says so).
    texture->upload(0, 0, base.pixels.data());
    for (size_t i = 0; i < mips.size(); ++i) texture->upload(int(i) + 1, 0, mips[i].pixels.data());
    out.texture = texture;
    out.sampler = std::make_shared<Sampler>(
        SamplerDesc{.wrapS = Wrap::ClampToEdge, .wrapT = Wrap::ClampToEdge}, 0.0f, str(label, " impostor"));
    return out;
}

} // namespace th
