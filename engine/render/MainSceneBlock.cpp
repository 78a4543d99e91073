#include "render/MainSceneBlock.h"

#include <algorithm>

#include "core/ShaderTime.h"
#include "render/SkyModel.h"
#include "render/PostProcess.h"
#include "scene/Atmosphere.h"

namespace th {

SceneUniforms mainSceneBlock(const Scene& scene, const Camera& camera, int width, int height, double seconds,
                             ImageBasedLighting& ibl, const ShaderStore& store, const VertexArray& emptyVao) {
    SceneUniforms s{};
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

    ibl.update(store, scene.environment, scene.sky, emptyVao);
    s.iblParams = glm::vec4(ibl.intensity(), float(ibl.specularMipCount()), ibl.active() ? 1.0f : 0.0f, 0.0f);
    for (int i = 0; i < 9; ++i) s.shIrradiance[i] = glm::vec4(ibl.irradianceSh()[size_t(i)], 0.0f);

    const FogSettings& fog = scene.fog;
    s.fogColor = glm::vec4(fog.color, fog.density);
    s.fogParams = glm::vec4(fog.heightFalloff, fog.baseHeight, fog.startDistance, fog.enabled ? 1.0f : 0.0f);
    s.exposureParams = glm::vec4(scene.post.exposureScale(), toneMappingMode(scene.post.toneMapping), 0.0f, 0.0f);
    return s;
}

FrameLighting frameLighting(std::span<const Light> lights, const SceneUniforms& s, bool specialize, bool shadows, int cascades) {
    FrameLighting l;
    if (!specialize) return l;
    l.sun = s.sunDirection.w > 0.5f;
    l.sunShadow = l.sun && shadows && cascades > 0;
    l.hemisphere = s.hemiSkyColor.w > 0.5f;
    l.imageBased = s.iblParams.z > 0.5f;
    l.fog = s.fogParams.w > 0.5f;
    auto any = [&](auto wanted) {
        return std::any_of(lights.begin(), lights.end(), [&](const Light& light) { return light.enabled && wanted(light); });
    };
    auto local = [](const Light& light) { return light.type == LightType::Point || light.type == LightType::Spot; };
    l.directional = any([](const Light& light) { return light.type == LightType::Directional; });
    l.local = any(local);
    // Whether a shadow map is granted is known only after the shadow pass; a light that asks
    // for one keeps the shadowed loop (one that then gets none costs only its time).
    l.localShadows = shadows && any([&](const Light& light) { return local(light) && light.castShadows; });
    // With every light on every bit, the cluster's union test alone decides (a mesh with no
    // bit set is then skipped whole) and no light fetches its mask.
    l.lightMasks = any([](const Light& light) { return light.type != LightType::Hemispheric && light.mask != 0xFFFFFFFFu; });
    return l;
}

} // namespace th
