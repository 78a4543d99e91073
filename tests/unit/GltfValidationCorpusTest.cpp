// The invalid glTF corpus (tests/data/gltf/invalid, made by its generate.py): each file has one
// defect, and the report names it with the glTF-Validator's code, the right severity and the
// JSON pointer of the value at fault. A clean file reports nothing.
#include <doctest/doctest.h>

#include <string>

#include "assets/GltfDocumentValidator.h"
#include "assets/GltfValidation.h"
#include "core/Str.h"

using namespace th;

namespace {
std::filesystem::path corpus() { return std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "tests/data/gltf/invalid"; }
} // namespace

TEST_CASE("each invalid glTF file reports its code, severity and JSON pointer") {
    struct Case {
        const char* file;
        const char* code;
        GltfSeverity severity;
        const char* pointer;
    };
    const GltfSeverity E = GltfSeverity::Error, W = GltfSeverity::Warning;
    const Case cases[] = {
        {"mesh_index_string", "TYPE_MISMATCH", E, "/nodes/0/mesh"},
        {"mesh_index_fraction", "INVALID_INDEX", E, "/nodes/0/mesh"},
        {"mesh_index_unresolved", "UNRESOLVED_REFERENCE", E, "/nodes/0/mesh"},
        {"base_color_red", "TYPE_MISMATCH", E, "/materials/0/pbrMetallicRoughness/baseColorFactor"},
        {"base_color_short", "ARRAY_LENGTH_NOT_IN_LIST", E, "/materials/0/pbrMetallicRoughness/baseColorFactor"},
        {"base_color_element", "ARRAY_TYPE_MISMATCH", E, "/materials/0/pbrMetallicRoughness/baseColorFactor/1"},
        {"base_color_range", "VALUE_NOT_IN_RANGE", E, "/materials/0/pbrMetallicRoughness/baseColorFactor/0"},
        {"translation_string", "TYPE_MISMATCH", E, "/nodes/0/translation"},
        {"matrix_1e300", "VALUE_NOT_IN_RANGE", E, "/nodes/0/matrix/0"},
        {"mesh_no_primitives", "EMPTY_ENTITY", E, "/meshes/1/primitives"},
        {"mesh_primitives_missing", "UNDEFINED_PROPERTY", E, "/meshes/1"},
        {"primitive_mode", "VALUE_NOT_IN_LIST", E, "/meshes/0/primitives/0/mode"},
        {"sparse_indices_buffer_view", "UNRESOLVED_REFERENCE", E, "/accessors/0/sparse/indices/bufferView"},
        {"sparse_values_missing", "UNDEFINED_PROPERTY", E, "/accessors/0/sparse"},
        {"texture_index_string", "TYPE_MISMATCH", E, "/materials/0/pbrMetallicRoughness/baseColorTexture/index"},
        {"double_sided_string", "TYPE_MISMATCH", E, "/materials/0/doubleSided"},
        {"node_parent_override", "NODE_PARENT_OVERRIDE", E, "/nodes/2/children/0"},
        {"node_loop", "NODE_LOOP", E, "/nodes/1"},
        {"node_hierarchy_too_deep", "NODE_HIERARCHY_TOO_DEEP", E, "/nodes/1000"},
        {"sparse_indices_non_increasing", "ACCESSOR_SPARSE_INDICES_NON_INCREASING", E, "/accessors/0/sparse/indices"},
        {"position_max_mismatch", "ACCESSOR_MAX_MISMATCH", W, "/accessors/0/max/0"},
        {"matrix_and_trs", "NODE_MATRIX_TRS", W, "/nodes/0"},
        {"rotation_non_unit", "NODE_ROTATION_NON_UNIT", W, "/nodes/0/rotation"},
        {"unused_material", "UNUSED_OBJECT", W, "/materials/1"},
        {"empty_node", "NODE_EMPTY", W, "/nodes/1"},
        {"extension_misplaced", "UNEXPECTED_EXTENSION_OBJECT", W, "/nodes/0/extensions/KHR_texture_transform"},
        {"extension_undeclared", "UNDECLARED_EXTENSION", W, "/materials/0/extensions/KHR_materials_unlit"},
        {"buffer_view_too_long", "BUFFER_VIEW_TOO_LONG", E, "/bufferViews/0/byteLength"},
        {"buffer_data_uri_invalid", "INVALID_URI", E, "/buffers/0/uri"},
        {"buffer_byte_length_1tb", "BUFFER_BYTE_LENGTH_MISMATCH", E, "/buffers/0/byteLength"},
        {"image_data_uri_not_base64", "INVALID_URI", E, "/images/0/uri"},
        // Met by the importer, not the document checks:
        {"camera_zfar_below_znear", "CAMERA_ZFAR_LEQUAL_ZNEAR", W, "/cameras/0/orthographic/zfar"},
        {"mesh_weights_count", "MESH_INVALID_WEIGHTS_COUNT", W, "/meshes/0/weights"},
        {"skin_joint_unresolved", "UNRESOLVED_REFERENCE", E, "/skins/0/joints/1"},
        {"image_file_missing", "IO_ERROR", W, "/images/0/uri"},
        {"position_vec2", "ACCESSOR_INVALID_FORMAT", E, "/accessors/1/type"},
        {"animation_sampler_interpolation", "VALUE_NOT_IN_LIST", W, "/animations/0/samplers/0/interpolation"},
    };
    size_t files = 0;
    for (auto& entry : std::filesystem::directory_iterator(corpus())) files += entry.path().extension() == ".gltf";
    CHECK(files == std::size(cases)); // a new corpus file needs its expectation here
    for (const Case& c : cases) {
        CAPTURE(c.file);
        GltfDiagnostics d = validateGltfFile(corpus() / str(c.file, ".gltf"));
        const GltfDiagnostic* m = d.find(c.code);
        REQUIRE_MESSAGE(m, d.toText());
        CHECK(m->pointer == c.pointer);
        CHECK(std::string(toString(m->severity)) == toString(c.severity));
        CHECK(m->where.line > 0); // and the position in the file
        if (c.severity == W) CHECK_MESSAGE(!d.hasErrors(), d.toText()); // a warning alone: the model still draws
    }
}

TEST_CASE("every message of every invalid glTF file has a validator-style code and a JSON pointer") {
    for (auto& entry : std::filesystem::directory_iterator(corpus())) {
        if (entry.path().extension() != ".gltf") continue;
        CAPTURE(entry.path().filename().string());
        GltfDiagnostics d = validateGltfFile(entry.path());
        for (const GltfDiagnostic& m : d.messages) {
            CAPTURE(m.message);
            CHECK(m.code != "IMPORT_WARNING"); // the importer's old uncoded messages are gone
            CHECK(m.code != "IMPORT_ERROR");
            CHECK(m.pointer.rfind('/', 0) == 0); // every one names the value at fault
            CHECK(m.where.line > 0);
        }
    }
}

TEST_CASE("buffer messages say what is wrong in the file's terms") {
    auto message = [](const char* file, const char* code) {
        GltfDiagnostics d = validateGltfFile(corpus() / str(file, ".gltf"));
        const GltfDiagnostic* m = d.find(code);
        return m ? m->message : d.toText();
    };
    // Offset and length as written, not a range whose end wrapped round 2^64.
    CHECK(message("buffer_view_too_long", "BUFFER_VIEW_TOO_LONG").find("byteOffset 1.8446744073709552e+19 + byteLength 36") !=
          std::string::npos);
    CHECK(message("buffer_data_uri_invalid", "INVALID_URI").find("has '@' at character 38, which is not base64") !=
          std::string::npos);
    CHECK(message("buffer_byte_length_1tb", "BUFFER_BYTE_LENGTH_MISMATCH")
              .find("its data: URI holds 66 bytes, fewer than its byteLength 1000000000000") != std::string::npos);
    CHECK(message("image_data_uri_not_base64", "INVALID_URI").find("is not base64 (only ';base64,' data URIs are read)") !=
          std::string::npos);
}

TEST_CASE("the file the corpus is made from reports nothing") {
    GltfDiagnostics d = validateGltfFile(std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "tests/data/gltf/triangle.gltf");
    CHECK_MESSAGE(d.messages.empty(), d.toText());
}

TEST_CASE("a 100,000-level node chain is one NODE_HIERARCHY_TOO_DEEP error, not a crash") {
    std::string json = R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [)";
    for (int i = 0; i < 99999; ++i) json += str("{\"children\": [", i + 1, "]},");
    json += "{}]}";
    GltfDiagnostics d = validateGltfJson(json, "chain.gltf");
    REQUIRE(d.find("NODE_HIERARCHY_TOO_DEEP"));
    CHECK(d.find("NODE_HIERARCHY_TOO_DEEP")->pointer == "/nodes/1000");
    CHECK(d.count(GltfSeverity::Error) == 1);
}

TEST_CASE("the JSON report has the validator's layout") {
    GltfDiagnostics d = validateGltfFile(corpus() / "mesh_index_string.gltf");
    std::string j = d.toJson();
    CHECK(j.find("\"numErrors\": ") != std::string::npos);
    CHECK(j.find("{\"code\": \"TYPE_MISMATCH\", \"message\": ") != std::string::npos);
    CHECK(j.find("\"severity\": 0, \"pointer\": \"/nodes/0/mesh\"") != std::string::npos);
}

TEST_CASE("importing a 100,000-level node chain stops with the depth error and its pointer") {
    std::string json = R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [)";
    for (int i = 0; i < 99999; ++i) json += str("{\"children\": [", i + 1, "]},");
    json += "{}]}";
    GltfDiagnostics report;
    GltfImportOptions options;
    options.report = &report;
    std::string message;
    try {
        importGltfFromMemory(json, std::filesystem::temp_directory_path(), "chain.gltf", options);
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK(message.find("NODE_HIERARCHY_TOO_DEEP at /nodes/1000: Node 1000 is 1001 levels deep") != std::string::npos);
    REQUIRE(report.find("NODE_HIERARCHY_TOO_DEEP"));
    CHECK(report.hasErrors());
}
