// libFuzzer target for the compressed-geometry decoders behind the glTF importer:
// EXT_meshopt_compression (vertex codec with its filters, triangle and index-sequence codecs)
// and KHR_draco_mesh_compression. Mutating a whole glTF file rarely keeps a stream intact, so
// here the input is the stream itself, wrapped into a fixed, valid GLB that decodes it:
//
//   byte 0      kind: bits 0-1 meshopt ATTRIBUTES, TRIANGLES, INDICES or Draco;
//               bit 2 the extension is optional and the file has uncompressed data
//   bytes 1-2   a count (little-endian): meshopt's element count; Draco's vertex count
//   byte 3      meshopt ATTRIBUTES: bits 0-3 byteStride / 4 − 1, bits 4-5 the filter;
//               TRIANGLES, INDICES: bit 0 a 4-byte index; bit 1 the count rounded to triangles;
//               Draco: bit 0 counts taken from the stream's own header (so mutated streams reach
//               libdraco), bit 1 NORMAL named too, bit 2 16-bit indices
//   bytes 4-    the compressed stream (the GLB's binary chunk starts with it)
//
// The only acceptable outcomes are a model or a th::Error; any other exception, a crash, a
// sanitizer report, a hang or runaway memory is a bug. Seeds (tests/fuzz/corpus/gltf_compressed)
// are real streams from the libraries' encoders, written by th_fuzz_make_seeds.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "GlbContainer.h"
#include "assets/DracoStreamClaim.h"
#include "assets/GltfImporter.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"

namespace {

th::GltfImportOptions gOptions;

/// 256 positions on a line, the plain geometry the compressed indices index into.
std::string linePositions() {
    std::string bytes;
    for (int i = 0; i < 256; ++i) {
        const float p[3] = {float(i) / 255.0f, float(i % 7) / 7.0f, 0.0f};
        bytes.append(reinterpret_cast<const char*>(p), 12);
    }
    return bytes;
}

size_t aligned(size_t n) { return (n + 3) / 4 * 4; }

std::string meshoptFile(unsigned kind, uint32_t count, unsigned selector, std::string_view stream) {
    static const char* const kFilters[] = {"NONE", "OCTAHEDRAL", "QUATERNION", "EXPONENTIAL"};
    const unsigned mode = kind & 3;
    const bool withFallback = kind & 4;
    uint32_t stride = 0;
    std::string filter = "NONE", modeName;
    if (mode == 0) {
        modeName = "ATTRIBUTES";
        stride = 4 * ((selector & 15) + 1);
        filter = kFilters[(selector >> 4) & 3];
    } else {
        modeName = mode == 1 ? "TRIANGLES" : "INDICES";
        stride = (selector & 1) ? 4 : 2;
        if (selector & 2) count -= count % 3;
    }
    const size_t decodedBytes = size_t(count) * stride;
    std::string bin(stream);
    bin.resize(aligned(bin.size()), '\0');
    const size_t positionsAt = bin.size();
    bin += linePositions();
    const size_t fallbackAt = bin.size();
    // The fallback's bytes: zeros in the binary chunk, else a buffer that only names its length.
    const bool fallbackInBin = withFallback && decodedBytes <= 65536;
    if (fallbackInBin) bin.append(decodedBytes, '\0');
    std::string buffers = th::str(R"({"byteLength": )", bin.size(), "}");
    int fallbackBuffer = 0;
    size_t fallbackOffset = fallbackAt;
    if (!fallbackInBin) {
        buffers += th::str(R"(, {"byteLength": )", decodedBytes,
                           R"(, "extensions": {"EXT_meshopt_compression": {"fallback": true}}})");
        fallbackBuffer = 1;
        fallbackOffset = 0;
    }
    const std::string compressedView = th::str(
        R"({"buffer": )", fallbackBuffer, R"(, "byteOffset": )", fallbackOffset, R"(, "byteLength": )", decodedBytes,
        mode == 0 ? th::str(R"(, "byteStride": )", stride) : std::string(),
        R"(, "extensions": {"EXT_meshopt_compression": {"buffer": 0, "byteLength": )", stream.size(),
        R"(, "byteStride": )", stride, R"(, "count": )", count, R"(, "mode": ")", modeName, R"(", "filter": ")", filter,
        R"("}}})");
    const std::string views = th::str(R"([{"buffer": 0, "byteOffset": )", positionsAt, R"(, "byteLength": 3072, "byteStride": 12}, )",
                                      compressedView, "]");
    const std::string plain = R"({"bufferView": 0, "componentType": 5126, "count": 256, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]})";
    std::string accessors, primitive;
    if (mode == 0 && stride == 12 && filter == "NONE") {
        // Decoded floats as the positions of a point cloud: NaNs and huge values meet the framing.
        accessors = th::str(R"({"bufferView": 1, "componentType": 5126, "count": )", count,
                            R"(, "type": "VEC3", "min": [-1, -1, -1], "max": [1, 1, 1]})");
        primitive = R"({"attributes": {"POSITION": 0}, "mode": 0})";
    } else if (mode == 0) {
        // Another stride: read as custom bytes beside the plain positions (the decoder runs anyway).
        accessors = th::str(plain, R"(, {"bufferView": 1, "componentType": 5121, "count": )", count,
                            R"(, "type": "SCALAR"})");
        primitive = R"({"attributes": {"POSITION": 0}, "mode": 0})";
    } else {
        accessors = th::str(plain, R"(, {"bufferView": 1, "componentType": )", stride == 4 ? 5125 : 5123,
                            R"(, "count": )", count, R"(, "type": "SCALAR"})");
        primitive = R"({"attributes": {"POSITION": 0}, "indices": 1})";
    }
    const std::string required = withFallback ? "" : R"(, "extensionsRequired": ["EXT_meshopt_compression"])";
    const std::string json = th::str(
        R"({"asset": {"version": "2.0"}, "extensionsUsed": ["EXT_meshopt_compression"])", required,
        R"(, "buffers": [)", buffers, R"(], "bufferViews": )", views, R"(, "accessors": [)", accessors,
        R"(], "meshes": [{"primitives": [)", primitive, R"(]}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})");
    return th::fuzz::glbOf(json, bin);
}

std::string dracoFile(unsigned kind, uint32_t count, unsigned selector, std::string_view stream) {
    const bool withFallback = kind & 4;
    uint64_t points = count, indices = uint64_t(count) * 3;
    if (selector & 1) {
        const th::DracoMeshClaim claim = th::readDracoMeshClaim(stream);
        if (claim.problem.empty()) {
            points = claim.vertices;
            indices = claim.faces * 3;
        }
    }
    // Past the fuzzer's own accessor limit: refused before the stream matters.
    if (points > (1u << 16) || indices > (3u << 16)) points = indices = 0;
    const bool normals = selector & 2;
    const int indexType = (selector & 4) ? 5123 : 5125;
    std::string bin(stream);
    bin.resize(aligned(bin.size()), '\0');
    const size_t fallbackAt = bin.size();
    const size_t attributeBytes = size_t(points) * 12, indexBytes = size_t(indices) * (indexType == 5123 ? 2 : 4);
    const bool fallbackInBin = withFallback && attributeBytes * 2 + indexBytes <= 65536;
    std::string views = th::str(R"([{"buffer": 0, "byteLength": )", stream.size(), "}");
    std::string view[3] = {"", "", ""};
    if (fallbackInBin) {
        bin.append(attributeBytes * 2 + aligned(indexBytes), '\0');
        views += th::str(R"(, {"buffer": 0, "byteOffset": )", fallbackAt, R"(, "byteLength": )", attributeBytes, "}",
                         R"(, {"buffer": 0, "byteOffset": )", fallbackAt + attributeBytes, R"(, "byteLength": )",
                         attributeBytes, "}", R"(, {"buffer": 0, "byteOffset": )", fallbackAt + 2 * attributeBytes,
                         R"(, "byteLength": )", indexBytes, "}");
        for (int i = 0; i < 3; ++i) view[i] = th::str(R"("bufferView": )", i + 1, ", ");
    }
    views += "]";
    const std::string accessors =
        th::str("{", view[0], R"("componentType": 5126, "count": )", points,
                R"(, "type": "VEC3", "min": [-1, -1, -1], "max": [1, 1, 1]}, {)", view[1],
                R"("componentType": 5126, "count": )", points, R"(, "type": "VEC3"}, {)", view[2],
                R"("componentType": )", indexType, R"(, "count": )", indices, R"(, "type": "SCALAR"})");
    const std::string attributes = normals ? R"({"POSITION": 0, "NORMAL": 1})" : R"({"POSITION": 0})";
    const std::string required = withFallback ? "" : R"(, "extensionsRequired": ["KHR_draco_mesh_compression"])";
    const std::string json = th::str(
        R"({"asset": {"version": "2.0"}, "extensionsUsed": ["KHR_draco_mesh_compression"])", required,
        R"(, "buffers": [{"byteLength": )", bin.size(), R"(}], "bufferViews": )", views, R"(, "accessors": [)",
        accessors, R"(], "meshes": [{"primitives": [{"attributes": )", attributes,
        R"(, "indices": 2, "extensions": {"KHR_draco_mesh_compression": {"bufferView": 0, "attributes": )", attributes,
        R"(}}}]}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})");
    return th::fuzz::glbOf(json, bin);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    th::Log::setSink([](th::LogLevel, std::string_view) {});
    th::Log::setMinimumLevel(th::LogLevel::Error);
    gOptions.maxFileBytes = 1 << 20;
    gOptions.maxAccessorElements = 1 << 16;
    gOptions.maxTotalElements = 1 << 20;
    gOptions.decodeImages = false;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 4) return 0;
    const unsigned kind = data[0], selector = data[3];
    const uint32_t count = uint32_t(data[1]) | (uint32_t(data[2]) << 8);
    const std::string_view stream(reinterpret_cast<const char*>(data) + 4, size - 4);
    const std::string file =
        (kind & 3) == 3 ? dracoFile(kind, count, selector, stream) : meshoptFile(kind, count, selector, stream);
    try {
        th::ImportedModel model = th::importGltfFromMemory(file, ".", "fuzz-compressed.glb", gOptions);
        (void)model.worldBounds();
    } catch (const th::Error&) {
    }
    return 0;
}
