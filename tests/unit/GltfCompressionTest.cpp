// Compressed glTF: a mesh written uncompressed, with EXT_meshopt_compression and with
// KHR_draco_mesh_compression (each made here with its library's encoder), and a texture as
// PNG and as EXT_texture_webp, import to the same data (within the quantization the file
// states); broken streams give errors naming the buffer view or primitive, or the file's
// fallback with a warning.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <draco/compression/encode.h>
#include <draco/mesh/mesh.h>
#include <meshoptimizer.h>
#include <webp/encode.h>

#include "assets/GltfImporter.h"
#include "assets/ProceduralMeshes.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"

using namespace th;

namespace {

struct QuietLog {
    ScopedLogSink sink{[](LogLevel, std::string_view) {}};
};

std::string base64(const std::vector<unsigned char>& bytes) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
        for (int s = 18; s >= 0; s -= 6) out += k[(v >> s) & 63];
    }
    if (i + 1 == bytes.size()) {
        uint32_t v = uint32_t(bytes[i]) << 16;
        out += k[(v >> 18) & 63];
        out += k[(v >> 12) & 63];
        out += "==";
    } else if (i + 2 == bytes.size()) {
        uint32_t v = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8;
        out += k[(v >> 18) & 63];
        out += k[(v >> 12) & 63];
        out += k[(v >> 6) & 63];
        out += '=';
    }
    return out;
}

std::string dataUri(const std::vector<unsigned char>& bytes, const char* mime = "application/octet-stream") {
    return str("data:", mime, ";base64,", base64(bytes));
}

template <typename T> std::vector<unsigned char> bytesOf(const std::vector<T>& v) {
    std::vector<unsigned char> out(v.size() * sizeof(T));
    std::memcpy(out.data(), v.data(), out.size());
    return out;
}

/// The test mesh: a sphere's positions, normals and indices.
struct TestMesh {
    std::vector<glm::vec3> positions, normals;
    std::vector<uint32_t> indices;
};

TestMesh testMesh() {
    MeshData d = makeUvSphere(0.5f, 12, 8);
    return {d.positions, d.normals, d.indices};
}

std::string minMax(const std::vector<glm::vec3>& p) {
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::vec3& v : p) {
        lo = glm::min(lo, v);
        hi = glm::max(hi, v);
    }
    return str("\"min\": [", lo.x, ", ", lo.y, ", ", lo.z, "], \"max\": [", hi.x, ", ", hi.y, ", ", hi.z, "]");
}

/// The scene around one mesh whose primitive is `primitive` (JSON text).
std::string document(const std::string& buffers, const std::string& views, const std::string& accessors,
                     const std::string& primitive, const std::string& extensions) {
    return str(R"({"asset": {"version": "2.0"}, )", extensions, R"("buffers": [)", buffers, R"(], "bufferViews": [)",
               views, R"(], "accessors": [)", accessors, R"(], "meshes": [{"name": "ball", "primitives": [)", primitive,
               R"(]}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})");
}

std::string accessors(const TestMesh& m, bool withViews) {
    auto view = [&](int v) { return withViews ? str("\"bufferView\": ", v, ", ") : std::string(); };
    return str("{", view(0), R"("componentType": 5126, "count": )", m.positions.size(), R"(, "type": "VEC3", )",
               minMax(m.positions), "}, {", view(1), R"("componentType": 5126, "count": )", m.normals.size(),
               R"(, "type": "VEC3"}, {)", view(2), R"("componentType": 5125, "count": )", m.indices.size(),
               R"(, "type": "SCALAR"})");
}

const std::string kPrimitive = R"({"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2})";

std::string plainFile(const TestMesh& m) {
    std::vector<unsigned char> all = bytesOf(m.positions), n = bytesOf(m.normals), i = bytesOf(m.indices);
    const size_t p = all.size(), nn = n.size();
    all.insert(all.end(), n.begin(), n.end());
    all.insert(all.end(), i.begin(), i.end());
    return document(str(R"({"byteLength": )", all.size(), R"(, "uri": ")", dataUri(all), "\"}"),
                    str(R"({"buffer": 0, "byteLength": )", p, R"(, "byteStride": 12}, {"buffer": 0, "byteOffset": )",
                        p, R"(, "byteLength": )", nn, R"(, "byteStride": 12}, {"buffer": 0, "byteOffset": )", p + nn,
                        R"(, "byteLength": )", i.size(), "}"),
                    accessors(m, true), kPrimitive, "");
}

/// The meshopt streams of the test mesh, and the file that holds them. `spoil` edits the
/// compressed bytes and the extension objects before the file is written.
struct MeshoptFile {
    std::vector<unsigned char> positions, normals, indices;
    std::string extras[3];     ///< text appended inside each view's extension object
    std::string fallbackUri;   ///< empty: the fallback buffer has no data ("fallback": true)
    bool required = true;

    std::string text(const TestMesh& m) const {
        std::vector<unsigned char> all = positions;
        all.insert(all.end(), normals.begin(), normals.end());
        all.insert(all.end(), indices.begin(), indices.end());
        const size_t fallbackBytes = m.positions.size() * 24 + m.indices.size() * 4;
        std::string fallback = fallbackUri.empty()
                                   ? str(R"({"byteLength": )", fallbackBytes,
                                         R"(, "extensions": {"EXT_meshopt_compression": {"fallback": true}}})")
                                   : str(R"({"byteLength": )", fallbackBytes, R"(, "uri": ")", fallbackUri, "\"}");
        auto view = [&](size_t offset, size_t length, size_t fallbackOffset, size_t fallbackLength, size_t stride,
                        size_t count, const char* mode, const std::string& extra) {
            return str(R"({"buffer": 1, "byteOffset": )", fallbackOffset, R"(, "byteLength": )", fallbackLength,
                       stride == 12 ? R"(, "byteStride": 12)" : "",
                       R"(, "extensions": {"EXT_meshopt_compression": {"buffer": 0, "byteOffset": )", offset,
                       R"(, "byteLength": )", length, R"(, "byteStride": )", stride, R"(, "count": )", count,
                       R"(, "mode": ")", mode, "\"", extra, "}}}");
        };
        const size_t n = m.positions.size();
        std::string views = view(0, positions.size(), 0, n * 12, 12, n, "ATTRIBUTES", extras[0]) + ", " +
                            view(positions.size(), normals.size(), n * 12, n * 12, 12, n, "ATTRIBUTES", extras[1]) +
                            ", " +
                            view(positions.size() + normals.size(), indices.size(), n * 24, m.indices.size() * 4, 4,
                                 m.indices.size(), "TRIANGLES", extras[2]);
        std::string ext = required ? R"("extensionsUsed": ["EXT_meshopt_compression"], "extensionsRequired": ["EXT_meshopt_compression"], )"
                                   : R"("extensionsUsed": ["EXT_meshopt_compression"], )";
        return document(str(R"({"byteLength": )", all.size(), R"(, "uri": ")", dataUri(all), "\"}, ", fallback),
                        views, accessors(m, true), kPrimitive, ext);
    }
};

MeshoptFile meshoptFile(const TestMesh& m) {
    MeshoptFile f;
    auto vertices = [&](const std::vector<glm::vec3>& v) {
        std::vector<unsigned char> out(meshopt_encodeVertexBufferBound(v.size(), 12));
        out.resize(meshopt_encodeVertexBuffer(out.data(), out.size(), v.data(), v.size(), 12));
        return out;
    };
    f.positions = vertices(m.positions);
    f.normals = vertices(m.normals);
    f.indices.resize(meshopt_encodeIndexBufferBound(m.indices.size(), m.positions.size()));
    f.indices.resize(meshopt_encodeIndexBuffer(f.indices.data(), f.indices.size(), m.indices.data(), m.indices.size()));
    return f;
}

std::vector<unsigned char> dracoStream(const TestMesh& m, int positionBits, int normalBits) {
    draco::Mesh mesh;
    const uint32_t n = uint32_t(m.positions.size());
    mesh.set_num_points(n);
    auto add = [&](draco::GeometryAttribute::Type type, const std::vector<glm::vec3>& values) {
        draco::GeometryAttribute ga;
        ga.Init(type, nullptr, 3, draco::DT_FLOAT32, false, 12, 0);
        const int id = mesh.AddAttribute(ga, true, n);
        for (uint32_t i = 0; i < n; ++i)
            mesh.attribute(id)->SetAttributeValue(draco::AttributeValueIndex(i), &values[i]);
        return id;
    };
    add(draco::GeometryAttribute::POSITION, m.positions);
    add(draco::GeometryAttribute::NORMAL, m.normals);
    for (size_t t = 0; t + 2 < m.indices.size(); t += 3)
        mesh.AddFace({draco::PointIndex(m.indices[t]), draco::PointIndex(m.indices[t + 1]),
                      draco::PointIndex(m.indices[t + 2])});
    draco::Encoder encoder;
    encoder.SetAttributeQuantization(draco::GeometryAttribute::POSITION, positionBits);
    encoder.SetAttributeQuantization(draco::GeometryAttribute::NORMAL, normalBits);
    // Sequential encoding keeps the points and faces in the order given, so indices compare.
    encoder.SetEncodingMethod(draco::MESH_SEQUENTIAL_ENCODING);
    draco::EncoderBuffer out;
    REQUIRE(encoder.EncodeMeshToBuffer(mesh, &out).ok());
    return std::vector<unsigned char>(out.data(), out.data() + out.size());
}

std::string dracoFile(const TestMesh& m, const std::vector<unsigned char>& stream, bool withFallback,
                      const std::string& attributeIds = R"("POSITION": 0, "NORMAL": 1)") {
    std::string buffers = str(R"({"byteLength": )", stream.size(), R"(, "uri": ")", dataUri(stream), "\"}");
    std::string views = str(R"({"buffer": 0, "byteLength": )", stream.size(), "}");
    if (withFallback) {
        std::vector<unsigned char> all = bytesOf(m.positions), n = bytesOf(m.normals), i = bytesOf(m.indices);
        const size_t p = all.size(), nn = n.size();
        all.insert(all.end(), n.begin(), n.end());
        all.insert(all.end(), i.begin(), i.end());
        buffers += str(R"(, {"byteLength": )", all.size(), R"(, "uri": ")", dataUri(all), "\"}");
        views += str(R"(, {"buffer": 1, "byteLength": )", p, R"(, "byteStride": 12}, {"buffer": 1, "byteOffset": )", p,
                     R"(, "byteLength": )", nn, R"(, "byteStride": 12}, {"buffer": 1, "byteOffset": )", p + nn,
                     R"(, "byteLength": )", i.size(), "}");
    }
    std::string acc = accessors(m, false);
    if (withFallback) {
        // Point the accessors at views 1, 2, 3 (the uncompressed twin).
        std::string withViews = accessors(m, true);
        acc.clear();
        for (size_t k = 0; k < withViews.size(); ++k) {
            if (withViews.compare(k, 14, "\"bufferView\": ") == 0) {
                acc += "\"bufferView\": ";
                acc += char(withViews[k + 14] + 1);
                k += 14;
                continue;
            }
            acc += withViews[k];
        }
    }
    std::string primitive = str(R"({"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2, "extensions": {"KHR_draco_mesh_compression": {"bufferView": 0, "attributes": {)",
                                attributeIds, "}}}}");
    std::string ext = withFallback ? R"("extensionsUsed": ["KHR_draco_mesh_compression"], )"
                                   : R"("extensionsUsed": ["KHR_draco_mesh_compression"], "extensionsRequired": ["KHR_draco_mesh_compression"], )";
    return document(buffers, views, acc, primitive, ext);
}

ImportedModel importText(const std::string& text, const char* name) {
    GltfImportOptions options;
    options.keepFileOrder = true; // compare with the file's own order
    return importGltfFromMemory(text, ".", name, options);
}

std::string errorOf(const std::string& text, const char* name) {
    QuietLog quiet;
    try {
        importText(text, name);
    } catch (const Error& e) {
        return e.what();
    }
    FAIL("expected an error importing " << name);
    return {};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool anyWarningContains(const ImportedModel& m, const std::string& part) {
    for (const ImportWarning& w : m.warnings)
        if (contains(w.toString(), part)) return true;
    return false;
}

float maxDifference(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    REQUIRE(a.size() == b.size());
    float d = 0.0f;
    for (size_t i = 0; i < a.size(); ++i) d = std::max(d, glm::length(a[i] - b[i]));
    return d;
}

} // namespace

TEST_CASE("EXT_meshopt_compression: the decoded mesh equals the uncompressed one") {
    QuietLog quiet;
    const TestMesh m = testMesh();
    ImportedModel plain = importText(plainFile(m), "plain.gltf");
    ImportedModel packed = importText(meshoptFile(m).text(m), "meshopt.gltf");
    REQUIRE(packed.meshes.size() == 1);
    const MeshData &a = plain.meshes[0], &b = packed.meshes[0];
    CHECK(b.indices == a.indices);
    CHECK(maxDifference(a.positions, b.positions) == 0.0f); // the vertex codec is lossless
    CHECK(maxDifference(a.normals, b.normals) == 0.0f);
    CHECK(packed.warnings.empty());
}

TEST_CASE("EXT_meshopt_compression: octahedral normals decode within their quantization") {
    QuietLog quiet;
    const TestMesh m = testMesh();
    MeshoptFile f = meshoptFile(m);
    // Normals as 8-bit octahedral (4 bytes each), the way gltfpack writes them.
    std::vector<int8_t> oct(m.normals.size() * 4);
    std::vector<float> normals4(m.normals.size() * 4);
    for (size_t i = 0; i < m.normals.size(); ++i)
        for (int c = 0; c < 3; ++c) normals4[i * 4 + size_t(c)] = m.normals[i][c];
    meshopt_encodeFilterOct(oct.data(), m.normals.size(), 4, 8, normals4.data());
    f.normals.resize(meshopt_encodeVertexBufferBound(m.normals.size(), 4));
    f.normals.resize(meshopt_encodeVertexBuffer(f.normals.data(), f.normals.size(), oct.data(), m.normals.size(), 4));
    f.extras[1] = R"(, "filter": "OCTAHEDRAL")";
    std::string text = f.text(m);
    // The normal view is 4 bytes a vertex, read as normalized signed bytes (KHR_mesh_quantization).
    auto replace = [&](const std::string& from, const std::string& to) {
        size_t at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
    };
    const size_t n = m.positions.size();
    replace(str(R"("byteOffset": )", n * 12, R"(, "byteLength": )", n * 12, R"(, "byteStride": 12)"),
            str(R"("byteOffset": )", n * 12, R"(, "byteLength": )", n * 4, R"(, "byteStride": 4)"));
    replace(str(R"("byteStride": 12, "count": )", n, R"(, "mode": "ATTRIBUTES", "filter")"),
            str(R"("byteStride": 4, "count": )", n, R"(, "mode": "ATTRIBUTES", "filter")"));
    replace(str(R"("componentType": 5126, "count": )", n, R"(, "type": "VEC3"})"),
            str(R"("componentType": 5120, "normalized": true, "count": )", n, R"(, "type": "VEC3"})"));
    ImportedModel packed = importText(text, "meshopt-oct.gltf");
    const MeshData& b = packed.meshes.at(0);
    // 8 bits over [-1, 1]: a step of 1/127 per component, then renormalized.
    CHECK(maxDifference(m.normals, b.normals) < 0.03f);
    CHECK(maxDifference(m.positions, b.positions) == 0.0f);
}

TEST_CASE("EXT_meshopt_compression bad input: a spoilt stream, a wrong count, a bad mode or filter") {
    const TestMesh m = testMesh();
    SUBCASE("a stream that does not decode, with no fallback: error naming the view") {
        MeshoptFile f = meshoptFile(m);
        f.positions[0] = 0x00; // the header byte meshopt checks
        std::string e = errorOf(f.text(m), "spoilt.gltf");
        CHECK(contains(e, "spoilt.gltf"));
        CHECK(contains(e, "bufferView 0"));
        CHECK(contains(e, "does not decode"));
        CHECK(contains(e, "no uncompressed fallback"));
    }
    SUBCASE("a stream cut short") {
        MeshoptFile f = meshoptFile(m);
        f.indices.resize(f.indices.size() / 2);
        CHECK(contains(errorOf(f.text(m), "short.gltf"), "bufferView 2"));
    }
    SUBCASE("a count that disagrees with the view's length") {
        std::string text = meshoptFile(m).text(m);
        const std::string count = str(R"("count": )", m.positions.size(), R"(, "mode": "ATTRIBUTES")");
        text.replace(text.find(count), count.size(), R"("count": 3, "mode": "ATTRIBUTES")");
        std::string e = errorOf(text, "count.gltf");
        CHECK(contains(e, "bufferView 0"));
    }
    SUBCASE("an unknown mode and an unknown filter") {
        MeshoptFile f = meshoptFile(m);
        f.extras[0] = R"(, "filter": "SPIRAL")";
        CHECK(contains(errorOf(f.text(m), "filter.gltf"), "filter 'SPIRAL' is not"));
    }
    SUBCASE("a wrong type") {
        MeshoptFile f = meshoptFile(m);
        f.extras[1] = R"(, "filter": 3)";
        CHECK(contains(errorOf(f.text(m), "type.gltf"), "'filter' must be a string"));
    }
    SUBCASE("optional, with an uncompressed fallback: a warning and the fallback") {
        QuietLog quiet;
        MeshoptFile f = meshoptFile(m);
        f.positions[0] = 0x00;
        std::vector<unsigned char> all = bytesOf(m.positions), n = bytesOf(m.normals), i = bytesOf(m.indices);
        all.insert(all.end(), n.begin(), n.end());
        all.insert(all.end(), i.begin(), i.end());
        f.fallbackUri = dataUri(all);
        f.required = false;
        ImportedModel model = importText(f.text(m), "fallback.gltf");
        CHECK(anyWarningContains(model, "bufferView 0: EXT_meshopt_compression"));
        CHECK(anyWarningContains(model, "uncompressed fallback in buffer 1 is used"));
        CHECK(maxDifference(model.meshes.at(0).positions, m.positions) == 0.0f);
    }
}

TEST_CASE("KHR_draco_mesh_compression: the decoded mesh matches the uncompressed one within its quantization") {
    QuietLog quiet;
    const TestMesh m = testMesh();
    ImportedModel plain = importText(plainFile(m), "plain.gltf");
    ImportedModel packed = importText(dracoFile(m, dracoStream(m, 14, 10), false), "draco.gltf");
    REQUIRE(packed.meshes.size() == 1);
    const MeshData &a = plain.meshes[0], &b = packed.meshes[0];
    CHECK(b.indices == a.indices);
    // 14 bits over the 1 m box: 1/16383 m a step, half of it at most per axis.
    CHECK(maxDifference(a.positions, b.positions) < 1.0f / 16383.0f);
    CHECK(maxDifference(a.positions, b.positions) > 0.0f); // it really was quantized
    CHECK(maxDifference(a.normals, b.normals) < 0.01f);    // 10-bit octahedral
    CHECK(packed.warnings.empty());
}

TEST_CASE("KHR_draco_mesh_compression bad input: spoilt stream, unknown attribute id, count mismatch, fallback") {
    const TestMesh m = testMesh();
    const std::vector<unsigned char> stream = dracoStream(m, 14, 10);
    SUBCASE("a stream that does not decode: error naming the mesh and primitive") {
        std::vector<unsigned char> spoilt(stream.begin(), stream.begin() + 20);
        std::string e = errorOf(dracoFile(m, spoilt, false), "spoilt.gltf");
        CHECK(contains(e, "spoilt.gltf"));
        CHECK(contains(e, "'ball' primitive 0"));
        CHECK(contains(e, "does not decode"));
    }
    SUBCASE("an attribute id the stream lacks") {
        std::string e = errorOf(dracoFile(m, stream, false, R"("POSITION": 0, "NORMAL": 7)"), "id.gltf");
        CHECK(contains(e, "NORMAL: the stream has no attribute with id 7"));
    }
    SUBCASE("a wrong type for an attribute id") {
        std::string e = errorOf(dracoFile(m, stream, false, R"("POSITION": "zero", "NORMAL": 1)"), "type.gltf");
        CHECK(contains(e, "POSITION must be a Draco attribute id"));
    }
    SUBCASE("a decoded count that disagrees with the accessor") {
        TestMesh fewer = m;
        fewer.positions.resize(m.positions.size() - 1); // the accessors say one vertex less
        fewer.normals.resize(m.normals.size() - 1);
        std::string text = dracoFile(fewer, stream, false);
        std::string e = errorOf(text, "count.gltf");
        CHECK(contains(e, str("says ", fewer.positions.size(), " elements, the stream decodes ", m.positions.size())));
    }
    SUBCASE("optional, with uncompressed accessors: a warning and the fallback") {
        QuietLog quiet;
        std::vector<unsigned char> spoilt(stream.begin(), stream.begin() + 20);
        ImportedModel model = importText(dracoFile(m, spoilt, true), "fallback.gltf");
        CHECK(anyWarningContains(model, "KHR_draco_mesh_compression"));
        CHECK(anyWarningContains(model, "uncompressed accessors are used"));
        CHECK(maxDifference(model.meshes.at(0).positions, m.positions) == 0.0f);
    }
}

namespace {

/// A 4 × 4 RGBA test card with distinct texels.
std::vector<uint8_t> testPixels() {
    std::vector<uint8_t> p(4 * 4 * 4);
    for (int i = 0; i < 16; ++i) {
        p[size_t(i) * 4 + 0] = uint8_t(i * 16);
        p[size_t(i) * 4 + 1] = uint8_t(255 - i * 12);
        p[size_t(i) * 4 + 2] = uint8_t((i * 53) % 256);
        p[size_t(i) * 4 + 3] = 255;
    }
    return p;
}

std::vector<unsigned char> webpLossless(const std::vector<uint8_t>& rgba) {
    uint8_t* out = nullptr;
    size_t size = WebPEncodeLosslessRGBA(rgba.data(), 4, 4, 16, &out);
    REQUIRE(size > 0);
    std::vector<unsigned char> bytes(out, out + size);
    WebPFree(out);
    return bytes;
}

/// A one-triangle file whose material's base colour is texture 0, `texture` its JSON.
std::string texturedFile(const std::string& images, const std::string& texture, bool required) {
    std::vector<glm::vec3> p = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    std::vector<glm::vec2> uv = {{0, 0}, {1, 0}, {0, 1}};
    std::vector<unsigned char> all = bytesOf(p), u = bytesOf(uv);
    all.insert(all.end(), u.begin(), u.end());
    std::string ext = required ? R"("extensionsUsed": ["EXT_texture_webp"], "extensionsRequired": ["EXT_texture_webp"], )"
                               : R"("extensionsUsed": ["EXT_texture_webp"], )";
    return str(R"({"asset": {"version": "2.0"}, )", ext, R"("buffers": [{"byteLength": )", all.size(), R"(, "uri": ")",
               dataUri(all), R"("}], "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24}], )",
               R"("accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]}, )",
               R"({"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"}], )",
               R"("images": [)", images, R"(], "textures": [)", texture,
               R"(], "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}], )",
               R"("meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "material": 0}]}], )",
               R"("nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})");
}

std::vector<unsigned char> pngOf(const std::vector<uint8_t>& rgba);

} // namespace

TEST_CASE("EXT_texture_webp: a WebP texture imports to the same texels as its source") {
    QuietLog quiet;
    const std::vector<uint8_t> pixels = testPixels();
    const std::string webp = dataUri(webpLossless(pixels)) /* tinygltf 2.7 decodes no data:image/webp URI */;
    ImportedModel model = importText(
        texturedFile(str(R"({"uri": ")", webp, "\"}"), R"({"extensions": {"EXT_texture_webp": {"source": 0}}})", true),
        "webp.gltf");
    const ImportedTexture& texture = model.textures.at(size_t(model.materials.at(0).params.baseColorTexture.texture));
    const ImportedImage& image = model.images.at(size_t(texture.image));
    CHECK_FALSE(image.fallback);
    REQUIRE(image.pixels.width == 4);
    REQUIRE(image.pixels.height == 4);
    CHECK(image.pixels.pixels == pixels); // lossless
    CHECK(model.warnings.empty());
}

TEST_CASE("EXT_texture_webp bad input: an undecodable WebP, with and without a fallback image") {
    const std::vector<uint8_t> pixels = testPixels();
    std::vector<unsigned char> spoilt = webpLossless(pixels);
    spoilt.resize(spoilt.size() / 2);
    const std::string webp = dataUri(spoilt);
    SUBCASE("no fallback: a warning naming the image and the checker") {
        QuietLog quiet;
        ImportedModel model = importText(
            texturedFile(str(R"({"uri": ")", webp, "\"}"), R"({"extensions": {"EXT_texture_webp": {"source": 0}}})",
                         true),
            "spoilt.gltf");
        CHECK(anyWarningContains(model, "image 0"));
        CHECK(anyWarningContains(model, "WebP"));
        CHECK(model.images.at(0).fallback);
    }
    SUBCASE("a PNG fallback: a warning, and the PNG's texels") {
        QuietLog quiet;
        const std::string png = dataUri(pngOf(pixels), "image/png");
        ImportedModel model = importText(
            texturedFile(str(R"({"uri": ")", webp, R"("}, {"uri": ")", png, "\"}"),
                         R"({"source": 1, "extensions": {"EXT_texture_webp": {"source": 0}}})", false),
            "fallback.gltf");
        CHECK(anyWarningContains(model, "texture 0: its EXT_texture_webp image 0 could not be decoded; the fallback "
                                        "image 1 is used"));
        const ImportedTexture& texture =
            model.textures.at(size_t(model.materials.at(0).params.baseColorTexture.texture));
        CHECK(model.images.at(size_t(texture.image)).pixels.pixels == pixels);
    }
    SUBCASE("a source that names no image: error naming the texture") {
        std::string e = errorOf(texturedFile(str(R"({"uri": ")", webp, "\"}"),
                                             R"({"extensions": {"EXT_texture_webp": {"source": 4}}})", true),
                                "source.gltf");
        CHECK(contains(e, "texture 0: EXT_texture_webp source must name one of the 1 images"));
    }
    SUBCASE("KTX2 only: a warning saying KTX2 is not supported, and the checker") {
        QuietLog quiet;
        ImportedModel model = importText(
            texturedFile(R"({"uri": "data:image/ktx2;base64,q0tUWCAyMLsNChoK", "mimeType": "image/ktx2"})",
                         R"({"extensions": {"KHR_texture_basisu": {"source": 0}}})", false),
            "ktx2.gltf");
        CHECK(anyWarningContains(model, "KTX2 is not supported"));
    }
}

namespace {

/// A PNG the simplest way that is still valid: stored (uncompressed) deflate blocks.
std::vector<unsigned char> pngOf(const std::vector<uint8_t>& rgba) {
    auto crc = [](const unsigned char* p, size_t n) {
        uint32_t c = 0xFFFFFFFFu;
        for (size_t i = 0; i < n; ++i) {
            c ^= p[i];
            for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
        }
        return c ^ 0xFFFFFFFFu;
    };
    auto be32 = [](std::vector<unsigned char>& out, uint32_t v) {
        for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
    };
    std::vector<unsigned char> raw; // filter byte 0 before each row
    for (int y = 0; y < 4; ++y) {
        raw.push_back(0);
        raw.insert(raw.end(), rgba.begin() + y * 16, rgba.begin() + y * 16 + 16);
    }
    std::vector<unsigned char> z = {0x78, 0x01, 0x01, uint8_t(raw.size()), uint8_t(raw.size() >> 8),
                                    uint8_t(~raw.size()), uint8_t(~raw.size() >> 8)};
    z.insert(z.end(), raw.begin(), raw.end());
    uint32_t a = 1, b = 0;
    for (unsigned char c : raw) {
        a = (a + c) % 65521;
        b = (b + a) % 65521;
    }
    be32(z, (b << 16) | a);
    std::vector<unsigned char> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    auto chunk = [&](const char* type, const std::vector<unsigned char>& data) {
        be32(out, uint32_t(data.size()));
        std::vector<unsigned char> body(type, type + 4);
        body.insert(body.end(), data.begin(), data.end());
        out.insert(out.end(), body.begin(), body.end());
        be32(out, crc(body.data(), body.size()));
    };
    std::vector<unsigned char> ihdr;
    be32(ihdr, 4);
    be32(ihdr, 4);
    ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});
    chunk("IHDR", ihdr);
    chunk("IDAT", z);
    chunk("IEND", {});
    return out;
}

} // namespace
