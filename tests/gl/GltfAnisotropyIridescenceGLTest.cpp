// KHR_materials_anisotropy and KHR_materials_iridescence, shaded by their plugins, on the real
// driver in GL 3.3 and ES 3.0: spheres built here (support/GltfSphereModels.h, tangents from
// MikkTSpace since the spheres carry none) and imported through the importer. Anisotropy
// stretches a point light's highlight along the tangent, a 90° rotation turns the stretch
// across, strength 0 is the isotropic lobe; a thin film changes the highlight's hue with its
// thickness and with the view angle, and factor 0 is the plain material.
#include "support/GltfSphereModels.h"
#include "support/GltfTestSupport.h"

#include <algorithm>
#include <cmath>

#include "core/Str.h"

using namespace th;
using namespace th::test;

namespace {

std::string material(const std::string& pbr, const std::string& extensions = "") {
    return str(R"({"pbrMetallicRoughness": )", pbr, extensions.empty() ? "" : str(R"(, "extensions": {)", extensions, "}"), "}");
}

/// One sphere of `materialJson`, filling most of a square image.
struct SingleSphere {
    GltfStage stage;
    SingleSphere(GlApi api, const std::string& materialJson, const std::vector<std::string>& used, int size = 160)
        : stage(api, size, size) {
        SphereRow row;
        row.materials = {materialJson};
        row.extensionsUsed = used;
        stage.add(importGltfFromMemory(row.json(), ".", "sphere.gltf"));
        stage.conventionCamera();
    }
    /// A point light at the camera, bright enough for a clear highlight at the sphere's front.
    void addCameraLight(float intensity) {
        Light light;
        light.name = "camera light";
        light.type = LightType::Point;
        light.position = stage.camera.position + glm::vec3(0.0f, 0.0f, 0.0f);
        float d = glm::length(stage.camera.position);
        light.intensity = intensity * d * d;
        stage.scene.lights.push_back(light);
    }
};

/// The extent of the highlight: standard deviations along x and y (pixels) of the pixels
/// whose luma is above half the way from the median to the peak.
struct Highlight {
    float sx = 0, sy = 0, peak = 0;
    int pixels = 0;
};

Highlight highlight(const ImageRgba8& image) {
    std::vector<float> lumas;
    forEachPixel(image, 0, 0, image.width, image.height, [&](int, int, auto& p) { lumas.push_back(luma(p)); });
    std::vector<float> sorted = lumas;
    std::sort(sorted.begin(), sorted.end());
    float peak = sorted.back();
    float median = sorted[sorted.size() / 2];
    float threshold = median + 0.5f * (peak - median);
    double sw = 0, sx = 0, sy = 0, sxx = 0, syy = 0;
    forEachPixel(image, 0, 0, image.width, image.height, [&](int x, int y, auto& p) {
        if (luma(p) <= threshold) return;
        sw += 1, sx += x, sy += y, sxx += double(x) * x, syy += double(y) * y;
    });
    Highlight h;
    h.peak = peak;
    h.pixels = int(sw);
    if (sw > 0) {
        h.sx = float(std::sqrt(std::max(0.0, sxx / sw - (sx / sw) * (sx / sw))));
        h.sy = float(std::sqrt(std::max(0.0, syy / sw - (sy / sw) * (sy / sw))));
    }
    return h;
}

int largestDifference(const ImageRgba8& a, const ImageRgba8& b) {
    int worst = 0;
    forEachPixel(a, 0, 0, a.width, a.height, [&](int x, int y, auto& p) {
        auto q = b.rgba(x, y);
        for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(int(p[size_t(c)]) - int(q[size_t(c)])));
    });
    return worst;
}

/// Mean colour of the pixels between `inner` and `outer` (shares of the sphere's projected
/// radius) from its centre: a disc at the centre sees the surface head on, a ring near the
/// rim at a grazing angle.
glm::vec3 ringColour(const ImageRgba8& image, const GltfStage& stage, float inner, float outer) {
    PixelProjector project = stage.projector();
    glm::vec2 c = project(glm::vec3(0.0f));
    float scale = project.scaleAt(glm::vec3(0.0f));
    float r0 = scale * inner, r1 = scale * outer;
    glm::dvec3 sum(0.0);
    int n = 0;
    forEachPixel(image, int(c.x - r1), int(c.y - r1), int(c.x + r1) + 1, int(c.y + r1) + 1, [&](int x, int y, auto& p) {
        float r = std::hypot(float(x) + 0.5f - c.x, float(y) + 0.5f - c.y);
        if (r >= r0 && r < r1) sum += glm::dvec3(p[0], p[1], p[2]), ++n;
    });
    return glm::vec3(sum / double(std::max(n, 1)));
}

glm::vec3 centreColour(const ImageRgba8& image, const GltfStage& stage, float radius) {
    return ringColour(image, stage, 0.0f, radius);
}

const std::string kBrushedMetal = R"({"baseColorFactor": [0.9, 0.9, 0.9, 1], "metallicFactor": 1, "roughnessFactor": 0.25})";

} // namespace

TEST_CASE("anisotropy stretches a point light's highlight along the tangent and a 90 degree rotation turns it across") {
    const std::vector<std::string> used = {"KHR_materials_anisotropy"};
    auto anisotropic = [](float strength, float rotation) {
        return material(kBrushedMetal, str(R"("KHR_materials_anisotropy": {"anisotropyStrength": )", strength,
                                           R"(, "anisotropyRotation": )", rotation, "}"));
    };
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto render = [&](const std::string& json, const char* name, bool expectPlugin) {
            SingleSphere s(api, json, used);
            REQUIRE(s.stage.loaded.materials.size() == 1);
            CHECK((s.stage.loaded.materials[0]->plugin("Anisotropy") != nullptr) == expectPlugin);
            s.addCameraLight(1.5f);
            ImageRgba8 image = s.stage.render();
            dumpImage(image, str("anisotropy-", name, "-", toString(api)));
            requireNoGlErrors(*s.stage.context);
            return image;
        };
        ImageRgba8 plain = render(material(kBrushedMetal), "plain", false);
        ImageRgba8 zero = render(anisotropic(0.0f, 0.0f), "zero", true);
        ImageRgba8 along = render(anisotropic(0.8f, 0.0f), "along", true);
        ImageRgba8 across = render(anisotropic(0.8f, 1.5707963f), "across", true);
        Highlight hp = highlight(plain), ha = highlight(along), hc = highlight(across);
        int zeroDiff = largestDifference(plain, zero);
        MESSAGE("highlight sx/sy (px): isotropic ", hp.sx, "/", hp.sy, ", along the tangent ", ha.sx, "/", ha.sy,
                ", rotated 90 degrees ", hc.sx, "/", hc.sy, "; strength 0 vs isotropic: largest channel difference ", zeroDiff);
        // The isotropic highlight is round; the sphere's tangent runs along +X (around its axis).
        CHECK(hp.sx == doctest::Approx(hp.sy).epsilon(0.2));
        CHECK(ha.sx > 1.6f * ha.sy);
        CHECK(ha.sx > 1.4f * hp.sx);
        CHECK(hc.sy > 1.6f * hc.sx);
        CHECK(hc.sy > 1.4f * hp.sy);
        CHECK(zeroDiff <= 2);
    }
}

TEST_CASE("an iridescent film's hue changes with its thickness and factor 0 is the plain material") {
    const std::vector<std::string> used = {"KHR_materials_iridescence"};
    const std::string black = R"({"baseColorFactor": [0, 0, 0, 1], "metallicFactor": 0, "roughnessFactor": 0.4})";
    auto film = [&](float factor, float thickness) {
        return material(black, str(R"("KHR_materials_iridescence": {"iridescenceFactor": )", factor,
                                   R"(, "iridescenceIor": 1.3, "iridescenceThicknessMaximum": )", thickness, "}"));
    };
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto render = [&](const std::string& json, const char* name, glm::vec3* centre) {
            SingleSphere s(api, json, used, 128);
            s.stage.scene.environment.source = EnvironmentSource::Uniform;
            s.stage.scene.environment.uniformColor = glm::vec3(3.0f);
            s.addCameraLight(0.5f);
            ImageRgba8 image = s.stage.render();
            dumpImage(image, str("iridescence-", name, "-", toString(api)));
            if (centre) *centre = centreColour(image, s.stage, 0.4f);
            requireNoGlErrors(*s.stage.context);
            return image;
        };
        glm::vec3 plainC, zeroC, thinC, thickC;
        ImageRgba8 plain = render(material(black), "plain", &plainC);
        ImageRgba8 zero = render(film(0.0f, 150.0f), "factor0", &zeroC);
        render(film(1.0f, 150.0f), "thin", &thinC);
        render(film(1.0f, 450.0f), "thick", &thickC);
        int zeroDiff = largestDifference(plain, zero);
        MESSAGE("centre rgb: plain (", plainC.r, ", ", plainC.g, ", ", plainC.b, "), 150 nm (", thinC.r, ", ", thinC.g, ", ",
                thinC.b, "), 450 nm (", thickC.r, ", ", thickC.g, ", ", thickC.b, "); factor 0 vs plain: ", zeroDiff);
        // Plain: the grey Fresnel of a dielectric.
        CHECK(std::abs(plainC.r - plainC.b) < 6.0f);
        // 150 nm reflects blue (red cancels), 450 nm red (blue cancels) at near-normal view.
        CHECK(thinC.b > thinC.r + 25.0f);
        CHECK(thickC.r > thickC.b + 25.0f);
        CHECK(zeroDiff <= 1);
    }
}

TEST_CASE("the Khronos iridescence and anisotropy samples import with their plugins and render lit") {
    // Shared samples when the shared folder has them (each skips, naming its file, when not).
    const char* samples[][2] = {{"IridescenceLamp", "Iridescence"},        {"IridescenceMetallicSpheres", "Iridescence"},
                                {"IridescenceSuzanne", "Iridescence"},     {"AnisotropyBarnLamp", "Anisotropy"},
                                {"AnisotropyDiscTest", "Anisotropy"},      {"AnisotropyRotationTest", "Anisotropy"},
                                {"AnisotropyStrengthTest", "Anisotropy"}};
    for (auto& sample : samples) {
        // Not a structured binding: clang refuses those inside doctest's capture lambdas.
        const char* name = sample[0];
        const char* plugin = sample[1];
        CAPTURE(name);
        auto file = sampleModelPath(name);
        if (!requireFile(file) || !std::filesystem::exists(studioEnvironmentPath())) continue;
        GltfStage stage(GlApi::Gles30, 128, 128);
        stage.load(file);
        stage.conventionCamera();
        stage.useStudio();
        bool attached = false;
        for (auto& m : stage.loaded.materials) attached = attached || m->plugin(plugin) != nullptr;
        CHECK(attached);
        for (const ImportWarning& w : stage.loaded.warnings) CHECK(w.message.find("not supported") == std::string::npos);
        ImageRgba8 image = stage.render();
        dumpImage(image, str("sample-", name));
        double lit = shareOf(image, 0, 0, image.width, image.height, [](auto& p) { return luma(p) > 80.0f; });
        MESSAGE(name, ": share of lit pixels ", lit);
        CHECK(lit > 0.02);
        requireNoGlErrors(*stage.context);
    }
}

TEST_CASE("an iridescent film's hue shifts with the view angle: red head on, blue towards the rim") {
    // A 450 nm film of IOR 1.3 over a dielectric: head on, the path difference 2·n·d·cos θt is
    // 1,170 nm, which cancels blue (468 nm) and reinforces red; at sin θ ≈ 0.8 near the rim
    // cos θt ≈ 0.79 and the path is about 920 nm, which cancels red (about 615 nm) and
    // reinforces blue (about 460 nm). The plain dielectric stays grey at both places.
    const std::vector<std::string> used = {"KHR_materials_iridescence"};
    const std::string black = R"({"baseColorFactor": [0, 0, 0, 1], "metallicFactor": 0, "roughnessFactor": 0.4})";
    const std::string film = material(black, R"("KHR_materials_iridescence": {"iridescenceFactor": 1, "iridescenceIor": 1.3,
        "iridescenceThicknessMaximum": 450})");
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        auto render = [&](const std::string& json, const char* name, glm::vec3& centre, glm::vec3& rim) {
            SingleSphere s(api, json, used, 160);
            s.stage.scene.environment.source = EnvironmentSource::Uniform;
            s.stage.scene.environment.uniformColor = glm::vec3(3.0f);
            ImageRgba8 image = s.stage.render();
            dumpImage(image, str("iridescence-angle-", name, "-", toString(api)));
            centre = centreColour(image, s.stage, 0.35f);
            rim = ringColour(image, s.stage, 0.75f, 0.85f);
            requireNoGlErrors(*s.stage.context);
        };
        glm::vec3 plainCentre, plainRim, filmCentre, filmRim;
        render(material(black), "plain", plainCentre, plainRim);
        render(film, "film", filmCentre, filmRim);
        MESSAGE("plain: centre (", plainCentre.r, ", ", plainCentre.g, ", ", plainCentre.b, "), rim (", plainRim.r, ", ",
                plainRim.g, ", ", plainRim.b, "); 450 nm film: centre (", filmCentre.r, ", ", filmCentre.g, ", ", filmCentre.b,
                "), rim (", filmRim.r, ", ", filmRim.g, ", ", filmRim.b, ")");
        CHECK(std::abs(plainCentre.r - plainCentre.b) < 6.0f);
        CHECK(std::abs(plainRim.r - plainRim.b) < 6.0f);
        CHECK(filmCentre.r > filmCentre.b + 20.0f);
        CHECK(filmRim.b > filmRim.r + 10.0f);
    }
}
