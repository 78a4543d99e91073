#pragma once
// Small glTF files made in memory for the compression tests: one sphere mesh written
// uncompressed, with EXT_meshopt_compression and with KHR_draco_mesh_compression (each made
// with its library's own encoder), and a one-triangle file with a 4 × 4 texture as PNG or
// EXT_texture_webp. The unit tests compare what they import to; the render tests compare
// what they draw.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <meshoptimizer.h>
#include <webp/encode.h>

#include "assets/ProceduralMeshes.h"
#include "core/Str.h"
#include "support/DracoEncode.h"
#include "support/GltfModelBuilder.h"

namespace th::test {

/// The test mesh: a sphere's positions, normals and indices.
struct TestMesh {
    std::vector<glm::vec3> positions, normals;
    std::vector<uint32_t> indices;
};

inline TestMesh testMesh() {
    // As built: meshoptimizer's index codec may rotate a triangle's corners, which it does on
    // a cache-ordered list; the unit test compares indices one by one.
    MeshData d = makeUvSphere(0.5f, 12, 8, std::nullopt, MeshOrder::AsBuilt);
    return {d.positions, d.normals, d.indices};
}

/// The mesh's accessors 0, 1, 2 (POSITION, NORMAL, indices) over its values written
/// uncompressed into `buffer`, the attributes' views with a byteStride of 12.
inline void addUncompressed(GltfModelBuilder& b, const TestMesh& m, int buffer) {
    b.addPositions(m.positions, {.buffer = buffer, .byteStride = 12});
    b.addAccessor(m.normals, {.buffer = buffer, .byteStride = 12});
    b.addAccessor(m.indices, {.buffer = buffer});
}

/// The bytes addUncompressed writes: positions, normals, indices.
inline std::vector<unsigned char> uncompressedBytes(const TestMesh& m) {
    const size_t p = m.positions.size() * 12, n = m.normals.size() * 12, i = m.indices.size() * 4;
    std::vector<unsigned char> out(p + n + i);
    std::memcpy(out.data(), m.positions.data(), p);
    std::memcpy(out.data() + p, m.normals.data(), n);
    std::memcpy(out.data() + p + n, m.indices.data(), i);
    return out;
}

/// The scene around one mesh "ball" whose one primitive reads accessors 0, 1, 2.
inline std::string document(GltfModelBuilder& b, std::string primitiveExtensions = {}) {
    b.addMesh({.name = "ball",
               .primitives = {{.attributes = {{"POSITION", 0}, {"NORMAL", 1}},
                               .indices = 2,
                               .extensions = std::move(primitiveExtensions)}}});
    b.addScene({b.addNode({.mesh = 0})});
    return b.json();
}

inline std::string plainFile(const TestMesh& m) {
    GltfModelBuilder b;
    addUncompressed(b, m, b.addBuffer());
    return document(b);
}

/// The meshopt streams of the test mesh, and the file that holds them. A test spoils the
/// compressed bytes or the extension objects before the file is written.
struct MeshoptFile {
    std::vector<unsigned char> positions, normals, indices;
    std::string extras[3];        ///< text appended inside each view's extension object
    size_t normalBytes = 12;      ///< a vertex's normal: 12 (floats) or 4 (8-bit octahedral, read as normalized bytes)
    bool fallbackHasData = false; ///< the fallback buffer holds the uncompressed mesh; else "fallback": true
    bool required = true;

    std::string text(const TestMesh& m) const {
        GltfModelBuilder b;
        b.useExtension("EXT_meshopt_compression", required);
        std::vector<unsigned char> all = positions;
        all.insert(all.end(), normals.begin(), normals.end());
        all.insert(all.end(), indices.begin(), indices.end());
        const int compressed = b.addBuffer(all);
        const size_t n = m.positions.size();
        const int fallback = fallbackHasData
                                 ? b.addBuffer(uncompressedBytes(m))
                                 : b.addBufferWithoutData(n * 24 + m.indices.size() * 4,
                                                          R"("EXT_meshopt_compression": {"fallback": true})");
        size_t offset = 0;
        // A view into the fallback buffer whose data the extension decodes from `stream`.
        auto view = [&](const std::vector<unsigned char>& stream, size_t fallbackOffset, size_t fallbackLength,
                        size_t stride, size_t count, const char* mode, const std::string& extra) {
            const bool attributes = std::string(mode) == "ATTRIBUTES";
            const int v = b.addView(
                {.buffer = fallback,
                 .byteOffset = fallbackOffset,
                 .byteLength = fallbackLength,
                 .byteStride = attributes ? stride : 0,
                 .extensions = str(R"("EXT_meshopt_compression": {"buffer": )", compressed, R"(, "byteOffset": )",
                                   offset, R"(, "byteLength": )", stream.size(), R"(, "byteStride": )", stride,
                                   R"(, "count": )", count, R"(, "mode": ")", mode, "\"", extra, "}")});
            offset += stream.size();
            return v;
        };
        GltfModelBuilder::Accessor position = GltfModelBuilder::accessorFor(m.positions).boundsOf(m.positions);
        GltfModelBuilder::Accessor normal = GltfModelBuilder::accessorFor(m.normals);
        GltfModelBuilder::Accessor index = GltfModelBuilder::accessorFor(m.indices);
        position.bufferView = view(positions, 0, n * 12, 12, n, "ATTRIBUTES", extras[0]);
        normal.bufferView = view(normals, n * 12, n * normalBytes, normalBytes, n, "ATTRIBUTES", extras[1]);
        index.bufferView = view(indices, n * 24, m.indices.size() * 4, 4, m.indices.size(), "TRIANGLES", extras[2]);
        if (normalBytes == 4) { // KHR_mesh_quantization's normalized signed bytes
            normal.componentType = GltfModelBuilder::kByte;
            normal.normalized = true;
        }
        b.addAccessor(position);
        b.addAccessor(normal);
        b.addAccessor(index);
        return document(b);
    }
};

inline MeshoptFile meshoptFile(const TestMesh& m) {
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

/// The test mesh's Draco stream (positions and normals, quantized to the bits given).
inline std::vector<unsigned char> dracoStream(const TestMesh& m, int positionBits, int normalBits,
                                              DracoEncoding how = {}) {
    how.positionBits = positionBits;
    how.normalBits = normalBits;
    std::vector<unsigned char> stream = encodeDraco(m.positions, m.normals, m.indices, how);
    REQUIRE(!stream.empty());
    return stream;
}

/// The Draco stream in view 0; with a fallback, the mesh uncompressed in views 1, 2, 3 that the
/// accessors point at, else accessors without views.
inline std::string dracoFile(const TestMesh& m, const std::vector<unsigned char>& stream, bool withFallback,
                      const std::string& attributeIds = R"("POSITION": 0, "NORMAL": 1)") {
    GltfModelBuilder b;
    b.useExtension("KHR_draco_mesh_compression", !withFallback);
    b.addView({.buffer = b.addBuffer(stream), .byteLength = stream.size()});
    if (withFallback) {
        addUncompressed(b, m, b.addBuffer());
    } else {
        b.addAccessor(GltfModelBuilder::accessorFor(m.positions).boundsOf(m.positions));
        b.addAccessor(GltfModelBuilder::accessorFor(m.normals));
        b.addAccessor(GltfModelBuilder::accessorFor(m.indices));
    }
    return document(b, str(R"("KHR_draco_mesh_compression": {"bufferView": 0, "attributes": {)", attributeIds, "}}"));
}

/// A 4 × 4 RGBA test card with distinct texels.
inline std::vector<uint8_t> testPixels() {
    std::vector<uint8_t> p(4 * 4 * 4);
    for (int i = 0; i < 16; ++i) {
        p[size_t(i) * 4 + 0] = uint8_t(i * 16);
        p[size_t(i) * 4 + 1] = uint8_t(255 - i * 12);
        p[size_t(i) * 4 + 2] = uint8_t((i * 53) % 256);
        p[size_t(i) * 4 + 3] = 255;
    }
    return p;
}

inline std::vector<unsigned char> webpLossless(const std::vector<uint8_t>& rgba) {
    uint8_t* out = nullptr;
    size_t size = WebPEncodeLosslessRGBA(rgba.data(), 4, 4, 16, &out);
    REQUIRE(size > 0);
    std::vector<unsigned char> bytes(out, out + size);
    WebPFree(out);
    return bytes;
}

/// A one-triangle file whose material's base colour is texture 0, `texture` its JSON and
/// `images` the JSON of the images it names.
inline std::string texturedFile(const std::vector<std::string>& images, const std::string& texture, bool required) {
    GltfModelBuilder b;
    b.useExtension("EXT_texture_webp", required);
    const int positions = b.addPositions({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    const int uv = b.addAccessor(std::vector<glm::vec2>{{0, 0}, {1, 0}, {0, 1}});
    for (const std::string& image : images) b.addImage(image);
    b.addTexture(texture);
    const int material = b.addMaterial(R"({"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})");
    b.addMesh({.primitives = {{.attributes = {{"POSITION", positions}, {"TEXCOORD_0", uv}}, .material = material}}});
    b.addScene({b.addNode({.mesh = 0})});
    return b.json();
}

/// A PNG the simplest way that is still valid: stored (uncompressed) deflate blocks.
inline std::vector<unsigned char> pngOf(const std::vector<uint8_t>& rgba) {
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


} // namespace th::test
