#pragma once
// A triangle mesh encoded with libdraco's own encoder, for the compression tests and the
// fuzzers' seeds (no test framework here: th_fuzz_make_seeds uses it too).
#include <cstdint>
#include <memory>
#include <vector>

#include <draco/compression/encode.h>
#include <draco/mesh/mesh.h>
#include <draco/metadata/geometry_metadata.h>
#include <glm/glm.hpp>

namespace th::test {

struct DracoEncoding {
    bool edgebreaker = false; ///< else sequential: points and faces in the order given, so indices compare
    bool metadata = false;    ///< a file entry, an attribute entry and a nested element
    int positionBits = 14, normalBits = 10;
};

/// Positions and (when not empty) normals as attributes 0 and 1, and the triangles. Empty when
/// the encoder fails.
inline std::vector<unsigned char> encodeDraco(const std::vector<glm::vec3>& positions,
                                              const std::vector<glm::vec3>& normals,
                                              const std::vector<uint32_t>& indices, const DracoEncoding& how) {
    draco::Mesh mesh;
    const uint32_t n = uint32_t(positions.size());
    mesh.set_num_points(n);
    auto add = [&](draco::GeometryAttribute::Type type, const std::vector<glm::vec3>& values) {
        draco::GeometryAttribute ga;
        ga.Init(type, nullptr, 3, draco::DT_FLOAT32, false, 12, 0);
        const int id = mesh.AddAttribute(ga, true, n);
        for (uint32_t i = 0; i < n; ++i) mesh.attribute(id)->SetAttributeValue(draco::AttributeValueIndex(i), &values[i]);
        return id;
    };
    const int position = add(draco::GeometryAttribute::POSITION, positions);
    if (!normals.empty()) add(draco::GeometryAttribute::NORMAL, normals);
    if (how.metadata) {
        auto file = std::make_unique<draco::GeometryMetadata>();
        file->AddEntryString("name", "ball");
        auto nested = std::make_unique<draco::Metadata>();
        nested->AddEntryInt("level", 2);
        file->AddSubMetadata("nested", std::move(nested));
        auto attribute = std::make_unique<draco::AttributeMetadata>();
        attribute->AddEntryString("semantic", "POSITION");
        mesh.AddMetadata(std::move(file));
        mesh.AddAttributeMetadata(position, std::move(attribute));
    }
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        mesh.AddFace({draco::PointIndex(indices[t]), draco::PointIndex(indices[t + 1]), draco::PointIndex(indices[t + 2])});
    draco::Encoder encoder;
    encoder.SetAttributeQuantization(draco::GeometryAttribute::POSITION, how.positionBits);
    encoder.SetAttributeQuantization(draco::GeometryAttribute::NORMAL, how.normalBits);
    encoder.SetEncodingMethod(how.edgebreaker ? draco::MESH_EDGEBREAKER_ENCODING : draco::MESH_SEQUENTIAL_ENCODING);
    draco::EncoderBuffer out;
    if (!encoder.EncodeMeshToBuffer(mesh, &out).ok()) return {};
    return std::vector<unsigned char>(out.data(), out.data() + out.size());
}

} // namespace th::test
