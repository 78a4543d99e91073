#pragma once
// Small scenes for lighting, shadow and stencil pixel tests: a floor and boxes built in code,
// a renderer without the sun, sky or IBL (only the lights a test adds), and projection of
// world points to pixels of the read-back image.
#include <memory>
#include <string>

#include <glm/glm.hpp>

#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"
#include "scene/Scene.h"
#include "support/RendererTestSupport.h"

namespace th::test {

/// A plane in XZ facing +Y, `size` metres across, centred on the origin.
inline MeshData floorMesh(float size) {
    float h = size * 0.5f;
    MeshData m;
    m.name = "floor";
    m.positions = {{-h, 0, -h}, {h, 0, -h}, {h, 0, h}, {-h, 0, h}};
    m.normals.assign(4, {0, 1, 0});
    m.uv0 = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    m.indices = {0, 2, 1, 0, 3, 2};
    return m;
}

/// An axis-aligned box centred on the origin, flat-shaded (4 vertices per face).
inline MeshData boxMesh(glm::vec3 size) {
    glm::vec3 h = size * 0.5f;
    MeshData m;
    m.name = "box";
    const glm::vec3 normals[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const glm::vec3& n : normals) {
        glm::vec3 u = std::abs(n.y) > 0.5f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
        glm::vec3 v = glm::cross(n, u);
        uint32_t base = uint32_t(m.positions.size());
        const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (auto& c : corners) {
            m.positions.push_back((n + u * c[0] + v * c[1]) * h);
            m.normals.push_back(n);
            m.uv0.push_back({c[0] * 0.5f + 0.5f, c[1] * 0.5f + 0.5f});
        }
        // Counter-clockwise seen from outside: u × v = n.
        m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
    return m;
}

inline std::shared_ptr<PbrMaterial> greyMaterial(const std::string& name, float grey = 0.8f, float roughness = 1.0f) {
    auto material = std::make_shared<PbrMaterial>(name);
    material->setBaseColorFactor({grey, grey, grey, 1});
    material->setMetallicRoughness(0.0f, roughness);
    return material;
}

/// A scene lit only by what the test adds: no sun, no sky light, no IBL, no tone mapping,
/// black background.
inline std::unique_ptr<Scene> darkScene() {
    auto scene = std::make_unique<Scene>();
    scene->sunLight = false;
    scene->environment.source = EnvironmentSource::None;
    scene->post.toneMapping = ToneMapping::None;
    scene->post.clearColor = glm::vec3(0.0f);
    return scene;
}

inline Light spotLight(glm::vec3 position, glm::vec3 target, float outerAngle, float range, float intensity) {
    Light l;
    l.type = LightType::Spot;
    l.position = position;
    l.direction = glm::normalize(target - position);
    l.outerConeAngle = outerAngle;
    l.innerConeAngle = outerAngle * 0.9f;
    l.range = range;
    l.intensity = intensity;
    return l;
}

inline Light pointLight(glm::vec3 position, float range, float intensity) {
    Light l;
    l.type = LightType::Point;
    l.position = position;
    l.range = range;
    l.intensity = intensity;
    return l;
}

/// A camera straight above `centre`, looking down with −Z up in the image.
inline Camera topCamera(glm::vec3 centre, float height, float farPlane = 1000.0f) {
    Camera c;
    c.position = centre + glm::vec3(0, height, 0);
    c.target = centre;
    c.up = {0, 0, -1};
    c.nearPlane = 0.1f;
    c.farPlane = farPlane;
    return c;
}

/// The pixel (column, row from the top) where a world point lands.
inline glm::ivec2 toPixel(const Camera& camera, int width, int height, glm::vec3 world) {
    Camera c = camera;
    c.aspect = float(width) / float(height);
    glm::vec4 clip = c.viewProjection() * glm::vec4(world, 1.0f);
    glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {int((ndc.x * 0.5f + 0.5f) * float(width)), int((0.5f - ndc.y * 0.5f) * float(height))};
}

/// The point of the floor (y = 0) that pixel `pixel`'s centre sees: toPixel's inverse there.
inline glm::vec3 toWorldOnFloor(const Camera& camera, int width, int height, glm::ivec2 pixel) {
    Camera c = camera;
    c.aspect = float(width) / float(height);
    const glm::mat4 inverse = glm::inverse(c.viewProjection());
    const glm::vec2 ndc{(float(pixel.x) + 0.5f) / float(width) * 2.0f - 1.0f, 1.0f - (float(pixel.y) + 0.5f) / float(height) * 2.0f};
    glm::vec4 a = inverse * glm::vec4(ndc, -1.0f, 1.0f);
    glm::vec4 b = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    const glm::vec3 from = glm::vec3(a) / a.w, to = glm::vec3(b) / b.w;
    const float t = from.y / (from.y - to.y);
    return from + (to - from) * t;
}

/// Red channel at a world point (the tests light with white and look at grey surfaces).
inline int brightnessAt(const ImageRgba8& image, const Camera& camera, glm::vec3 world) {
    glm::ivec2 p = toPixel(camera, image.width, image.height, world);
    if (p.x < 0 || p.y < 0 || p.x >= image.width || p.y >= image.height) return -1;
    return image.rgba(p.x, p.y)[0];
}

} // namespace th::test
