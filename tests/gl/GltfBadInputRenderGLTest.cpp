// Bad glTF input at render level: an image that is missing, or whose header claims more
// pixels than the limit, is drawn as the magenta-and-black checker with a warning in the log,
// never a crash or a silently white surface. (Files: tests/data/gltf, see its README.)
#include "support/GltfTestSupport.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "core/Log.h"
#include "core/Str.h"

using namespace th;
using test::GltfStage;

namespace {

std::filesystem::path dataFile(const char* name) {
    return std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "tests/data/gltf" / name;
}

struct CheckerRender {
    ImageRgba8 image;
    std::vector<std::string> warnings;
    size_t importWarnings = 0;
    /// Red channel at the centre of each of the checker's texels that the triangle covers,
    /// split by the texel's colour in the fallback (magenta at even x + y, black at odd).
    std::vector<int> magentaTexels, blackTexels;
};

/// Renders the test triangle (metallic 1, roughness 1) head-on in a uniform white environment,
/// where its surface shows its base colour texture, and samples the 8 × 8 fallback checker's
/// texel centres through the triangle's UVs.
CheckerRender renderTriangle(const std::filesystem::path& file, GlApi api) {
    CheckerRender out;
    std::mutex mutex;
    ScopedLogSink sink([&](LogLevel level, std::string_view message) {
        std::lock_guard lock(mutex);
        if (level == LogLevel::Warning) out.warnings.emplace_back(message);
    });
    GltfStage stage(api, 160, 160);
    stage.load(file);
    out.importWarnings = stage.loaded.warnings.size();
    stage.scene.environment.source = EnvironmentSource::Uniform;
    stage.scene.environment.uniformColor = glm::vec3(1.0f);
    stage.scene.environment.showAsBackground = false;
    stage.conventionCamera();
    out.image = stage.render();
    test::requireNoGlErrors(*stage.context);

    const MeshData& mesh = stage.model.meshes.at(0);
    REQUIRE(mesh.positions.size() == 3);
    REQUIRE(mesh.uv0.size() == 3);
    glm::vec2 t0 = mesh.uv0[0], t1 = mesh.uv0[1], t2 = mesh.uv0[2];
    float area = (t1.x - t0.x) * (t2.y - t0.y) - (t2.x - t0.x) * (t1.y - t0.y);
    REQUIRE(std::abs(area) > 1e-6f);
    auto project = stage.projector();
    for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 8; ++i) {
            glm::vec2 uv((float(i) + 0.5f) / 8.0f, (float(j) + 0.5f) / 8.0f);
            // Barycentric coordinates of the texel centre in UV space; keep texels well inside.
            float b1 = ((uv.x - t0.x) * (t2.y - t0.y) - (t2.x - t0.x) * (uv.y - t0.y)) / area;
            float b2 = ((t1.x - t0.x) * (uv.y - t0.y) - (uv.x - t0.x) * (t1.y - t0.y)) / area;
            float b0 = 1.0f - b1 - b2;
            if (std::min({b0, b1, b2}) < 0.04f) continue;
            glm::vec2 px = project(mesh.positions[0] * b0 + mesh.positions[1] * b1 + mesh.positions[2] * b2);
            int red = out.image.rgba(int(px.x), int(px.y))[0];
            ((i + j) % 2 == 0 ? out.magentaTexels : out.blackTexels).push_back(red);
        }
    return out;
}

bool mentions(const std::vector<std::string>& lines, const std::string& a, const std::string& b) {
    for (auto& l : lines)
        if (l.find(a) != std::string::npos && l.find(b) != std::string::npos) return true;
    return false;
}

/// Every magenta texel is clearly brighter in red than every black one: the checker shows.
void checkChecker(const CheckerRender& r) {
    REQUIRE(r.magentaTexels.size() >= 8);
    REQUIRE(r.blackTexels.size() >= 8);
    int dimmestMagenta = *std::min_element(r.magentaTexels.begin(), r.magentaTexels.end());
    int brightestBlack = *std::max_element(r.blackTexels.begin(), r.blackTexels.end());
    MESSAGE(r.magentaTexels.size(), " magenta texels (red at least ", dimmestMagenta, "), ", r.blackTexels.size(),
            " black texels (red at most ", brightestBlack, ")");
    CHECK(dimmestMagenta > brightestBlack + 60);
    CHECK(dimmestMagenta > 150);
}

} // namespace

TEST_CASE("glTF with a missing image renders the checker fallback and warns in both APIs") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(std::string(toString(api)));
        CheckerRender r = renderTriangle(dataFile("missing_image.gltf"), api);
        test::dumpImage(r.image, str("missing-image-", toString(api)));
        CHECK(mentions(r.warnings, "nothere.png", "checker"));
        CHECK(r.importWarnings == 1);
        checkChecker(r);
    }
}

TEST_CASE("glTF with an image too large renders the checker fallback and warns") {
    CheckerRender r = renderTriangle(dataFile("large_image.gltf"), GlApi::Gles30);
    test::dumpImage(r.image, "large-image");
    CHECK(mentions(r.warnings, "limit", "checker"));
    checkChecker(r);
}
