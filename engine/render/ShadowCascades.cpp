#include "render/ShadowCascades.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace th {

const char* toString(ShadowFilter filter) {
    switch (filter) {
    case ShadowFilter::Pcf3x3: return "pcf";
    case ShadowFilter::Poisson: return "poisson";
    }
    return "pcf";
}

CascadeSet computeCascades(const Camera& camera, const glm::vec3& lightDirIn, const ShadowSettings& settings,
                           const Bounds& casterBounds) {
    CascadeSet set;
    set.count = std::clamp(settings.cascades, 0, 4);
    if (set.count == 0) return set;
    glm::vec3 lightDir = glm::normalize(lightDirIn);
    float nearPlane = camera.nearPlane;
    float farPlane = std::min(camera.farPlane, settings.maxDistance);
    // A fixed up vector for the light view: any change of it would rotate the texel grid.
    glm::vec3 up = std::abs(lightDir.y) > 0.99f ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
    glm::mat4 invView = glm::inverse(camera.view());
    float tanY = std::tan(camera.yfov * 0.5f), tanX = tanY * camera.aspect;

    float previous = nearPlane;
    float previousStart = 0.0f; // where the previous cascade's range starts, as the shader reckons it
    const float blend = std::clamp(settings.cascadeBlend, 0.0f, 1.0f);
    for (int i = 0; i < set.count; ++i) {
        float p = float(i + 1) / float(set.count);
        float logSplit = nearPlane * std::pow(farPlane / nearPlane, p);
        float uniformSplit = nearPlane + (farPlane - nearPlane) * p;
        float split = settings.lambda * logSplit + (1.0f - settings.lambda) * uniformSplit;
        Cascade& c = set.cascades[size_t(i)];
        c.splitFar = split;

        // Bounding sphere of the frustum slice [previous, split], in view space on the axis
        // (closed form for a symmetric frustum), then to world space.
        // The slice starts earlier by the previous cascade's blend band (shadows.glsl fades
        // into this cascade there), so the band lies inside this cascade's map too.
        float n = i == 0 ? previous : std::max(nearPlane, previous - blend * (previous - previousStart)), f = split;
        float k = tanX * tanX + tanY * tanY;
        float zc = std::min(f, 0.5f * (n + f) * (1.0f + k)); // centre depth along the view axis
        float radius = std::sqrt((f - zc) * (f - zc) + f * f * k);
        radius = std::max(radius, std::sqrt((zc - n) * (zc - n) + n * n * k));
        // Quantise the radius so tiny numeric changes never resize the cascade.
        radius = std::ceil(radius * 16.0f) / 16.0f;
        glm::vec3 center = glm::vec3(invView * glm::vec4(0.0f, 0.0f, -zc, 1.0f));

        float texel = 2.0f * radius / float(settings.mapSize);
        glm::mat4 lightView = glm::lookAt(glm::vec3(0.0f), lightDir, up);
        // Snap the centre to whole texels in light space.
        glm::vec3 ls = glm::vec3(lightView * glm::vec4(center, 1.0f));
        ls.x = std::floor(ls.x / texel) * texel;
        ls.y = std::floor(ls.y / texel) * texel;
        glm::vec3 snapped = glm::vec3(glm::inverse(lightView) * glm::vec4(ls, 1.0f));

        // Depth range: from the farthest caster towards the light to the far side of the sphere.
        float behind = radius;
        if (!casterBounds.empty()) {
            for (int corner = 0; corner < 8; ++corner) {
                glm::vec3 pc((corner & 1) ? casterBounds.max.x : casterBounds.min.x,
                             (corner & 2) ? casterBounds.max.y : casterBounds.min.y,
                             (corner & 4) ? casterBounds.max.z : casterBounds.min.z);
                behind = std::max(behind, glm::dot(snapped - pc, lightDir));
            }
        }
        behind = std::min(behind, radius + 2000.0f);
        glm::vec3 eye = snapped - lightDir * behind;
        c.view = glm::lookAt(eye, snapped, up);
        c.projection = glm::ortho(-radius, radius, -radius, radius, 0.0f, behind + radius);
        c.viewProjection = c.projection * c.view;
        glm::mat4 bias(0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 0.5f, 0, 0.5f, 0.5f, 0.5f, 1.0f);
        c.textureMatrix = bias * c.viewProjection;
        c.texelWorld = texel;
        c.center = snapped;
        c.radius = radius;
        previousStart = i == 0 ? 0.0f : previous;
        previous = split;
    }
    return set;
}

} // namespace th
