// The capture comparison catches a deliberate change: a scene rendered twice matches itself
// exactly, and the same scene with the sun moved is reported as a regression with its worst
// region and a heat map written next to the capture.
#include "support/GlTestSupport.h"
#include "support/RendererTestSupport.h"

#include <filesystem>

#include "assets/ProceduralMeshes.h"
#include "common/Capture.h"
#include "common/SceneFile.h"
#include "core/Files.h"
#include "gl/Readback.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"

using namespace th;

namespace {

BuiltScene sunStage() {
    BuiltScene built;
    Scene& scene = *built.scene;
    scene.environment.source = EnvironmentSource::None;
    scene.sky.hour = 15.0f;
    scene.sky.sunIlluminance = 3.0f;
    auto addMesh = [&](const char* name, const MeshData& data, glm::vec3 color, glm::vec3 at) {
        auto material = std::make_shared<PbrMaterial>(name);
        material->setBaseColorFactor(glm::vec4(color, 1.0f));
        material->setMetallicRoughness(0.0f, 0.8f);
        auto mesh = std::make_shared<Mesh>(name, std::make_shared<Geometry>(data, name));
        mesh->setMaterial(material);
        Node& node = scene.root().addChild(name);
        node.mesh = mesh;
        node.transform.translation = at;
    };
    addMesh("floor", makePlane(20, 20, 1), {0.7f, 0.7f, 0.7f}, {0, 0, 0});
    addMesh("pillar", makeBox({1, 3, 1}), {0.8f, 0.3f, 0.2f}, {0, 1.5f, 0});
    built.camera.position = {6, 9, 9};
    built.camera.target = {0, 0, 0};
    built.camera.nearPlane = 0.5f;
    built.camera.farPlane = 80.0f;
    return built;
}

} // namespace

TEST_CASE("a perturbed sun is caught by the capture comparison with a diff image") {
    auto context = test::makeTestContext(GlApi::Gles30, 160, 120);
    std::filesystem::path dir = std::filesystem::temp_directory_path() / "trailhead-perturb-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "golden");
    {
        Renderer renderer(*context, test::testRendererOptions());
        BuiltScene built = sunStage();
        ImageRgba8 golden = captureBuiltScene(renderer, built, 160, 120, 0.0);
        writePng(dir / "golden" / "stage.png", golden);

        ImageRgba8 again = captureBuiltScene(renderer, built, 160, 120, 0.0);
        const GoldenRecord settings{GlApi::Gles30, context->info().limitsProfile, 160, 120};
        const std::optional<GoldenSettings> folder = GoldenSettings{GlApi::Gles30, context->info().limitsProfile, {}};
        const CaptureMeasure deltaE; // the default: ΔE76 3 on at most 0.2 % of pixels
        writePng(dir / "out" / "again.png", again);
        CaptureOutcome same = checkAgainstGolden("stage", again, dir / "out" / "again.png", settings, deltaE, dir / "golden",
                                                 folder, dir / "out");
        CHECK(std::string(toString(same.status)) == "passed");
        CHECK(same.statistic == 0.0);

        built.scene->sky.hour = 16.5f; // the deliberate change
        ImageRgba8 moved = captureBuiltScene(renderer, built, 160, 120, 0.0);
        writePng(dir / "out" / "moved.png", moved);
        CaptureOutcome caught = checkAgainstGolden("stage", moved, dir / "out" / "moved.png", settings, deltaE, dir / "golden",
                                                   folder, dir / "out");
        MESSAGE(caught.message);
        CHECK(std::string(toString(caught.status)) == "failed");
        CHECK(caught.statistic > 100.0 / (160.0 * 120.0));
        REQUIRE(std::filesystem::exists(caught.diff));
        ImageRgba8 heat = readPng(caught.diff);
        CHECK(heat.width == 160);

        // FLIP sees the moved sun too.
        CaptureMeasure flip;
        flip.kind = MeasureKind::Flip;
        flip.flipThreshold = 0.01;
        CaptureOutcome flipped = checkAgainstGolden("stage", moved, dir / "out" / "moved.png", settings, flip, dir / "golden",
                                                    folder, dir / "out");
        CHECK(std::string(toString(flipped.status)) == "failed");
        CHECK(flipped.statistic > 0.01);

        // A golden made under another API is refused, naming it, whatever the pixels say.
        GoldenRecord gl33 = settings;
        gl33.api = GlApi::Gl33Core;
        CaptureOutcome otherApi = checkAgainstGolden("stage", again, dir / "out" / "again.png", gl33, deltaE, dir / "golden",
                                                     folder, dir / "out");
        CHECK(std::string(toString(otherApi.status)) == "failed");
        CHECK(otherApi.message.find("api es30 (the capture's gl33)") != std::string::npos);

        SuiteReport report;
        report.suite = "perturb";
        report.outcomes = {same, caught};
        writeHtmlReport(dir / "out" / "report.html", report);
        CHECK(std::filesystem::file_size(dir / "out" / "report.html") > 200);

        CaptureOutcome missing = checkAgainstGolden("no-such-golden", moved, dir / "out" / "moved.png", settings, deltaE,
                                                    dir / "golden", folder, dir / "out");
        CHECK(std::string(toString(missing.status)) == "golden-missing");
        CHECK(isFailure(missing.status)); // a missing golden is never a pass
    }
    test::requireNoGlErrors(*context);
}

TEST_CASE("scene files with a syntax error or an unknown key or a wrong type name file and line and key") {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / "trailhead-scenefile-test";
    std::filesystem::create_directories(dir);
    auto attempt = [&](const std::string& name, const std::string& text) -> std::string {
        std::filesystem::path p = dir / name;
        writeFile(p, text);
        try {
            loadSceneFile(p);
        } catch (const Error& e) {
            return e.what();
        }
        return "no error";
    };
    std::string syntax = attempt("syntax.json", "{\n  \"kind\": \"gltf\",\n  \"time\": 12,,\n}\n");
    CHECK(syntax.find("syntax.json:3") != std::string::npos);
    std::string unknown = attempt("unknown.json", "{\n  \"kind\": \"gltf\",\n  \"tiem\": 12\n}\n");
    CHECK(unknown.find("unknown.json:3") != std::string::npos);
    CHECK(unknown.find("'tiem'") != std::string::npos);
    std::string type = attempt("type.json", "{\n  \"kind\": \"gltf\",\n  \"camera\": {\"yfov\": \"wide\"}\n}\n");
    CHECK(type.find("type.json:3") != std::string::npos);
    CHECK(type.find("camera.yfov") != std::string::npos);
    std::string weather = attempt("weather.json", "{\"kind\": \"gltf\", \"weather\": \"snow\"}");
    CHECK(weather.find("snow") != std::string::npos);
    CHECK(weather.find("rain-wet") != std::string::npos);
}
