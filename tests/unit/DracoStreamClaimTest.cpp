// readDracoMeshClaim: the face and vertex counts a Draco stream claims, read without decoding
// it, from streams libdraco's own encoder wrote (sequential and edgebreaker, with and without
// metadata) and from hand-made headers of the older bitstream versions; a truncated or foreign
// stream gives a reason, never a read past its end.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include <draco/compression/encode.h>
#include <draco/point_cloud/point_cloud.h>

#include "support/GltfCompressedFiles.h"

#include "assets/DracoStreamClaim.h"

using namespace th;
using namespace th::test;

namespace {

std::string_view view(const std::vector<unsigned char>& bytes) {
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

std::string header(int major, int minor, int method) {
    std::string h = "DRACO";
    h += char(major);
    h += char(minor);
    h += char(1); // triangle mesh
    h += char(method);
    h += std::string(2, '\0'); // flags
    return h;
}

void appendU32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out += char((v >> (8 * i)) & 0xff);
}

} // namespace

TEST_CASE("Draco claim: the encoder's sequential stream states the mesh's faces and points") {
    const TestMesh m = testMesh();
    for (bool metadata : {false, true}) {
        CAPTURE(metadata);
        const DracoMeshClaim c = readDracoMeshClaim(view(dracoStream(m, 14, 10, {.metadata = metadata})));
        REQUIRE(c.problem.empty());
        CHECK_FALSE(c.edgebreaker);
        CHECK(c.faces == m.indices.size() / 3);
        CHECK(c.vertices == m.positions.size());
        CHECK(c.versionMajor == 2);
        CHECK(c.versionMinor == 2);
    }
}

TEST_CASE("Draco claim: the encoder's edgebreaker stream states its faces and at most its points") {
    const TestMesh m = testMesh();
    for (bool metadata : {false, true}) {
        CAPTURE(metadata);
        const DracoMeshClaim c =
            readDracoMeshClaim(view(dracoStream(m, 14, 10, {.edgebreaker = true, .metadata = metadata})));
        REQUIRE(c.problem.empty());
        CHECK(c.edgebreaker);
        CHECK(c.faces == m.indices.size() / 3);
        CHECK(c.vertices > 0);
        CHECK(c.vertices <= m.positions.size());
    }
}

TEST_CASE("Draco claim: older bitstreams write 32-bit counts") {
    SUBCASE("sequential 2.1") {
        std::string s = header(2, 1, 0);
        appendU32(s, 5000000);
        appendU32(s, 70000);
        const DracoMeshClaim c = readDracoMeshClaim(s);
        REQUIRE(c.problem.empty());
        CHECK(c.faces == 5000000);
        CHECK(c.vertices == 70000);
    }
    SUBCASE("edgebreaker 1.2: the traversal type, new vertices, encoded vertices, faces") {
        std::string s = header(1, 2, 1);
        s += char(0);
        appendU32(s, 7);
        appendU32(s, 300);
        appendU32(s, 0x55555554);
        const DracoMeshClaim c = readDracoMeshClaim(s);
        REQUIRE(c.problem.empty());
        CHECK(c.edgebreaker);
        CHECK(c.vertices == 300);
        CHECK(c.faces == 0x55555554);
    }
    SUBCASE("edgebreaker 2.2 varints: a billion faces in five bytes") {
        std::string s = header(2, 2, 1);
        s += char(0);
        s += "\x03";                 // 3 vertices
        s += "\x80\x94\xeb\xdc\x03"; // 1,000,000,000
        const DracoMeshClaim c = readDracoMeshClaim(s);
        REQUIRE(c.problem.empty());
        CHECK(c.faces == 1000000000);
    }
}

TEST_CASE("Draco claim bad input: truncated, foreign, a point cloud, an unknown version or method") {
    const TestMesh m = testMesh();
    const std::vector<unsigned char> full = dracoStream(m, 14, 10, {.edgebreaker = true, .metadata = true});
    SUBCASE("every prefix shorter than the counts is refused with a reason, never read past") {
        const DracoMeshClaim whole = readDracoMeshClaim(view(full));
        REQUIRE(whole.problem.empty());
        size_t firstReadable = full.size();
        for (size_t n = 0; n < full.size(); ++n)
            if (readDracoMeshClaim(view(full).substr(0, n)).problem.empty()) {
                firstReadable = n;
                break;
            }
        CHECK(firstReadable > 11); // past the header, the metadata and the counts
        for (size_t n = 0; n < firstReadable; ++n) CHECK_FALSE(readDracoMeshClaim(view(full).substr(0, n)).problem.empty());
        CHECK(readDracoMeshClaim(view(full).substr(0, 8)).problem.find("ends inside its header") != std::string::npos);
    }
    SUBCASE("not Draco") {
        CHECK(readDracoMeshClaim("DRACX\x02\x02\x01\x01\0\0").problem.find("magic") != std::string::npos);
        CHECK_FALSE(readDracoMeshClaim("").problem.empty());
    }
    SUBCASE("a point cloud") {
        draco::PointCloud cloud;
        cloud.set_num_points(3);
        draco::GeometryAttribute ga;
        ga.Init(draco::GeometryAttribute::POSITION, nullptr, 3, draco::DT_FLOAT32, false, 12, 0);
        const int id = cloud.AddAttribute(ga, true, 3);
        const float p[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        for (uint32_t i = 0; i < 3; ++i) cloud.attribute(id)->SetAttributeValue(draco::AttributeValueIndex(i), p[i]);
        draco::Encoder encoder;
        draco::EncoderBuffer out;
        REQUIRE(encoder.EncodePointCloudToBuffer(cloud, &out).ok());
        CHECK(readDracoMeshClaim(std::string_view(out.data(), out.size())).problem.find("point cloud") !=
              std::string::npos);
    }
    SUBCASE("version 3.0 and method 2") {
        CHECK(readDracoMeshClaim(header(3, 0, 0) + std::string(8, '\0')).problem.find("version 3.0") !=
              std::string::npos);
        CHECK(readDracoMeshClaim(header(2, 2, 2) + std::string(8, '\0')).problem.find("method 2") !=
              std::string::npos);
    }
    SUBCASE("a varint of more than five bytes") {
        std::string s = header(2, 2, 0) + std::string(6, '\x80');
        CHECK_FALSE(readDracoMeshClaim(s).problem.empty());
    }
    SUBCASE("metadata that claims more children than it has bytes") {
        std::string s = header(2, 2, 0);
        s[9] = '\0';
        s[10] = char(0x80);     // flags 0x8000: metadata
        s += '\0';              // no attribute metadata
        s += '\0';              // no entries
        s += "\xff\xff\xff\x0f"; // 33 million children
        CHECK(readDracoMeshClaim(s).problem.find("metadata") != std::string::npos);
    }
}
