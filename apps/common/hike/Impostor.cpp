#include "common/hike/Impostor.h"

#include <algorithm>
#include <cmath>

#include "core/Error.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"

namespace th::hike {

float alphaCoverage(const ImageRgba8& image, float cutoff) {
    if (image.empty()) return 0.0f;
    uint64_t covered = 0;
    for (size_t i = 3; i < image.pixels.size(); i += 4) covered += float(image.pixels[i]) >= cutoff * 255.0f;
    return float(double(covered) / double(size_t(image.width) * size_t(image.height)));
}

void bleedColors(ImageRgba8& image, int passes) {
    const int w = image.width, h = image.height;
    std::vector<uint8_t> filled(size_t(w) * size_t(h));
    glm::dvec3 mean(0.0);
    uint64_t count = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (image.at(x, y)[3] == 255) {
                filled[size_t(y) * size_t(w) + size_t(x)] = 1;
                const uint8_t* p = image.at(x, y);
                mean += glm::dvec3(p[0], p[1], p[2]);
                ++count;
            }
    for (int pass = 0; pass < passes; ++pass) {
        std::vector<uint8_t> next = filled;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                if (filled[size_t(y) * size_t(w) + size_t(x)]) continue;
                int sum[3] = {0, 0, 0}, n = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        int nx = x + dx, ny = y + dy;
                        if (nx < 0 || ny < 0 || nx >= w || ny >= h || !filled[size_t(ny) * size_t(w) + size_t(nx)]) continue;
                        const uint8_t* q = image.at(nx, ny);
                        for (int c = 0; c < 3; ++c) sum[c] += q[c];
                        ++n;
                    }
                if (n == 0) continue;
                uint8_t* p = image.at(x, y);
                for (int c = 0; c < 3; ++c) p[c] = uint8_t(sum[c] / n);
                next[size_t(y) * size_t(w) + size_t(x)] = 1;
            }
        filled.swap(next);
    }
    if (count == 0) return;
    mean /= double(count);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (!filled[size_t(y) * size_t(w) + size_t(x)]) {
                uint8_t* p = image.at(x, y);
                for (int c = 0; c < 3; ++c) p[c] = uint8_t(mean[c]);
            }
}

std::vector<ImageRgba8> coveragePreservingMips(const ImageRgba8& base, float cutoff) {
    std::vector<ImageRgba8> levels;
    const float target = alphaCoverage(base, cutoff);
    const ImageRgba8* previous = &base;
    ImageRgba8 unscaled; // the previous level before its alpha was scaled (keeps errors from compounding)
    while (previous->width > 1 || previous->height > 1) {
        const ImageRgba8& src = unscaled.empty() ? *previous : unscaled;
        int w = std::max(1, src.width / 2), h = std::max(1, src.height / 2);
        ImageRgba8 level(w, h);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                int sum[4] = {0, 0, 0, 0}, n = 0;
                for (int dy = 0; dy < 2; ++dy)
                    for (int dx = 0; dx < 2; ++dx) {
                        int sx = std::min(2 * x + dx, src.width - 1), sy = std::min(2 * y + dy, src.height - 1);
                        const uint8_t* p = src.at(sx, sy);
                        for (int c = 0; c < 4; ++c) sum[c] += p[c];
                        ++n;
                    }
                uint8_t* out = level.at(x, y);
                for (int c = 0; c < 4; ++c) out[c] = uint8_t((sum[c] + n / 2) / n);
            }
        unscaled = level;
        // Scale alpha so the coverage at the cutoff matches the top level's (bisection on the
        // scale: coverage grows with it).
        if (target > 0.0f) {
            auto coverageAt = [&](float scale) {
                uint64_t covered = 0;
                for (size_t i = 3; i < level.pixels.size(); i += 4) covered += float(level.pixels[i]) * scale >= cutoff * 255.0f;
                return float(double(covered) / double(size_t(w) * size_t(h)));
            };
            float lo = 0.25f, hi = 16.0f;
            for (int it = 0; it < 24; ++it) {
                float mid = 0.5f * (lo + hi);
                (coverageAt(mid) < target ? lo : hi) = mid;
            }
            float scale = hi;
            for (size_t i = 3; i < level.pixels.size(); i += 4)
                level.pixels[i] = uint8_t(std::min(255.0f, std::round(float(level.pixels[i]) * scale)));
        }
        levels.push_back(std::move(level));
        previous = &levels.back();
    }
    return levels;
}

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

} // namespace th::hike
