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

#include <meshoptimizer.h>
#include <webp/encode.h>

#include "support/Base64.h"
#include "support/GltfCompressedFiles.h"

#include "assets/GltfImporter.h"
#include "assets/ProceduralMeshes.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"

using namespace th;
using namespace th::test;

namespace {

struct QuietLog {
    ScopedLogSink sink{[](LogLevel, std::string_view) {}};
};

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

/// A mesh without repeated vertices: edgebreaker keeps its point count (the sphere's seam and
/// pole copies of one position and normal are merged by the encoder, so its accessors would
/// no longer match).
TestMesh planeMesh() {
    MeshData d = makePlane(1.0f, 1.0f, 8);
    return {d.positions, d.normals, d.indices};
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
    // The normal view is 4 bytes a vertex, read as normalized signed bytes (KHR_mesh_quantization).
    f.normalBytes = 4;
    ImportedModel packed = importText(f.text(m), "meshopt-oct.gltf");
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
    SUBCASE("an absurd byteStride or count is refused by its sizes before anything is allocated") {
        // Found by a hostile tour: the output was allocated from count × byteStride before
        // either was checked, and --validate-only aborted through std::bad_alloc.
        std::string text = meshoptFile(m).text(m);
        const std::string stride = str(R"("byteStride": 12, "count": )", m.positions.size());
        REQUIRE(text.find(stride) != std::string::npos);
        std::string huge = text;
        huge.replace(huge.find(stride), stride.size(), str(R"("byteStride": 2147483644, "count": )", m.positions.size()));
        const std::string stridden = errorOf(huge, "stride.gltf");
        CHECK_MESSAGE(contains(stridden, "needs a byteStride that is a multiple of 4 up to 256, not 2147483644"), stridden);
        // Past 2^53 (and past 2^64, where a cast to an integer is undefined) a stride is no integer.
        for (const char* absurd : {"1e30", "18446744073709551616", "9007199254740993.5", "-4", "1.5"}) {
            CAPTURE(absurd);
            std::string far = text;
            far.replace(far.find(stride), stride.size(), str(R"("byteStride": )", absurd, R"(, "count": )", m.positions.size()));
            const std::string farError = errorOf(far, "stride.gltf");
            CHECK_MESSAGE(contains(farError, "'byteStride' must be a non-negative integer"), farError);
        }
        std::string exact = text;
        exact.replace(exact.find(stride), stride.size(), str(R"("byteStride": 1e19, "count": )", m.positions.size()));
        const std::string exactError = errorOf(exact, "stride.gltf");
        CHECK_MESSAGE(contains(exactError, "'byteStride' must be a non-negative integer"), exactError);
        std::string bomb = text;
        bomb.replace(bomb.find(stride), stride.size(), R"("byteStride": 12, "count": 268435456)");
        const std::string e = errorOf(bomb, "bomb.gltf");
        CHECK(contains(e, "bufferView 0"));
        CHECK(contains(e, str("it claims 268435456 × 12 bytes, but the buffer view is ", m.positions.size() * 12, " bytes long")));
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
        f.fallbackHasData = true;
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
        CHECK(contains(e, str("says ", fewer.positions.size(), " elements, the Draco stream claims ", m.positions.size(),
                              " points; nothing was decoded")));
    }
    SUBCASE("a mesh edgebreaker-encoded, with metadata, imports") {
        QuietLog quiet;
        const TestMesh p = planeMesh();
        ImportedModel model =
            importText(dracoFile(p, dracoStream(p, 14, 10, {.edgebreaker = true, .metadata = true}), false), "eb.gltf");
        REQUIRE(model.meshes.size() == 1);
        CHECK(model.meshes[0].indices.size() == p.indices.size());
        CHECK(model.meshes[0].positions.size() == p.positions.size());
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

TEST_CASE("EXT_texture_webp: a WebP texture imports to the same texels as its source") {
    QuietLog quiet;
    const std::vector<uint8_t> pixels = testPixels();
    const std::string webp = dataUri(webpLossless(pixels)) /* tinygltf 2.7 decodes no data:image/webp URI */;
    ImportedModel model = importText(texturedFile({str(R"({"uri": ")", webp, "\"}")},
                                                  R"({"extensions": {"EXT_texture_webp": {"source": 0}}})", true),
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
        ImportedModel model = importText(texturedFile({str(R"({"uri": ")", webp, "\"}")},
                                                      R"({"extensions": {"EXT_texture_webp": {"source": 0}}})", true),
                                         "spoilt.gltf");
        CHECK(anyWarningContains(model, "image 0"));
        CHECK(anyWarningContains(model, "WebP"));
        CHECK(model.images.at(0).fallback);
    }
    SUBCASE("a PNG fallback: a warning, and the PNG's texels") {
        QuietLog quiet;
        const std::string png = dataUri(pngOf(pixels), "image/png");
        ImportedModel model =
            importText(texturedFile({str(R"({"uri": ")", webp, "\"}"), str(R"({"uri": ")", png, "\"}")},
                                    R"({"source": 1, "extensions": {"EXT_texture_webp": {"source": 0}}})", false),
                       "fallback.gltf");
        CHECK(anyWarningContains(model, "texture 0: its EXT_texture_webp image 0 could not be decoded; the fallback "
                                        "image 1 is used"));
        const ImportedTexture& texture =
            model.textures.at(size_t(model.materials.at(0).params.baseColorTexture.texture));
        CHECK(model.images.at(size_t(texture.image)).pixels.pixels == pixels);
    }
    SUBCASE("a source that names no image: error naming the texture") {
        std::string e = errorOf(texturedFile({str(R"({"uri": ")", webp, "\"}")},
                                             R"({"extensions": {"EXT_texture_webp": {"source": 4}}})", true),
                                "source.gltf");
        CHECK(contains(e, "texture 0: EXT_texture_webp source must name one of the 1 images"));
    }
    SUBCASE("KTX2 only: a warning saying KTX2 is not supported, and the checker") {
        QuietLog quiet;
        ImportedModel model =
            importText(texturedFile({R"({"uri": "data:image/ktx2;base64,q0tUWCAyMLsNChoK", "mimeType": "image/ktx2"})"},
                                    R"({"extensions": {"KHR_texture_basisu": {"source": 0}}})", false),
                       "ktx2.gltf");
        CHECK(anyWarningContains(model, "KTX2 is not supported"));
    }
}


namespace {

/// The edgebreaker stream with its face count replaced (a varint after the 11-byte header, the
/// traversal byte and the vertex count): what a decompression bomb looks like, a few bytes
/// that claim a huge mesh.
std::vector<unsigned char> withClaimedFaces(std::vector<unsigned char> stream, uint32_t faces) {
    size_t at = 12;
    while (stream.at(at) & 0x80) ++at; // the vertex count
    size_t end = ++at;
    while (stream.at(end) & 0x80) ++end; // the face count
    std::vector<unsigned char> varint;
    do {
        varint.push_back(uint8_t((faces & 0x7f) | (faces > 0x7f ? 0x80 : 0)));
        faces >>= 7;
    } while (faces);
    stream.erase(stream.begin() + long(at), stream.begin() + long(end) + 1);
    stream.insert(stream.begin() + long(at), varint.begin(), varint.end());
    return stream;
}

/// One POSITION accessor of `count` VEC3 floats whose view is meshopt-decoded from `stream`
/// into a buffer with no data of its own.
std::string meshoptAttributeFile(const std::vector<unsigned char>& stream, size_t count) {
    GltfModelBuilder b;
    b.useExtension("EXT_meshopt_compression", true);
    const int compressed = b.addBuffer(stream);
    const size_t bytes = count * 12;
    const int fallback = b.addBufferWithoutData(bytes, R"("EXT_meshopt_compression": {"fallback": true})");
    const int view = b.addView(
        {.buffer = fallback,
         .byteLength = bytes,
         .byteStride = 12,
         .extensions = str(R"("EXT_meshopt_compression": {"buffer": )", compressed, R"(, "byteLength": )",
                           stream.size(), R"(, "byteStride": 12, "count": )", count, R"(, "mode": "ATTRIBUTES"})")});
    GltfModelBuilder::Accessor position;
    position.bufferView = view;
    position.count = count;
    position.type = "VEC3";
    position.min = {0, 0, 0};
    position.max = {1, 1, 1};
    b.addAccessor(position);
    b.addMesh({.name = "cloud", .primitives = {{.attributes = {{"POSITION", 0}}}}});
    b.addScene({b.addNode({.mesh = 0})});
    return b.json();
}

} // namespace

TEST_CASE("Decompression bombs: a Draco or meshopt stream that claims far more than its bytes is refused undecoded") {
    const TestMesh m = testMesh();
    SUBCASE("Draco: ten million faces claimed in a few hundred bytes, against the indices accessor") {
        const std::vector<unsigned char> stream = dracoStream(m, 14, 10, {.edgebreaker = true});
        const std::string e = errorOf(dracoFile(m, withClaimedFaces(stream, 10000000), false), "bomb.gltf");
        CHECK_MESSAGE(contains(e, str("accessor 2 says ", m.indices.size(),
                                      " indices, the Draco stream claims 10000000 triangles")), e);
        CHECK(contains(e, "nothing was decoded"));
        CHECK(contains(e, "'ball' primitive 0"));
    }
    SUBCASE("Draco: a billion faces, over the accessor limit whatever the accessors say") {
        const std::vector<unsigned char> stream = dracoStream(m, 14, 10, {.edgebreaker = true});
        const std::string e = errorOf(dracoFile(m, withClaimedFaces(stream, 1000000000), false), "limit.gltf");
        CHECK_MESSAGE(contains(e, "the Draco stream claims 1000000000 triangles (3000000000 indices), more than the "
                                  "limit of 67108864 elements per accessor (GltfImportOptions::maxAccessorElements)"), e);
    }
    SUBCASE("the unspoilt edgebreaker stream decodes: the claim check refuses nothing real") {
        QuietLog quiet;
        const TestMesh p = planeMesh();
        ImportedModel model = importText(dracoFile(p, dracoStream(p, 14, 10, {.edgebreaker = true}), false), "eb.gltf");
        CHECK(model.meshes.at(0).indices.size() == p.indices.size());
    }
    SUBCASE("meshopt: 16 million vertices claimed by a stream of a few hundred bytes") {
        std::vector<unsigned char> stream(meshopt_encodeVertexBufferBound(m.positions.size(), 12));
        stream.resize(
            meshopt_encodeVertexBuffer(stream.data(), stream.size(), m.positions.data(), m.positions.size(), 12));
        const size_t count = size_t(1) << 24;
        const std::string e = errorOf(meshoptAttributeFile(stream, count), "bomb.gltf");
        CHECK_MESSAGE(contains(e, str("its ", stream.size(), " compressed bytes cannot hold the 16777216 × 12 bytes it claims")), e);
        CHECK(contains(e, str("needs at least ", 1 + 32 + (count * 12 + 63) / 64, " bytes")));
        CHECK(contains(e, "bufferView 0"));
    }
    SUBCASE("meshopt: the smallest real streams pass the bound (all-zero vertices compress the most)") {
        for (size_t count : {size_t(0), size_t(1), size_t(16), size_t(256), size_t(100000)}) {
            CAPTURE(count);
            std::vector<glm::vec3> zeros(count, glm::vec3(0.0f));
            std::vector<unsigned char> stream(meshopt_encodeVertexBufferBound(count, 12));
            stream.resize(meshopt_encodeVertexBuffer(stream.data(), stream.size(), zeros.data(), count, 12));
            QuietLog quiet;
            if (count % 3 == 0 && count > 0) {
                ImportedModel model = importText(meshoptAttributeFile(stream, count), "zeros.gltf");
                CHECK(model.meshes.size() <= 1);
            } else {
                // Not a whole number of triangles: refused for that, not for the bound.
                try {
                    importText(meshoptAttributeFile(stream, count), "zeros.gltf");
                } catch (const Error& e) {
                    CHECK_MESSAGE(!contains(e.what(), "cannot hold"), e.what());
                }
            }
        }
    }
}
