// Writes the seed corpora of the decoder fuzzers from the libraries' own encoders, so every
// seed is a real stream a mutation starts from (a hand-made stream would stop at the first
// check). Run once after changing it; the seeds are checked in:
//   build-fuzz/tests/fuzz/th_fuzz_make_seeds tests/fuzz/corpus
// image_decode/: PNG (RGBA, grey; grey16.png, 16-bit, is a copy of tests/data/gltf's), JPEG
// (colour, grey, progressive is not written by stb), BMP, TGA, Radiance (flat and RLE rows),
// WebP (lossless with alpha, lossy).
// gltf_compressed/: meshopt vertex streams (plain, octahedral, quaternion, exponential
// filters), triangle and index-sequence streams, Draco sequential and edgebreaker streams with
// and without normals and metadata; each prefixed with the 4 bytes GltfCompressedFuzz.cpp reads.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <meshoptimizer.h>
#include <webp/encode.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb_image_write.h>

#include "assets/ProceduralMeshes.h"
#include "core/Error.h"
#include "core/Files.h"
#include "support/DracoEncode.h"

namespace fs = std::filesystem;

namespace {

fs::path gRoot;
int gWritten = 0;

void write(const std::string& corpus, const std::string& name, const std::string& bytes) {
    fs::create_directories(gRoot / corpus);
    th::writeFile(gRoot / corpus / name, bytes); // throws th::Error on a failed write
    ++gWritten;
}

void appendTo(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), size_t(size));
}

/// A small test card: distinct colours, a gradient and a transparent corner.
std::vector<unsigned char> card(int w, int h, int channels) {
    std::vector<unsigned char> p(size_t(w * h * channels));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < channels; ++c)
                p[size_t((y * w + x) * channels + c)] =
                    c == 3 ? ((x < 2 && y < 2) ? 0 : 255) : (unsigned char)((x * 37 + y * 11 + c * 80) & 255);
    return p;
}

void imageSeeds() {
    const int w = 16, h = 8;
    std::string out;
    auto encoded = [&](auto&& encode) {
        out.clear();
        if (!encode()) throw th::Error("stb_image_write failed");
        return out;
    };
    const auto rgba = card(w, h, 4), grey = card(w, h, 1), rgb = card(w, h, 3);
    write("image_decode", "rgba.png", encoded([&] { return stbi_write_png_to_func(appendTo, &out, w, h, 4, rgba.data(), w * 4); }));
    write("image_decode", "grey.png", encoded([&] { return stbi_write_png_to_func(appendTo, &out, w, h, 1, grey.data(), w); }));
    write("image_decode", "rgb.jpg", encoded([&] { return stbi_write_jpg_to_func(appendTo, &out, w, h, 3, rgb.data(), 80); }));
    write("image_decode", "grey.jpg", encoded([&] { return stbi_write_jpg_to_func(appendTo, &out, w, h, 1, grey.data(), 50); }));
    write("image_decode", "rgba.bmp", encoded([&] { return stbi_write_bmp_to_func(appendTo, &out, w, h, 4, rgba.data()); }));
    write("image_decode", "rgba.tga", encoded([&] { return stbi_write_tga_to_func(appendTo, &out, w, h, 4, rgba.data()); }));
    std::vector<float> radiance(size_t(w * h * 3));
    for (size_t i = 0; i < radiance.size(); ++i) radiance[i] = std::pow(2.0f, float(int(i % 17) - 8)) * 0.7f;
    write("image_decode", "flat.hdr", encoded([&] { return stbi_write_hdr_to_func(appendTo, &out, w, h, 3, radiance.data()); }));
    // Rows of 8 pixels and more are run-length encoded.
    std::vector<float> wide(size_t(64 * 2 * 3), 0.25f);
    write("image_decode", "rle.hdr", encoded([&] { return stbi_write_hdr_to_func(appendTo, &out, 64, 2, 3, wide.data()); }));

    auto webp = [&](const char* name, size_t size, uint8_t* bytes) {
        if (size == 0) throw th::Error(std::string("libwebp failed to encode ") + name);
        write("image_decode", name, std::string(reinterpret_cast<const char*>(bytes), size));
        WebPFree(bytes);
    };
    uint8_t* bytes = nullptr;
    webp("lossless-alpha.webp", WebPEncodeLosslessRGBA(rgba.data(), w, h, w * 4, &bytes), bytes);
    webp("lossy.webp", WebPEncodeRGB(rgb.data(), w, h, w * 3, 75.0f, &bytes), bytes);
    webp("lossy-alpha.webp", WebPEncodeRGBA(rgba.data(), w, h, w * 4, 60.0f, &bytes), bytes);
}

/// The 4 bytes GltfCompressedFuzz.cpp reads before the stream.
std::string prefixed(unsigned kind, size_t count, unsigned selector, const std::vector<unsigned char>& stream) {
    std::string out;
    out += char(kind);
    out += char(count & 0xff);
    out += char((count >> 8) & 0xff);
    out += char(selector);
    out.append(reinterpret_cast<const char*>(stream.data()), stream.size());
    return out;
}

std::vector<unsigned char> vertexStream(const void* vertices, size_t count, size_t stride) {
    std::vector<unsigned char> out(meshopt_encodeVertexBufferBound(count, stride));
    out.resize(meshopt_encodeVertexBuffer(out.data(), out.size(), vertices, count, stride));
    return out;
}

void meshoptSeeds(const th::MeshData& m) {
    const size_t n = m.positions.size();
    // Attribute selector: bits 0-3 stride / 4 − 1, bits 4-5 filter (0 none, 1 oct, 2 quat, 3 exp).
    write("gltf_compressed", "meshopt-positions", prefixed(0, n, 2, vertexStream(m.positions.data(), n, 12)));
    write("gltf_compressed", "meshopt-positions-optional", prefixed(4, n, 2, vertexStream(m.positions.data(), n, 12)));
    write("gltf_compressed", "meshopt-uvs", prefixed(0, n, 1, vertexStream(m.uv0.data(), n, 8)));
    std::vector<float> normals4(n * 4), tangents(n * 4), rotations(n * 4);
    for (size_t i = 0; i < n; ++i) {
        std::memcpy(&normals4[i * 4], &m.normals[i], 12);
        normals4[i * 4 + 3] = 1.0f;
        const glm::vec4 t = m.tangents.empty() ? glm::vec4(1, 0, 0, 1) : m.tangents[i];
        std::memcpy(&tangents[i * 4], &t, 16);
        const float a = float(i) * 0.1f;
        const float q[4] = {0.0f, std::sin(a), 0.0f, std::cos(a)};
        std::memcpy(&rotations[i * 4], q, 16);
    }
    std::vector<unsigned char> oct4(n * 4), oct8(n * 8), quat(n * 8), exp(n * 12);
    meshopt_encodeFilterOct(oct4.data(), n, 4, 8, normals4.data());
    meshopt_encodeFilterOct(oct8.data(), n, 8, 12, tangents.data());
    meshopt_encodeFilterQuat(quat.data(), n, 8, 12, rotations.data());
    meshopt_encodeFilterExp(exp.data(), n, 12, 15, reinterpret_cast<const float*>(m.positions.data()));
    write("gltf_compressed", "meshopt-octahedral-4", prefixed(0, n, 0x10 | 0, vertexStream(oct4.data(), n, 4)));
    write("gltf_compressed", "meshopt-octahedral-8", prefixed(0, n, 0x10 | 1, vertexStream(oct8.data(), n, 8)));
    write("gltf_compressed", "meshopt-quaternion", prefixed(0, n, 0x20 | 1, vertexStream(quat.data(), n, 8)));
    write("gltf_compressed", "meshopt-exponential", prefixed(0, n, 0x30 | 2, vertexStream(exp.data(), n, 12)));

    std::vector<unsigned char> triangles(meshopt_encodeIndexBufferBound(m.indices.size(), n));
    triangles.resize(meshopt_encodeIndexBuffer(triangles.data(), triangles.size(), m.indices.data(), m.indices.size()));
    write("gltf_compressed", "meshopt-triangles-32", prefixed(1, m.indices.size(), 3, triangles));
    write("gltf_compressed", "meshopt-triangles-16", prefixed(1, m.indices.size(), 2, triangles));
    std::vector<unsigned char> sequence(meshopt_encodeIndexSequenceBound(m.indices.size(), n));
    sequence.resize(meshopt_encodeIndexSequence(sequence.data(), sequence.size(), m.indices.data(), m.indices.size()));
    write("gltf_compressed", "meshopt-sequence", prefixed(2, m.indices.size(), 1, sequence));
    write("gltf_compressed", "meshopt-sequence-optional", prefixed(6, m.indices.size(), 0, sequence));
}

std::vector<unsigned char> dracoStream(const th::MeshData& m, bool normals, bool edgebreaker, bool metadata) {
    std::vector<unsigned char> out =
        th::test::encodeDraco(m.positions, normals ? m.normals : std::vector<glm::vec3>{}, m.indices,
                              {.edgebreaker = edgebreaker, .metadata = metadata, .positionBits = 12, .normalBits = 8});
    if (out.empty()) throw th::Error("Draco failed to encode a seed");
    return out;
}

void dracoSeeds(const th::MeshData& m) {
    // Selector: bit 0 counts from the stream's header, bit 1 NORMAL too, bit 2 16-bit indices.
    const size_t n = m.positions.size();
    write("gltf_compressed", "draco-sequential", prefixed(3, n, 1, dracoStream(m, false, false, false)));
    write("gltf_compressed", "draco-sequential-normals", prefixed(3, n, 3, dracoStream(m, true, false, false)));
    write("gltf_compressed", "draco-edgebreaker", prefixed(3, n, 1 | 4, dracoStream(m, false, true, false)));
    write("gltf_compressed", "draco-edgebreaker-normals-optional", prefixed(7, n, 3, dracoStream(m, true, true, false)));
    write("gltf_compressed", "draco-metadata", prefixed(3, n, 3, dracoStream(m, true, true, true)));
    write("gltf_compressed", "draco-sequential-metadata", prefixed(3, n, 1, dracoStream(m, false, false, true)));
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: th_fuzz_make_seeds <tests/fuzz/corpus>\n");
        return 2;
    }
    gRoot = argv[1];
    try {
        imageSeeds();
        // A plane keeps its points through edgebreaker (no repeated vertices to merge).
        const th::MeshData plane = th::makePlane(1.0f, 1.0f, 6);
        meshoptSeeds(th::makeUvSphere(0.5f, 10, 6, std::nullopt, th::MeshOrder::AsBuilt));
        dracoSeeds(plane);
    } catch (const th::Error& e) {
        std::fprintf(stderr, "th_fuzz_make_seeds: %s\n", e.what());
        return 1;
    }
    std::printf("th_fuzz_make_seeds: wrote %d seeds under %s\n", gWritten, gRoot.string().c_str());
    return 0;
}
