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

#include <draco/compression/encode.h>
#include <draco/mesh/mesh.h>
#include <glm/glm.hpp>
#include <meshoptimizer.h>
#include <webp/encode.h>

#include "assets/ProceduralMeshes.h"
#include "core/Str.h"

namespace th::test {

inline std::string base64(const std::vector<unsigned char>& bytes) {
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

inline std::string dataUri(const std::vector<unsigned char>& bytes, const char* mime = "application/octet-stream") {
    return str("data:", mime, ";base64,", base64(bytes));
}

template <typename T> inline std::vector<unsigned char> bytesOf(const std::vector<T>& v) {
    std::vector<unsigned char> out(v.size() * sizeof(T));
    std::memcpy(out.data(), v.data(), out.size());
    return out;
}

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

inline std::string minMax(const std::vector<glm::vec3>& p) {
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::vec3& v : p) {
        lo = glm::min(lo, v);
        hi = glm::max(hi, v);
    }
    return str("\"min\": [", lo.x, ", ", lo.y, ", ", lo.z, "], \"max\": [", hi.x, ", ", hi.y, ", ", hi.z, "]");
}

/// The scene around one mesh whose primitive is `primitive` (JSON text).
inline std::string document(const std::string& buffers, const std::string& views, const std::string& accessors,
                     const std::string& primitive, const std::string& extensions) {
    return str(R"({"asset": {"version": "2.0"}, )", extensions, R"("buffers": [)", buffers, R"(], "bufferViews": [)",
               views, R"(], "accessors": [)", accessors, R"(], "meshes": [{"name": "ball", "primitives": [)", primitive,
               R"(]}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})");
}

inline std::string accessors(const TestMesh& m, bool withViews) {
    auto view = [&](int v) { return withViews ? str("\"bufferView\": ", v, ", ") : std::string(); };
    return str("{", view(0), R"("componentType": 5126, "count": )", m.positions.size(), R"(, "type": "VEC3", )",
               minMax(m.positions), "}, {", view(1), R"("componentType": 5126, "count": )", m.normals.size(),
               R"(, "type": "VEC3"}, {)", view(2), R"("componentType": 5125, "count": )", m.indices.size(),
               R"(, "type": "SCALAR"})");
}

inline const std::string kPrimitive = R"({"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2})";

inline std::string plainFile(const TestMesh& m) {
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

inline std::vector<unsigned char> dracoStream(const TestMesh& m, int positionBits, int normalBits) {
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

inline std::string dracoFile(const TestMesh& m, const std::vector<unsigned char>& stream, bool withFallback,
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

/// A one-triangle file whose material's base colour is texture 0, `texture` its JSON.
inline std::string texturedFile(const std::string& images, const std::string& texture, bool required) {
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
