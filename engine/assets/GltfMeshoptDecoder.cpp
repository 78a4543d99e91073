#include "assets/GltfMeshoptDecoder.h"

#include <algorithm>
#include <cmath>

#include <meshoptimizer.h>

#include "assets/GltfImportContext.h"
#include "assets/GltfJsonPatch.h"
#include "core/Str.h"

namespace th {

namespace {

constexpr const char* kExtension = "EXT_meshopt_compression";

struct Stream {
    int buffer = -1;
    uint64_t byteOffset = 0, byteLength = 0, byteStride = 0, count = 0;
    std::string mode, filter = "NONE";
};

/// Reads the extension object; a value of the wrong type is an error naming the key.
Stream readStream(GltfImportContext& ctx, int view, const tinygltf::Value& ext) {
    const std::string pointer = str("/bufferViews/", view, "/extensions/", kExtension);
    auto number = [&](const char* key, bool required, uint64_t fallback) -> uint64_t {
        const tinygltf::Value& v = ext.Get(key);
        if (!ext.Has(key)) {
            if (required)
                throw ctx.error("UNDEFINED_PROPERTY", pointer,
                                str("bufferView ", view, ": ", kExtension, " needs '", key, "'"));
            return fallback;
        }
        double d = v.IsNumber() ? v.GetNumberAsDouble() : -1.0;
        // Range first: converting a double past 2^64 to an integer is undefined (it came out 0).
        if (!v.IsNumber() || !(d >= 0) || d > 9007199254740992.0 || d != std::floor(d))
            throw ctx.error(v.IsNumber() ? "VALUE_NOT_IN_RANGE" : "TYPE_MISMATCH", str(pointer, "/", key),
                            str("bufferView ", view, ": ", kExtension, " '", key, "' must be a non-negative integer, at most 2^53"));
        return uint64_t(d);
    };
    auto text = [&](const char* key, const char* fallback) -> std::string {
        if (!ext.Has(key)) {
            if (!fallback)
                throw ctx.error("UNDEFINED_PROPERTY", pointer,
                                str("bufferView ", view, ": ", kExtension, " needs '", key, "'"));
            return fallback;
        }
        if (!ext.Get(key).IsString())
            throw ctx.error("TYPE_MISMATCH", str(pointer, "/", key),
                            str("bufferView ", view, ": ", kExtension, " '", key, "' must be a string"));
        return ext.Get(key).Get<std::string>();
    };
    Stream s;
    const uint64_t buffer = number("buffer", true, 0);
    if (buffer >= ctx.model.buffers.size())
        throw ctx.error("UNRESOLVED_REFERENCE", pointer + "/buffer",
                        str("bufferView ", view, ": ", kExtension, " buffer ", buffer, " does not exist (the file has ",
                            ctx.model.buffers.size(), ")"));
    s.buffer = int(buffer);
    s.byteOffset = number("byteOffset", false, 0);
    s.byteLength = number("byteLength", true, 0);
    s.byteStride = number("byteStride", true, 0);
    s.count = number("count", true, 0);
    s.mode = text("mode", nullptr);
    s.filter = text("filter", "NONE");
    return s;
}

/// The fewest compressed bytes that can hold the stream's claim, from meshoptimizer's codecs
/// (0.18, versions 0 and 1 of their formats): a vertex stream spends at least a 2-bit header
/// per 16 bytes of one byte lane (1 byte per 64 decoded bytes) plus its header byte and tail; a
/// triangle stream one code byte per triangle plus 17; an index sequence one byte per index
/// plus 5. A stream shorter than this cannot decode, so it is refused before its output is
/// allocated (a decompression bomb claims gigabytes from a few bytes).
std::string checkRatio(const Stream& s) {
    uint64_t needed = 0;
    if (s.mode == "ATTRIBUTES")
        needed = 1 + std::max<uint64_t>(s.byteStride, 32) + (s.count * s.byteStride + 63) / 64;
    else if (s.mode == "TRIANGLES")
        needed = 17 + s.count / 3;
    else
        needed = 5 + s.count;
    if (s.byteLength >= needed) return {};
    return str("its ", s.byteLength, " compressed bytes cannot hold the ", s.count, " × ", s.byteStride,
               " bytes it claims (a ", s.mode, " stream of that size needs at least ", needed,
               " bytes); nothing was decoded");
}

/// Decodes one stream into `viewBytes` bytes, or says why it cannot. Every claim of the
/// stream (mode, stride, count) is checked before its output is allocated: a stream that
/// claims far more than its buffer view (a decompression bomb, an absurd byteStride) is
/// refused with the sizes, never a std::bad_alloc.
std::string decode(const Stream& s, const std::vector<unsigned char>& source, uint64_t viewBytes, uint64_t maxBytes,
                   std::vector<unsigned char>& out) {
    if (s.byteOffset > source.size() || s.byteLength > source.size() - s.byteOffset)
        return str("its compressed bytes [", s.byteOffset, ", ", s.byteOffset + s.byteLength,
                   ") lie outside buffer ", s.buffer, " (", source.size(), " bytes)");
    if (s.mode == "ATTRIBUTES") {
        if (s.byteStride == 0 || s.byteStride % 4 != 0 || s.byteStride > 256)
            return str("mode ATTRIBUTES needs a byteStride that is a multiple of 4 up to 256, not ", s.byteStride);
    } else if (s.mode == "TRIANGLES" || s.mode == "INDICES") {
        if (s.byteStride != 2 && s.byteStride != 4)
            return str("mode ", s.mode, " needs a byteStride of 2 or 4, not ", s.byteStride);
        if (s.mode == "TRIANGLES" && s.count % 3 != 0)
            return str("mode TRIANGLES needs a count that is a multiple of 3, not ", s.count);
    } else {
        return str("mode '", s.mode, "' is not ATTRIBUTES, TRIANGLES or INDICES");
    }
    // The stride is at most 256 here, so count × stride cannot overflow for any count that
    // passes the first test.
    if (s.count > viewBytes / s.byteStride || s.count * s.byteStride != viewBytes)
        return str("it claims ", s.count, " × ", s.byteStride, " bytes, but the buffer view is ", viewBytes,
                   " bytes long");
    if (viewBytes > maxBytes)
        return str("it decodes to ", viewBytes, " bytes, more than the limit of ", maxBytes,
                   " bytes per buffer (GltfImportOptions::maxFileBytes)");
    if (std::string problem = checkRatio(s); !problem.empty()) return problem;
    const unsigned char* bytes = source.data() + s.byteOffset;
    const size_t size = size_t(s.byteLength);
    out.assign(size_t(viewBytes), 0);
    int rc = 0;
    if (s.mode == "ATTRIBUTES") {
        rc = meshopt_decodeVertexBuffer(out.data(), size_t(s.count), size_t(s.byteStride), bytes, size);
    } else {
        rc = s.mode == "TRIANGLES"
                 ? meshopt_decodeIndexBuffer(out.data(), size_t(s.count), size_t(s.byteStride), bytes, size)
                 : meshopt_decodeIndexSequence(out.data(), size_t(s.count), size_t(s.byteStride), bytes, size);
    }
    if (rc != 0) return str("the ", s.mode, " stream does not decode (meshoptimizer error ", rc, ")");
    if (s.filter == "NONE") return {};
    if (s.mode != "ATTRIBUTES") return str("filter ", s.filter, " applies only to mode ATTRIBUTES");
    if (s.filter == "OCTAHEDRAL") {
        if (s.byteStride != 4 && s.byteStride != 8) return "filter OCTAHEDRAL needs a byteStride of 4 or 8";
        meshopt_decodeFilterOct(out.data(), size_t(s.count), size_t(s.byteStride));
    } else if (s.filter == "QUATERNION") {
        if (s.byteStride != 8) return "filter QUATERNION needs a byteStride of 8";
        meshopt_decodeFilterQuat(out.data(), size_t(s.count), size_t(s.byteStride));
    } else if (s.filter == "EXPONENTIAL") {
        meshopt_decodeFilterExp(out.data(), size_t(s.count), size_t(s.byteStride));
    } else {
        return str("filter '", s.filter, "' is not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL");
    }
    return {};
}

} // namespace

void decodeGltfMeshoptBufferViews(GltfImportContext& ctx) {
    tinygltf::Model& model = ctx.model;
    const bool required = std::count(model.extensionsRequired.begin(), model.extensionsRequired.end(), kExtension) > 0;
    for (size_t v = 0; v < model.bufferViews.size(); ++v) {
        tinygltf::BufferView& view = model.bufferViews[v];
        const tinygltf::Value* ext = gltfExtension(view.extensions, kExtension);
        if (!ext) continue;
        const std::string pointer = str("/bufferViews/", v, "/extensions/", kExtension);
        const Stream s = readStream(ctx, int(v), *ext);
        std::vector<unsigned char> decoded;
        std::string problem =
            decode(s, model.buffers[size_t(s.buffer)].data, view.byteLength, ctx.options.maxFileBytes, decoded);
        if (!problem.empty()) {
            const bool hasFallback = view.buffer >= 0 && size_t(view.buffer) < model.buffers.size() &&
                                     !ctx.meshoptPlaceholderBuffers.count(view.buffer) &&
                                     view.byteLength > 0 &&
                                     model.buffers[size_t(view.buffer)].data.size() >= view.byteOffset + view.byteLength;
            if (required || !hasFallback)
                throw ctx.error("MESHOPT_DECODE_FAILED", pointer,
                                str("bufferView ", v, ": ", kExtension, ": ", problem,
                                    hasFallback ? "" : "; the file gives no uncompressed fallback"));
            ctx.warn("MESHOPT_DECODE_FAILED", pointer,
                     str("bufferView ", v, ": ", kExtension, ": ", problem, "; the uncompressed fallback in buffer ",
                         view.buffer, " is used"));
            continue;
        }
        tinygltf::Buffer buffer;
        buffer.name = str("bufferView ", v, " decoded");
        buffer.data = std::move(decoded);
        model.buffers.push_back(std::move(buffer));
        view.buffer = int(model.buffers.size() - 1);
        view.byteOffset = 0;
    }
}

} // namespace th
