#include "assets/DracoStreamClaim.h"

#include <cstring>
#include <vector>

#include "core/Str.h"

namespace th {

namespace {

/// Reads the stream front to back; every read fails, rather than reads past the end, on a
/// truncated stream.
struct Reader {
    std::string_view bytes;
    size_t at = 0;

    bool u8(uint8_t& out) {
        if (at >= bytes.size()) return false;
        out = uint8_t(bytes[at++]);
        return true;
    }
    bool u16(uint16_t& out) { // little-endian, as libdraco reads it on every platform it builds for
        uint8_t lo = 0, hi = 0;
        if (!u8(lo) || !u8(hi)) return false;
        out = uint16_t(lo | (hi << 8));
        return true;
    }
    bool u32(uint32_t& out) {
        out = 0;
        for (int i = 0; i < 4; ++i) {
            uint8_t b = 0;
            if (!u8(b)) return false;
            out |= uint32_t(b) << (8 * i);
        }
        return true;
    }
    /// libdraco's unsigned 32-bit varint: seven bits a byte, lowest first, at most five bytes,
    /// bits past the 32nd dropped as its shifts drop them.
    bool varint(uint32_t& out) {
        out = 0;
        for (int i = 0; i < 5; ++i) {
            uint8_t b = 0;
            if (!u8(b)) return false;
            out |= uint32_t(b & 0x7f) << (7 * i);
            if (!(b & 0x80)) return true;
        }
        return false;
    }
    bool skip(uint64_t n) {
        if (n > bytes.size() - at) return false;
        at += size_t(n);
        return true;
    }
    /// A metadata name: one length byte, then the bytes.
    bool name() {
        uint8_t length = 0;
        return u8(length) && skip(length);
    }
};

/// Skips one metadata element and its sub-elements (iteratively, as libdraco decodes them, so
/// a deep nesting cannot exhaust the stack): entries of a name and a value, then named children.
bool skipMetadata(Reader& r) {
    uint64_t pending = 1; // elements still to read; a child is a name followed by an element
    bool first = true;
    while (pending > 0) {
        --pending;
        if (!first && !r.name()) return false;
        first = false;
        uint32_t entries = 0;
        if (!r.varint(entries)) return false;
        for (uint32_t i = 0; i < entries; ++i) {
            uint32_t size = 0;
            if (!r.name() || !r.varint(size) || size == 0 || !r.skip(size)) return false;
        }
        uint32_t children = 0;
        if (!r.varint(children) || children > r.bytes.size() - r.at) return false;
        pending += children;
    }
    return true;
}

bool skipGeometryMetadata(Reader& r) {
    uint32_t attributes = 0;
    if (!r.varint(attributes)) return false;
    for (uint32_t i = 0; i < attributes; ++i) {
        uint32_t id = 0;
        if (!r.varint(id) || !skipMetadata(r)) return false;
    }
    return skipMetadata(r);
}

} // namespace

DracoMeshClaim readDracoMeshClaim(std::string_view stream) {
    DracoMeshClaim claim;
    Reader r{stream};
    auto truncated = [&](const char* what) {
        claim.problem = str("the stream ends inside its ", what, " (", stream.size(), " bytes)");
        return claim;
    };
    if (stream.size() < 5 || std::memcmp(stream.data(), "DRACO", 5) != 0) {
        claim.problem = "it does not start with the Draco magic 'DRACO'";
        return claim;
    }
    r.at = 5;
    uint8_t major = 0, minor = 0, type = 0, method = 0;
    uint16_t flags = 0;
    if (!r.u8(major) || !r.u8(minor) || !r.u8(type) || !r.u8(method) || !r.u16(flags)) return truncated("header");
    claim.versionMajor = major;
    claim.versionMinor = minor;
    const int version = major * 256 + minor;
    if (type != 1) {
        claim.problem = type == 0 ? "it encodes a point cloud, not a triangle mesh"
                                  : str("its geometry type ", int(type), " is not a triangle mesh (1)");
        return claim;
    }
    if (major < 1 || major > 2 || (major == 2 && minor > 2)) {
        claim.problem = str("its bitstream version ", int(major), ".", int(minor), " is not one libdraco reads (1.0 to 2.2)");
        return claim;
    }
    constexpr uint16_t kMetadataFlag = 0x8000;
    if (version >= 0x0103 && (flags & kMetadataFlag) && !skipGeometryMetadata(r)) {
        claim.problem = str("its metadata is cut short or claims more than the stream's ", stream.size(), " bytes");
        return claim;
    }
    // Counts are 32-bit before version 2.0 (and the sequential ones before 2.2), varints after.
    auto count = [&](uint32_t& out, int varintSince) { return version < varintSince ? r.u32(out) : r.varint(out); };
    uint32_t faces = 0, vertices = 0;
    if (method == 0) {
        if (!count(faces, 0x0202) || !count(vertices, 0x0202)) return truncated("connectivity header");
    } else if (method == 1) {
        claim.edgebreaker = true;
        uint8_t traversal = 0;
        if (!r.u8(traversal)) return truncated("connectivity header");
        if (version < 0x0202) {
            uint32_t newVertices = 0;
            if (!count(newVertices, 0x0200)) return truncated("connectivity header");
        }
        if (!count(vertices, 0x0200) || !count(faces, 0x0200)) return truncated("connectivity header");
    } else {
        claim.problem = str("its encoding method ", int(method), " is neither sequential (0) nor edgebreaker (1)");
        return claim;
    }
    claim.faces = faces;
    claim.vertices = vertices;
    return claim;
}

} // namespace th
