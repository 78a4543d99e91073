// The lighting injection points every plugin may use, on the real driver in both APIs: the
// per-light hook LIGHT_LOBES (a lobe added once per punctual light, from its direction and
// radiance) and CUSTOM_FRAGMENT_AFTER_IBL (the environment's diffuse and specular terms). A
// test plugin, not one of the engine's, so the points are proven for any plugin.
#include "support/RenderHarness.h"

#include <cmath>

#include "core/Str.h"
#include "material/PluginUniforms.h"

using namespace th;
using test::RenderHarness;

namespace {

/// A Lambert lobe of its own per light (gain × radiance × N·L, added to the diffuse), and a
/// constant added to the environment's specular term.
class LobePlugin : public MaterialPlugin {
public:
    LobePlugin() : MaterialPlugin(declaration()) {}
    static PluginDeclaration declaration() {
        PluginDeclaration d;
        d.name = "TestLobes";
        d.uniforms = {{"testLobeGain", "float"}, {"testIblBoost", "float"}};
        d.fragment = {{"LIGHT_LOBES", "diffuse += radiance * max(dot(s.normal, L), 0.0) * testLobeGain;\n"},
                      {"CUSTOM_FRAGMENT_AFTER_IBL", "specularIbl += vec3(testIblBoost);\n"}};
        return d;
    }
    void updateUniforms(PluginUniforms& u, const FrameInfo&) const override {
        u.set("testLobeGain", gain);
        u.set("testIblBoost", iblBoost);
    }
    float gain = 0.5f;
    float iblBoost = 0.0f;
};

struct Stage {
    RenderHarness h;
    std::shared_ptr<PbrMaterial> material = std::make_shared<PbrMaterial>("black");
    std::shared_ptr<LobePlugin> plugin = std::make_shared<LobePlugin>();

    explicit Stage(GlApi api) : h(api, 48, 48) {
        h.scene.sunLight = false;
        h.scene.sky.enabled = false;
        h.scene.environment.showAsBackground = false;
        // A black dielectric: what the base adds is its faint specular, measured without the plugin.
        material->setBaseColorFactor({0, 0, 0, 1});
        material->setMetallicRoughness(0, 1);
        h.add("quad", test::quadMesh(2, 2), material);
        h.camera.position = {0, 0, 3};
        h.camera.target = {0, 0, 0};
    }
    /// The linear value at the image centre (mean of 8×8 pixels, all channels).
    float centre() {
        ImageRgba8 image = h.render();
        double sum = 0;
        for (int y = 20; y < 28; ++y)
            for (int x = 20; x < 28; ++x)
                for (int c = 0; c < 3; ++c) sum += test::srgbToLinear(float(image.rgba(x, y)[size_t(c)]) / 255.0f);
        return float(sum / (8 * 8 * 3));
    }
    /// What the plugin adds: the centre with it minus the centre without it.
    float added() {
        material->removePlugin(plugin->name());
        float base = centre();
        material->addPlugin(plugin);
        return centre() - base;
    }
};

Light directional(glm::vec3 direction, float intensity) {
    Light l;
    l.type = LightType::Directional;
    l.direction = glm::normalize(direction);
    l.intensity = intensity;
    return l;
}

} // namespace

TEST_CASE("LIGHT_LOBES adds a plugin's lobe once per light, from the light's direction and radiance") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        Stage s(api);
        // One light straight on: gain × intensity.
        s.h.scene.lights = {directional({0, 0, -1}, 0.4f)};
        float one = s.added();
        MESSAGE("one directional light: ", one);
        CHECK(one == doctest::Approx(0.5f * 0.4f).epsilon(0.04));
        // A second one at 60° from the normal adds half its radiance: the hook sees each L.
        s.h.scene.lights.push_back(directional({0, -std::sqrt(3.0f), -1}, 0.4f));
        float two = s.added();
        MESSAGE("and one at 60 degrees: ", two);
        CHECK(two == doctest::Approx(0.5f * (0.4f + 0.4f * 0.5f)).epsilon(0.04));
        // A point light 2 m in front (through the light clusters): radiance = intensity / d².
        Light point;
        point.type = LightType::Point;
        point.position = {0, 0, 2};
        point.intensity = 1.6f;
        s.h.scene.lights = {point};
        float local = s.added();
        MESSAGE("one point light: ", local);
        CHECK(local == doctest::Approx(0.5f * 1.6f / 4.0f).epsilon(0.06));
        // No light: nothing to add.
        s.h.scene.lights.clear();
        CHECK(std::abs(s.added()) < 0.003f);
        test::requireNoGlErrors(*s.h.context);
    }
}

TEST_CASE("CUSTOM_FRAGMENT_AFTER_IBL changes the environment's terms and runs only under image-based light") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        Stage s(api);
        s.plugin->gain = 0.0f;
        s.plugin->iblBoost = 0.25f;
        s.h.scene.environment.source = EnvironmentSource::Uniform;
        s.h.scene.environment.uniformColor = glm::vec3(0.5f);
        float boosted = s.added();
        MESSAGE("under a uniform environment: ", boosted);
        CHECK(boosted == doctest::Approx(0.25f).epsilon(0.04));
        // The environment's intensity scales the terms after the point, as it scales the base's.
        s.h.scene.environment.intensity = 2.0f;
        CHECK(s.added() == doctest::Approx(0.5f).epsilon(0.04));
        s.h.scene.environment.source = EnvironmentSource::None;
        CHECK(std::abs(s.added()) < 0.003f);
        test::requireNoGlErrors(*s.h.context);
    }
}
