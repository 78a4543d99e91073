#pragma once
// A stage for render tests of glTF models: a headless context and renderer (program cache
// off), a model imported and uploaded into a scene, the shared samples' camera convention,
// the grey studio environment, projection of world points to read-back pixels (top row
// first), and pixel statistics. Tests find the Khronos samples in TRAILHEAD_SHARED_DIR (else
// <source>/../shared) and skip with a message naming the path when a sample is absent.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include "assets/GltfImporter.h"
#include "assets/ImageLoader.h"
#include "assets/ModelLoader.h"
#include "common/AppPaths.h"
#include "gl/Readback.h"
#include "render/Renderer.h"
#include "scene/Scene.h"
#include "plugins/library/GltfMaterialPlugins.h"

namespace th::test {

/// <shared>/gltf/<name>/glTF/<name>.gltf, the layout of the shared samples.
inline std::filesystem::path sampleModelPath(const std::string& name) {
    return sharedDirectory() / "gltf" / name / "glTF" / (name + ".gltf");
}

/// True when `path` exists; otherwise says which file is missing so the skip is visible.
inline bool requireFile(const std::filesystem::path& path) {
    if (std::filesystem::exists(path)) return true;
    MESSAGE("skipped: ", path.string(), " is missing (set TRAILHEAD_SHARED_DIR to the shared samples folder)");
    return false;
}

inline std::filesystem::path studioEnvironmentPath() {
    return sharedDirectory() / "gltf" / "environment" / "neutral_studio.hdr";
}

/// Perceived brightness of an sRGB pixel, 0–255 (Rec. 709 weights on the encoded values).
inline float luma(const std::array<uint8_t, 4>& p) { return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2]; }

/// A test of the camera projection that does not go through Camera::view(): the basis is
/// built here from position, target and up, so a handedness slip in the engine's camera
/// cannot cancel one in the expectation.
struct PixelProjector {
    glm::vec3 eye, forward, right, up;
    float tanHalfY, aspect;
    int width, height;

    PixelProjector(const Camera& camera, int w, int h) : width(w), height(h) {
        eye = camera.position;
        forward = glm::normalize(camera.target - camera.position);
        right = glm::normalize(glm::cross(forward, camera.up)); // right-handed: x = forward × up
        up = glm::cross(right, forward);
        tanHalfY = std::tan(camera.yfov * 0.5f);
        aspect = float(w) / float(h);
    }
    /// Pixel coordinates (x right, y down from the top row) of a world point in front.
    glm::vec2 operator()(const glm::vec3& p) const {
        glm::vec3 d = p - eye;
        float z = glm::dot(d, forward);
        float ndcX = glm::dot(d, right) / (z * tanHalfY * aspect);
        float ndcY = glm::dot(d, up) / (z * tanHalfY);
        return {(ndcX * 0.5f + 0.5f) * float(width), (0.5f - ndcY * 0.5f) * float(height)};
    }
    /// Pixels per world unit at the depth of `p` (for windows sized in world units).
    float scaleAt(const glm::vec3& p) const {
        float z = glm::dot(p - eye, forward);
        return float(height) * 0.5f / (z * tanHalfY);
    }
};

struct GltfStage {
    TestContext context;
    std::unique_ptr<Renderer> renderer;
    Scene scene;
    Camera camera;
    ImportedModel model;
    LoadedModel loaded;
    int width = 0, height = 0;

    GltfStage(GlApi api, int w, int h) : width(w), height(h) {
        context = makeTestContext(api, w, h);
        RendererOptions options = testRendererOptions();
        options.parallelCompile = false;
        renderer = std::make_unique<Renderer>(*context, options);
        // Only what a test asks for lights the model: no sun, no environment, no tone curve.
        scene.sunLight = false;
        scene.sky.enabled = false;
        scene.environment.source = EnvironmentSource::None;
        scene.environment.showAsBackground = false;
        scene.post.toneMapping = ToneMapping::None;
        setBackground(64, 64, 64);
    }
    ~GltfStage() {
        context->makeCurrent();
        scene = Scene();
        loaded = LoadedModel();
        renderer.reset();
    }
    GltfStage(const GltfStage&) = delete;
    GltfStage& operator=(const GltfStage&) = delete;

    /// What add() passes to addModelToScene (its importLights and maxAnisotropy aside).
    ModelLoadOptions loadOptions;

    /// Imports `file` and adds it to the scene (its punctual lights too when `lights`).
    void load(const std::filesystem::path& file, bool lights = false, const GltfImportOptions& options = {}) {
        add(importGltf(file, options), lights);
    }

    /// Adds an imported (possibly edited) model to the scene.
    void add(ImportedModel imported, bool lights = false) {
        model = std::move(imported);
        ModelLoadOptions load = loadOptions;
        load.importLights = lights;
        load.maxAnisotropy = context->limits().maxAnisotropy;
        registerGltfMaterialPlugins(renderer->materials());
        loaded = addModelToScene(model, scene, scene.root(), &renderer->materials(), load);
        scene.update();
    }

    /// Image-based light from the shared grey studio only (the samples' capture convention).
    void useStudio(float intensity = 1.0f) {
        REQUIRE_MESSAGE(std::filesystem::exists(studioEnvironmentPath()), studioEnvironmentPath().string(),
                        " is missing: the shared samples folder is incomplete");
        scene.environment.source = EnvironmentSource::HdrFile;
        scene.environment.hdrPath = studioEnvironmentPath().string();
        scene.environment.hdrImage = std::make_shared<ImageRgbaF>(loadHdr(studioEnvironmentPath()));
        scene.environment.intensity = intensity;
        scene.environment.cubeSize = 128;
        scene.environment.showAsBackground = false;
    }

    /// For tests that build their own models and compare two renders of one setup: the studio
    /// when the shared folder has it, else a uniform grey environment (said once), so they run
    /// without the shared samples.
    void useStudioOrUniform() {
        if (std::filesystem::exists(studioEnvironmentPath())) return useStudio();
        MESSAGE(studioEnvironmentPath().string(), " is missing: lit by a uniform grey environment instead");
        scene.environment.source = EnvironmentSource::Uniform;
        scene.environment.uniformColor = glm::vec3(0.5f);
        scene.environment.showAsBackground = false;
    }

    void setBackground(int r, int g, int b) {
        scene.post.clearColor = glm::vec3(float(r), float(g), float(b)) / 255.0f;
    }

    /// A directional light travelling along `direction` (from the light towards the scene).
    void addSunLight(const glm::vec3& direction, float intensity) {
        Light light;
        light.name = "test key";
        light.type = LightType::Directional;
        light.direction = glm::normalize(direction);
        light.intensity = intensity;
        scene.lights.push_back(light);
    }

    /// The shared samples' convention: look along −Z at the centre of the world bounds from
    /// 0.9·radius / tan(yfov/2), yfov 45°, +Y up.
    void conventionCamera() { lookAlong(glm::vec3(0, 0, -1), glm::vec3(0, 1, 0)); }

    /// Looks along `direction` at the bounds' centre from the convention's distance.
    void lookAlong(const glm::vec3& direction, const glm::vec3& up, float distanceScale = 1.0f) {
        scene.update();
        Bounds bounds = scene.bounds();
        float radius = std::max(bounds.radius(), 1e-6f);
        camera.yfov = glm::radians(45.0f);
        float distance = 0.9f * radius / std::tan(camera.yfov * 0.5f) * distanceScale;
        camera.target = bounds.center();
        camera.position = camera.target - glm::normalize(direction) * distance;
        camera.up = up;
        camera.nearPlane = std::max(distance - radius * 2.0f, distance * 0.01f);
        camera.farPlane = distance + radius * 2.0f;
    }

    ImageRgba8 render() {
        RenderTarget output(width, height, TextureFormat::RGBA8, "gltf test output");
        camera.aspect = float(width) / float(height);
        scene.update();
        renderer->prepare(scene, camera, output);
        renderer->render(scene, camera, output, 0.0);
        renderer->render(scene, camera, output, 0.0);
        return readPixels(output.framebufferId(), 0, 0, width, height);
    }

    PixelProjector projector() const { return PixelProjector(camera, width, height); }

    /// The node of the model named `name` (glTF node names), or fails the test.
    Node& node(const std::string& name) {
        Node* n = loaded.root ? loaded.root->find(name) : nullptr;
        REQUIRE_MESSAGE(n != nullptr, "no node named '", name, "'");
        return *n;
    }
};

/// Pixels of `image` inside the rectangle [x0, x1) × [y0, y1), clipped to the image.
inline void forEachPixel(const ImageRgba8& image, int x0, int y0, int x1, int y1,
                         const std::function<void(int, int, const std::array<uint8_t, 4>&)>& f) {
    x0 = std::max(x0, 0);
    y0 = std::max(y0, 0);
    x1 = std::min(x1, image.width);
    y1 = std::min(y1, image.height);
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) f(x, y, image.rgba(x, y));
}

/// Share of the pixels in a rectangle for which `predicate` holds.
inline double shareOf(const ImageRgba8& image, int x0, int y0, int x1, int y1,
                      const std::function<bool(const std::array<uint8_t, 4>&)>& predicate) {
    int hits = 0, count = 0;
    forEachPixel(image, x0, y0, x1, y1, [&](int, int, const std::array<uint8_t, 4>& p) {
        ++count;
        if (predicate(p)) ++hits;
    });
    return count ? double(hits) / count : 0.0;
}

/// Mean colour (0–255 per channel) over a rectangle.
inline glm::vec3 meanColor(const ImageRgba8& image, int x0, int y0, int x1, int y1) {
    glm::dvec3 sum(0.0);
    int count = 0;
    forEachPixel(image, x0, y0, x1, y1, [&](int, int, const std::array<uint8_t, 4>& p) {
        sum += glm::dvec3(p[0], p[1], p[2]);
        ++count;
    });
    return count ? glm::vec3(sum / double(count)) : glm::vec3(0.0f);
}

/// A saturated primary or secondary colour: the named channels are strong and clearly above
/// the others (so the pale blue of a base cube or a grey background never qualifies).
enum class Hue { Red, Green, Blue, Cyan, Magenta, Yellow };

inline bool hasHue(const std::array<uint8_t, 4>& p, Hue hue) {
    float r = p[0], g = p[1], b = p[2];
    auto strong = [](float v) { return v > 60.0f; };
    auto weak = [](float v, float than) { return v < 0.45f * than; };
    auto alike = [](float a, float c) { return std::abs(a - c) < 0.35f * std::max(a, c); };
    switch (hue) {
    case Hue::Red: return strong(r) && weak(g, r) && weak(b, r);
    case Hue::Green: return strong(g) && weak(r, g) && weak(b, g);
    case Hue::Blue: return strong(b) && weak(r, b) && weak(g, b);
    case Hue::Cyan: return strong(g) && strong(b) && alike(g, b) && weak(r, std::min(g, b));
    case Hue::Magenta: return strong(r) && strong(b) && alike(r, b) && weak(g, std::min(r, b));
    case Hue::Yellow: return strong(r) && strong(g) && alike(r, g) && weak(b, std::min(r, g));
    }
    return false;
}

/// Where the pixels of one hue lie: count, centroid and principal axis (unit, sign arbitrary).
struct PixelCloud {
    int count = 0;
    glm::vec2 centroid{0.0f};
    glm::vec2 axis{1.0f, 0.0f};
    float elongation = 1.0f; ///< ratio of the principal standard deviations (major / minor)
};

inline PixelCloud pixelCloud(const ImageRgba8& image,
                             const std::function<bool(const std::array<uint8_t, 4>&)>& predicate) {
    PixelCloud c;
    glm::dvec2 sum(0.0);
    std::vector<glm::vec2> points;
    forEachPixel(image, 0, 0, image.width, image.height, [&](int x, int y, const std::array<uint8_t, 4>& p) {
        if (!predicate(p)) return;
        points.push_back({float(x) + 0.5f, float(y) + 0.5f});
        sum += glm::dvec2(points.back());
    });
    c.count = int(points.size());
    if (points.empty()) return c;
    c.centroid = glm::vec2(sum / double(points.size()));
    double sxx = 0, syy = 0, sxy = 0;
    for (auto& q : points) {
        glm::dvec2 d = glm::dvec2(q - c.centroid);
        sxx += d.x * d.x;
        syy += d.y * d.y;
        sxy += d.x * d.y;
    }
    double angle = 0.5 * std::atan2(2.0 * sxy, sxx - syy);
    c.axis = glm::vec2(float(std::cos(angle)), float(std::sin(angle)));
    double mean = (sxx + syy) * 0.5, diff = std::sqrt(std::max(0.0, (sxx - syy) * (sxx - syy) * 0.25 + sxy * sxy));
    double major = mean + diff, minor = std::max(mean - diff, 1e-9);
    c.elongation = float(std::sqrt(major / minor));
    return c;
}

/// Angle in degrees between two image directions, ignoring their sign (0–90).
inline float axisAngleDegrees(glm::vec2 a, glm::vec2 b) {
    float c = std::abs(glm::dot(glm::normalize(a), glm::normalize(b)));
    return glm::degrees(std::acos(std::min(c, 1.0f)));
}

} // namespace th::test
