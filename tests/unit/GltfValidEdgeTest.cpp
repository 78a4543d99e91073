// The valid-edge corpus (tests/data/gltf/valid-edge, made by its generate.py): files the glTF
// specification allows with nothing or little to draw, or in a form tinygltf refuses. Each
// imports (never an error), with the warning that says what is absent, and the triangle the
// drawable ones hold arrives whole. (Each is also rendered by a th-capture test.)
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "assets/GltfImporter.h"
#include "core/Files.h"
#include "core/Log.h"
#include "core/Str.h"

using namespace th;

namespace {

std::filesystem::path corpus() { return std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "tests/data/gltf/valid-edge"; }

ImportedModel load(const std::string& name) {
    ScopedLogSink quiet{[](LogLevel, std::string_view) {}};
    return importGltf(corpus() / name);
}

bool anyWarningContains(const ImportedModel& m, const std::string& part) {
    for (const ImportWarning& w : m.warnings)
        if (w.toString().find(part) != std::string::npos) return true;
    return false;
}

/// The error importing `json` (a corpus file, edited) throws; fails the test when it imports.
GltfError importError(const std::string& json, const std::string& name) {
    ScopedLogSink quiet{[](LogLevel, std::string_view) {}};
    try {
        importGltfFromMemory(json, corpus(), name);
    } catch (const GltfError& e) {
        return e;
    }
    FAIL(name, " imported, but it should not");
    return GltfError(SourceLocation{}, "unreachable", "", "");
}

size_t triangles(const ImportedModel& m) {
    size_t n = 0;
    for (const MeshData& mesh : m.meshes) n += mesh.indices.size() / 3;
    return n;
}

} // namespace

TEST_CASE("every file of the valid-edge corpus imports") {
    size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(corpus())) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".gltf" && ext != ".glb") continue;
        CAPTURE(entry.path().filename().string());
        CHECK_NOTHROW(load(entry.path().filename().string()));
        ++files;
    }
    CHECK(files >= 16);
}

TEST_CASE("files with nothing to draw import with empty bounds") {
    for (const char* name : {"no_scenes.gltf", "empty_scene.gltf", "camera_only.gltf", "light_only.gltf",
                             "empty_nodes.gltf", "unread_buffer_without_uri.gltf", "unread_buffer_with_scheme.gltf",
                             "glb_without_bin_chunk.glb"}) {
        CAPTURE(name);
        ImportedModel m = load(name);
        CHECK(m.worldBounds().empty());
        CHECK(triangles(m) == 0);
    }
    CHECK(load("camera_only.gltf").cameras.size() == 1);
    CHECK(load("light_only.gltf").lights.size() == 1);
}

TEST_CASE("a buffer whose bytes are not in the file is absent, with a warning saying why") {
    CHECK(anyWarningContains(load("unread_buffer_without_uri.gltf"),
                             "buffer 0: has no uri in a .gltf file, so its bytes are not in the file"));
    CHECK(anyWarningContains(load("unread_buffer_with_scheme.gltf"),
                             "buffer 0: names 'https://example.com/data.bin', a URI with a scheme"));
    CHECK(anyWarningContains(load("glb_second_buffer_without_uri.glb"),
                             "buffer 1: has no uri, and only buffer 0 of a .glb is its binary chunk"));
    CHECK(anyWarningContains(load("unread_second_buffer_without_uri.gltf"), "buffer 1: has no uri"));
}

TEST_CASE("the drawable edge cases arrive as the whole triangle") {
    for (const char* name : {"unknown_accessor_type_unused.gltf", "glb_second_buffer_without_uri.glb",
                             "unread_second_buffer_without_uri.gltf", "integers_as_floats.gltf",
                             "percent_encoded_buffer.gltf", "viewless_indices.gltf", "zero_scale_camera.gltf",
                             "webp_without_source.gltf"}) {
        CAPTURE(name);
        ImportedModel m = load(name);
        REQUIRE(triangles(m) == 1);
        const MeshData& mesh = m.meshes.at(0);
        REQUIRE(mesh.positions.size() == 3);
        // The indices name three different corners (viewless indices: zeros plus sparse 1, 2).
        CHECK(mesh.indices[0] != mesh.indices[1]);
        CHECK(mesh.indices[1] != mesh.indices[2]);
        CHECK(mesh.indices[0] != mesh.indices[2]);
        Bounds b = m.worldBounds();
        CHECK(b.min.x == doctest::Approx(0.0f));
        CHECK(b.max.x == doctest::Approx(1.0f));
        CHECK(b.max.y == doctest::Approx(1.0f));
    }
}

TEST_CASE("an unknown accessor type nothing reads is a warning, and reading it is an error naming it") {
    ImportedModel m = load("unknown_accessor_type_unused.gltf");
    CHECK(anyWarningContains(m, "accessor 2: type 'NotaVEC3' is not SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4"));
    // The same file with the triangle's POSITION pointing at it.
    std::string json = readFile(corpus() / "unknown_accessor_type_unused.gltf");
    const std::string from = "\"POSITION\": 0", to = "\"POSITION\": 2";
    REQUIRE(json.find(from) != std::string::npos);
    json.replace(json.find(from), from.size(), to);
    const GltfError e = importError(json, "uses_unknown_type.gltf");
    CHECK(e.code() == "VALUE_NOT_IN_LIST");
    CHECK(e.pointer() == "/accessors/2/type");
    CHECK(std::string(e.message()).find("type 'NotaVEC3'") != std::string::npos);
}

TEST_CASE("viewless indices after a primitive tinygltf drops: the missing attributes are the error, not a crash") {
    // Found by fuzzing: tinygltf drops a primitive without "attributes", so the primitives after
    // it move down and the viewless indices were put back on one that was not there.
    std::string json = readFile(corpus() / "viewless_indices.gltf");
    const std::string from = "\"primitives\": [";
    REQUIRE(json.find(from) != std::string::npos);
    json.insert(json.find(from) + from.size(), "{\"attributez\": {\"POSITION\": 0}},");
    const GltfError e = importError(json, "dropped_primitive.gltf");
    CHECK(e.pointer() == "/meshes/0/primitives/0");
    CHECK_MESSAGE(std::string(e.message()).find("'attributes' must be defined") != std::string::npos, e.message());
}
