// glTF import from the small hand-made files in tests/data/gltf (see its README): what a
// valid file turns into, and what each kind of broken file does (an error naming the file
// and the culprit, or a warning with a visible fallback), never a crash.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/GltfImporter.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Log.h"
#include "core/Str.h"

using namespace th;
namespace fs = std::filesystem;

namespace {

fs::path dataDir() { return fs::path(TRAILHEAD_SOURCE_DIR) / "tests" / "data" / "gltf"; }

/// Keeps the importer's warnings out of the test output and lets tests read them.
struct QuietLog {
    std::vector<std::string> lines;
    ScopedLogSink sink{[this](LogLevel level, std::string_view m) {
        if (level >= LogLevel::Warning) lines.emplace_back(m);
    }};
};

ImportedModel load(const std::string& name, const GltfImportOptions& options = {}) {
    return importGltf(dataDir() / name, options);
}

/// The error importing `name` throws (fails the test when it does not throw th::Error).
Error errorOf(const std::string& name) {
    QuietLog quiet;
    try {
        load(name);
    } catch (const Error& e) {
        return e;
    } catch (const std::exception& e) {
        FAIL("expected th::Error, got another exception: " << e.what());
    }
    FAIL("expected th::Error importing " << name);
    return Error("unreachable");
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool anyWarningContains(const ImportedModel& m, const std::string& part) {
    for (const ImportWarning& w : m.warnings)
        if (contains(w.toString(), part)) return true;
    return false;
}

/// Equality outside doctest's expression decomposition, which cannot print GLM types.
template <typename T> bool same(const T& a, const T& b) { return a == b; }

bool rgbaIs(const ImageRgba8& image, int x, int y, std::array<int, 4> expected) {
    std::array<uint8_t, 4> p = image.rgba(x, y);
    for (int c = 0; c < 4; ++c)
        if (int(p[size_t(c)]) != expected[size_t(c)]) return false;
    return true;
}

bool near(const glm::vec3& a, const glm::vec3& b, float eps = 1e-5f) { return glm::length(a - b) < eps; }

} // namespace

TEST_CASE("a minimal triangle imports with its material, generated flat normals and tangents") {
    QuietLog quiet;
    ImportedModel m = load("triangle.gltf");
    REQUIRE(m.meshes.size() == 1);
    const MeshData& mesh = m.meshes[0];
    CHECK(mesh.name == "triangle");
    REQUIRE(mesh.vertexCount() == 3);
    CHECK(mesh.indices.size() == 3);
    REQUIRE(mesh.submeshes.size() == 1);
    CHECK(mesh.submeshes[0].material == 0);
    REQUIRE(mesh.normals.size() == 3);
    for (const glm::vec3& n : mesh.normals) CHECK(near(n, {0, 0, 1}));
    REQUIRE(mesh.tangents.size() == 3);
    for (const glm::vec4& t : mesh.tangents) {
        CHECK(near(glm::vec3(t), {1, 0, 0}));
        CHECK(t.w == 1.0f); // uv (0,0) at the top-left: not mirrored
    }
    REQUIRE(m.materials.size() == 1);
    CHECK(m.materials[0].name == "red");
    CHECK(same(m.materials[0].params.baseColorFactor, glm::vec4(1, 0, 0, 1)));
    CHECK(m.materials[0].params.metallicFactor == 0.0f);
    CHECK(m.nodes.size() == 1);
    CHECK(m.rootNodes == std::vector<int>{0});
    CHECK(m.warnings.empty());
}

TEST_CASE("external, percent-encoded, and binary (.glb) buffers give the same triangle") {
    QuietLog quiet;
    ImportedModel reference = load("triangle.gltf");
    for (const char* name : {"triangle_external.gltf", "percent_encoded_uri.gltf", "triangle.glb"}) {
        CAPTURE(name);
        ImportedModel m = load(name);
        REQUIRE(m.meshes.size() == 1);
        CHECK(same(m.meshes[0].positions, reference.meshes[0].positions));
        CHECK(same(m.meshes[0].uv0, reference.meshes[0].uv0));
        CHECK(m.warnings.empty());
    }
}

TEST_CASE("importing from memory resolves URIs in the given folder") {
    QuietLog quiet;
    std::string bytes = readFile(dataDir() / "triangle_external.gltf");
    ImportedModel m = importGltfFromMemory(bytes, dataDir(), "in-memory.gltf");
    CHECK(m.meshes.at(0).vertexCount() == 3);
    CHECK(m.sourceName == "in-memory.gltf");
}

TEST_CASE("material features: texture transform, samplers, emissive strength, ior, unlit, alpha, colour spaces") {
    QuietLog quiet;
    ImportedModel m = load("material_features.gltf");
    REQUIRE(m.materials.size() == 1);
    const PbrParams& p = m.materials[0].params;
    REQUIRE(p.baseColorTexture.present());
    CHECK(same(p.baseColorTexture.transform.offset, glm::vec2(0.5f, 0.25f)));
    CHECK(p.baseColorTexture.transform.rotation == doctest::Approx(1.5f));
    CHECK(same(p.baseColorTexture.transform.scale, glm::vec2(2, 3)));
    CHECK(same(p.emissiveFactor, glm::vec3(1)));
    CHECK(p.emissiveStrength == 4.0f);
    CHECK(p.ior == doctest::Approx(1.33f));
    CHECK(p.unlit);
    CHECK(same(p.alphaMode, AlphaMode::Mask));
    CHECK(p.alphaCutoff == 0.25f);
    CHECK(p.doubleSided);
    CHECK(p.normalScale == 0.5f);

    // One glTF texture used as colour and as data: two textures, two images, one of each space.
    REQUIRE(p.normalTexture.present());
    CHECK(p.normalTexture.texture != p.baseColorTexture.texture);
    REQUIRE(m.textures.size() == 2);
    REQUIRE(m.images.size() == 2);
    const ImportedTexture& colour = m.textures[size_t(p.baseColorTexture.texture)];
    const ImportedTexture& data = m.textures[size_t(p.normalTexture.texture)];
    CHECK(same(m.images[size_t(colour.image)].colorSpace, ImageColorSpace::Srgb));
    CHECK(same(m.images[size_t(data.image)].colorSpace, ImageColorSpace::Linear));
    CHECK(anyWarningContains(m, "both as colour"));
    for (const ImportedTexture* t : {&colour, &data}) {
        CHECK(same(t->sampler.magFilter, TextureFilter::Nearest));
        CHECK(same(t->sampler.minFilter, TextureFilter::LinearMipmapLinear));
        CHECK(same(t->sampler.wrapS, TextureWrap::ClampToEdge));
        CHECK(same(t->sampler.wrapT, TextureWrap::MirroredRepeat));
    }

    // The 2×2 PNG decodes top row first, as glTF's UV origin expects.
    const ImageRgba8& img = m.images[size_t(colour.image)].pixels;
    REQUIRE(img.width == 2);
    REQUIRE(img.height == 2);
    CHECK(rgbaIs(img, 0, 0, {255, 0, 0, 255}));
    CHECK(rgbaIs(img, 1, 0, {0, 255, 0, 255}));
    CHECK(rgbaIs(img, 0, 1, {0, 0, 255, 255}));
    CHECK(rgbaIs(img, 1, 1, {255, 255, 255, 128}));
}

TEST_CASE("strips and fans become counter-clockwise triangle lists - lines stay lines, unlit without normals") {
    QuietLog quiet;
    ImportedModel m = load("primitive_modes.gltf");
    REQUIRE(m.meshes.size() == 1);
    const MeshData& mesh = m.meshes[0];
    REQUIRE(mesh.submeshes.size() == 3);
    CHECK(mesh.submeshes[0].indexCount == 6); // strip of 4 → 2 triangles
    CHECK(mesh.submeshes[1].indexCount == 9); // fan of 5 → 3 triangles
    for (int s = 0; s < 2; ++s) {
        const Submesh& sub = mesh.submeshes[size_t(s)];
        CHECK(bool(sub.topology == PrimitiveTopology::Triangles));
        for (size_t t = sub.firstIndex; t < sub.firstIndex + sub.indexCount; t += 3) {
            glm::vec3 a = mesh.positions[mesh.indices[t]], b = mesh.positions[mesh.indices[t + 1]],
                      c = mesh.positions[mesh.indices[t + 2]];
            CHECK(glm::cross(b - a, c - a).z > 0.0f);
        }
    }
    // The lines keep their vertices in file order (pairs), and say they came without normals.
    const Submesh& lines = mesh.submeshes[2];
    CHECK(bool(lines.topology == PrimitiveTopology::Lines));
    CHECK_FALSE(lines.hasNormals);
    REQUIRE(lines.indexCount == 4);
    const glm::vec3 expected[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    for (uint32_t k = 0; k < 4; ++k) CHECK(near(mesh.positions[mesh.indices[lines.firstIndex + k]], expected[k]));
    CHECK(m.warnings.empty());
}

TEST_CASE("points: the material's extras.pointSize - a size of 0 is a warning naming the primitive and 1 px is used") {
    // Two points over the first two positions of primitive_modes.gltf's strip.
    std::string json = readFile(dataDir() / "primitive_modes.gltf");
    auto patch = [&](const std::string& size) {
        std::string j = json;
        const std::string meshes = R"("meshes": [)";
        size_t at = j.find(meshes);
        REQUIRE(at != std::string::npos);
        size_t end = j.find("\n ]", at);
        j.replace(at, end + 3 - at, R"("meshes": [{"name": "cloud", "primitives": [{"attributes": {"POSITION": 0}, "mode": 0, "material": 0}]}])");
        size_t root = j.rfind('}');
        j.insert(root, str(R"(, "materials": [{"name": "dots", "extras": {"pointSize": )", size, "}}]"));
        return j;
    };
    QuietLog quiet;
    ImportedModel sized = importGltfFromMemory(patch("4"), dataDir().string(), "points.gltf");
    REQUIRE(sized.meshes.size() == 1);
    CHECK(bool(sized.meshes[0].submeshes.at(0).topology == PrimitiveTopology::Points));
    CHECK(sized.meshes[0].submeshes.at(0).indexCount == 4);
    CHECK(sized.materials.at(0).pointSize == 4.0f);
    CHECK(sized.warnings.empty());
    ImportedModel zero = importGltfFromMemory(patch("0"), dataDir().string(), "points.gltf");
    CHECK(anyWarningContains(zero, "points.gltf"));
    CHECK(anyWarningContains(zero, "mesh 0 'cloud' primitive 0 draws points with material 'dots' whose point size is 0; 1 px is used instead"));
    CHECK(zero.materials.at(0).pointSize == 1.0f);
    ImportedModel negative = importGltfFromMemory(patch("-3"), dataDir().string(), "points.gltf");
    CHECK(anyWarningContains(negative, "point size is -3; 1 px is used instead"));
}

TEST_CASE("sparse accessors are applied over zeros") {
    QuietLog quiet;
    ImportedModel m = load("sparse.gltf");
    REQUIRE(m.meshes.at(0).vertexCount() == 3);
    CHECK(same(m.meshes[0].positions[0], glm::vec3(0)));
    CHECK(same(m.meshes[0].positions[1], glm::vec3(1, 0, 0)));
    CHECK(same(m.meshes[0].positions[2], glm::vec3(0, 1, 0)));
}

TEST_CASE("quantized positions and normalized RGB colours - COLOR_0 without a material gets a vertex-colour default") {
    QuietLog quiet;
    ImportedModel m = load("quantized_colors.gltf");
    const MeshData& mesh = m.meshes.at(0);
    REQUIRE(mesh.vertexCount() == 3);
    CHECK(near(mesh.positions[1], {1, 0, 0}));
    REQUIRE(mesh.colors.size() == 3);
    CHECK(same(mesh.colors[0], glm::vec4(1, 0, 0, 1)));
    CHECK(same(mesh.colors[2], glm::vec4(0, 0, 1, 1)));
    REQUIRE(m.materials.size() == 1);
    CHECK(m.materials[0].params.vertexColors);
    CHECK(mesh.submeshes.at(0).material == 0);
}

TEST_CASE("hierarchy, cameras, punctual lights, instancing - an unknown optional extension is a warning") {
    QuietLog quiet;
    ImportedModel m = load("scene_features.gltf");
    // The one warning names the extension and says what the model loses without it.
    REQUIRE(m.warnings.size() == 1);
    CHECK(contains(m.warnings[0].toString(), "scene_features.gltf:"));
    CHECK(contains(m.warnings[0].message, "extension EXT_some_future_thing is not supported: whatever the extension adds is ignored"));
    REQUIRE(m.nodes.size() == 5);
    CHECK(m.rootNodes == std::vector<int>{0, 4});
    CHECK(m.nodes[0].children == std::vector<int>{1, 2, 3});

    const ImportedNode& instanced = m.nodes[1];
    REQUIRE(instanced.instances.size() == 3);
    CHECK(m.meshInstanceCount() == 3);
    // Instance 1: a quarter turn about +Y maps +X to −Z.
    CHECK(near(glm::vec3(instanced.instances[1] * glm::vec4(1, 0, 0, 0)), {0, 0, -1}, 1e-4f));
    CHECK(near(glm::vec3(instanced.instances[2] * glm::vec4(1, 0, 0, 1)), {6, 0, 0}));

    std::vector<glm::mat4> world = m.worldMatrices();
    CHECK(near(glm::vec3(world[3][3]), {5, 7, 7})); // parent (0,1,0) · matrix translation (5,6,7)
    CHECK(m.nodes[3].light == 1);
    CHECK(m.nodes[2].camera == 0);
    CHECK(m.nodes[4].camera == 1);

    REQUIRE(m.cameras.size() == 2);
    CHECK(same(m.cameras[0].type, ImportedCamera::Type::Perspective));
    CHECK(m.cameras[0].yfov == doctest::Approx(0.6f));
    CHECK(m.cameras[0].aspectRatio.value_or(0) == doctest::Approx(1.5f));
    CHECK(m.cameras[0].znear == doctest::Approx(0.05f));
    CHECK(m.cameras[0].zfar.value_or(0) == doctest::Approx(500.0f));
    CHECK(same(m.cameras[1].type, ImportedCamera::Type::Orthographic));
    CHECK(m.cameras[1].xmag == 2.0f);
    CHECK(m.cameras[1].ymag == 1.0f);

    REQUIRE(m.lights.size() == 3);
    CHECK(same(m.lights[0].type, ImportedLight::Type::Directional));
    CHECK(near(m.lights[0].color, {1, 0.9f, 0.8f}));
    CHECK(m.lights[0].intensity == 3.0f);
    CHECK(same(m.lights[1].type, ImportedLight::Type::Spot));
    CHECK(m.lights[1].range.value_or(0) == 20.0f);
    CHECK(m.lights[1].innerConeAngle == doctest::Approx(0.2f));
    CHECK(m.lights[1].outerConeAngle == doctest::Approx(0.5f));
    CHECK(same(m.lights[2].type, ImportedLight::Type::Point));
    CHECK(m.lights[2].name == "bulb");
    CHECK_FALSE(m.lights[2].range.has_value());
}

// --- bad input --------------------------------------------------------------------------

TEST_CASE("malformed and truncated JSON: error naming the file and the line") {
    Error e = errorOf("malformed.gltf");
    CHECK(contains(e.what(), "malformed.gltf"));
    CHECK(e.where().line == 6);
    CHECK(contains(e.message(), "malformed glTF JSON"));

    Error t = errorOf("truncated.gltf");
    CHECK(contains(t.what(), "truncated.gltf"));
    CHECK(t.where().line > 0);
}

TEST_CASE("truncated or mislabelled .glb: error naming the file") {
    Error e = errorOf("truncated.glb");
    CHECK(contains(e.what(), "truncated.glb"));
    CHECK(contains(e.message(), "truncated"));
    Error magic = errorOf("bad_magic.glb");
    CHECK(contains(magic.message(), "magic"));
}

TEST_CASE("every prefix of a valid .glb and .gltf either imports or throws th::Error") {
    QuietLog quiet;
    for (const char* name : {"triangle.glb", "triangle.gltf"}) {
        std::string bytes = readFile(dataDir() / name);
        for (size_t length = 0; length < bytes.size(); ++length) {
            try {
                importGltfFromMemory(std::string_view(bytes).substr(0, length), dataDir(), name);
            } catch (const Error&) {}
        }
    }
    CHECK(true); // reaching here without another exception or a crash is the test
}

TEST_CASE("a missing buffer file is an error naming the URI") {
    Error e = errorOf("missing_buffer.gltf");
    CHECK(contains(e.message(), "nothere.bin"));
    CHECK(contains(e.what(), "missing_buffer.gltf"));
}

TEST_CASE("a missing image file: warning and a magenta checker so the model still renders") {
    QuietLog quiet;
    ImportedModel m = load("missing_image.gltf");
    REQUIRE(m.images.size() == 1);
    CHECK(m.images[0].fallback);
    CHECK(m.images[0].pixels.width == 8);
    CHECK(rgbaIs(m.images[0].pixels, 0, 0, {255, 0, 255, 255}));
    CHECK(rgbaIs(m.images[0].pixels, 1, 0, {0, 0, 0, 255}));
    CHECK(anyWarningContains(m, "nothere.png"));
    CHECK(quiet.lines.size() == 1);
}

TEST_CASE("an image over the size limit: warning and the checker fallback") {
    QuietLog quiet;
    ImportedModel m = load("large_image.gltf"); // its PNG header claims 16384 × 16384
    CHECK(m.images.at(0).fallback);
    CHECK(anyWarningContains(m, "limit"));

    GltfImportOptions tiny;
    tiny.maxImagePixels = 3; // the 2×2 image of material_features is now too large
    ImportedModel small = load("material_features.gltf", tiny);
    CHECK(small.images.at(0).fallback);
}

TEST_CASE("accessors out of range of their buffer view or buffer: error naming the accessor") {
    Error e = errorOf("accessor_out_of_range.gltf");
    CHECK(contains(e.message(), "accessor 0"));
    CHECK(contains(e.message(), "POSITION"));
    CHECK(e.where().line > 0);

    Error v = errorOf("buffer_view_out_of_range.gltf");
    CHECK(contains(v.message(), "bufferView 0"));
}

TEST_CASE("an index not below the vertex count: error naming the accessor and the mesh") {
    Error e = errorOf("index_out_of_range.gltf");
    CHECK(contains(e.message(), "bad indices"));
    CHECK(contains(e.message(), "is 7"));
}

TEST_CASE("an unsupported required extension: error naming it") {
    Error e = errorOf("required_extension.gltf");
    CHECK(contains(e.message(), "KHR_texture_basisu"));
    // It lists what the importer can read instead, the compressed formats among them.
    CHECK(contains(e.message(), "supported: "));
    CHECK(contains(e.message(), "KHR_draco_mesh_compression"));
    CHECK(contains(e.message(), "EXT_meshopt_compression"));
    CHECK(e.where().line > 0);
}

TEST_CASE("URIs that escape the model folder or are absolute are errors and are never read") {
    for (const char* name :
         {"escape_buffer.gltf", "escape_encoded.gltf", "absolute_buffer.gltf", "escape_image.gltf"}) {
        CAPTURE(name);
        Error e = errorOf(name);
        CHECK((contains(e.message(), "escapes the model folder") || contains(e.message(), "absolute")));
    }
    // A URI with a scheme is valid glTF but never fetched: the buffer is absent, and what
    // reads it is skipped with warnings naming the URI.
    {
        ScopedLogSink quiet{[](LogLevel, std::string_view) {}};
        ImportedModel scheme = load("scheme_buffer.gltf");
        CHECK(anyWarningContains(scheme, "buffer 0: names 'file:///etc/passwd', a URI with a scheme"));
        CHECK(anyWarningContains(scheme, "primitive 0 is skipped"));
        CHECK(scheme.worldBounds().empty());
    }

    // A real file next to the model folder is still refused.
    fs::path root = fs::temp_directory_path() / "trailhead-gltf-escape";
    fs::remove_all(root);
    fs::create_directories(root / "model");
    fs::copy_file(dataDir() / "triangle.bin", root / "secret.bin");
    fs::copy_file(dataDir() / "escape_buffer.gltf", root / "model" / "escape.gltf");
    CHECK_THROWS_WITH_AS(importGltf(root / "model" / "escape.gltf"), doctest::Contains("../secret.bin"), Error);
    fs::remove_all(root);
}

TEST_CASE("a file name longer than the file system allows is an error, not a crash") {
    Error e = errorOf("long_uri.gltf");
    CHECK(contains(e.message(), "cannot be resolved"));
    CHECK(e.message().size() < 400); // the URI is quoted, not dumped
}

TEST_CASE("a cycle in the node hierarchy is an error") {
    Error e = errorOf("node_cycle.gltf");
    CHECK(contains(e.message(), "cycle"));
}

TEST_CASE("decodeImages off gives white placeholders") {
    QuietLog quiet;
    GltfImportOptions options;
    options.decodeImages = false;
    ImportedModel m = load("material_features.gltf", options);
    CHECK(m.images.at(0).pixels.width == 1);
    CHECK(rgbaIs(m.images.at(0).pixels, 0, 0, {255, 255, 255, 255}));
}

TEST_CASE("the per-accessor element limit bounds memory") {
    QuietLog quiet;
    GltfImportOptions options;
    options.maxAccessorElements = 2;
    CHECK_THROWS_WITH_AS(load("triangle.gltf", options), doctest::Contains("limit"), Error);
}
