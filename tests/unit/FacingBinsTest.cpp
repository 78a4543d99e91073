// Facing bins: every triangle that faces an eye is in the list of the eye's bin (checked in
// double precision for eyes all around, at the bins' edges, near the horizon and straight up
// and down, on the forest tree and on a soup of triangles facing every way); a far eye drops
// close to half a closed mesh; a near or non-finite eye, and a degenerate triangle, keep all.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <set>

#include "assets/ProceduralMeshes.h"
#include "render/FacingBins.h"

using namespace th;

namespace {

/// Whether GL would draw the counter-clockwise triangle (a, b, c) seen from `eye`, in double.
bool facesEye(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& eye) {
    glm::dvec3 n = glm::cross(glm::dvec3(b) - glm::dvec3(a), glm::dvec3(c) - glm::dvec3(a));
    return glm::dot(n, glm::dvec3(eye) - glm::dvec3(a)) > 0.0;
}

/// The triangles (by first index position) in a list.
std::set<std::array<uint32_t, 3>> trianglesOf(const std::vector<uint32_t>& list) {
    std::set<std::array<uint32_t, 3>> out;
    for (size_t i = 0; i + 2 < list.size(); i += 3) out.insert({list[i], list[i + 1], list[i + 2]});
    return out;
}

/// Checks that every triangle facing `eye` is in its bin's list; returns how many it holds.
size_t checkEye(FacingBins& bins, const std::vector<glm::vec3>& positions, const std::vector<uint32_t>& indices,
                const glm::vec3& eye) {
    int bin = bins.binOf(eye);
    auto kept = trianglesOf(bins.indices(bin));
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        std::array<uint32_t, 3> tri{indices[t], indices[t + 1], indices[t + 2]};
        if (facesEye(positions[tri[0]], positions[tri[1]], positions[tri[2]], eye))
            REQUIRE_MESSAGE(kept.count(tri) == 1, "triangle ", t / 3, " faces the eye (", eye.x, ", ", eye.y, ", ", eye.z,
                            ") but bin ", bin, " leaves it out");
    }
    return kept.size();
}

glm::vec3 direction(float azimuthDegrees, float elevationDegrees) {
    float a = glm::radians(azimuthDegrees), e = glm::radians(elevationDegrees);
    return {std::cos(e) * std::cos(a), std::sin(e), std::cos(e) * std::sin(a)};
}

} // namespace

TEST_CASE("facing bins: every triangle that faces an eye on the tree is in the eye's bin, all around") {
    MeshData tree = makeTree();
    FacingBins bins(tree.positions, tree.indices);
    REQUIRE(bins.triangleCount() == 480);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    size_t eyes = 0;
    for (int i = 0; i < 3000; ++i) {
        float azimuth = 360.0f * unit(random) - 180.0f;
        // Half the eyes near the horizon, where the bands are thin, the rest anywhere.
        float elevation = i % 2 ? 6.0f * unit(random) - 3.0f : glm::degrees(std::asin(2.0f * unit(random) - 1.0f));
        float distance = bins.minDistance() * (1.0f + 50.0f * unit(random) * unit(random));
        checkEye(bins, tree.positions, tree.indices, direction(azimuth, elevation) * distance);
        ++eyes;
    }
    // On the bins' edges (azimuth sectors of 11.25°, the band edges) and at the poles.
    for (int s = 0; s <= FacingBins::kSectors; ++s)
        for (float e : FacingBins::kBandEdges) {
            float azimuth = -180.0f + 360.0f * float(s) / float(FacingBins::kSectors);
            for (float nudge : {-1e-4f, 0.0f, 1e-4f}) {
                checkEye(bins, tree.positions, tree.indices, direction(azimuth + nudge, std::clamp(e + nudge, -90.0f, 90.0f)) * bins.minDistance());
                ++eyes;
            }
        }
    CHECK(eyes > 3000);
}

TEST_CASE("facing bins: a soup of triangles facing every way, seen from everywhere") {
    std::mt19937 random(11);
    std::uniform_real_distribution<float> coord(-1.0f, 1.0f);
    std::vector<glm::vec3> positions;
    std::vector<uint32_t> indices;
    for (uint32_t t = 0; t < 400; ++t) {
        for (int k = 0; k < 3; ++k) positions.push_back({coord(random), coord(random) + 0.5f, coord(random)});
        indices.insert(indices.end(), {3 * t, 3 * t + 1, 3 * t + 2});
    }
    FacingBins bins(positions, indices);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    size_t kept = 0;
    const int eyes = 2000;
    for (int i = 0; i < eyes; ++i) {
        glm::vec3 d = direction(360.0f * unit(random) - 180.0f, glm::degrees(std::asin(2.0f * unit(random) - 1.0f)));
        kept += checkEye(bins, positions, indices, d * bins.minDistance() * (1.0f + 10.0f * unit(random)));
    }
    // About half of randomly facing triangles face any one eye; the bins keep some more.
    double share = double(kept) / double(eyes) / 400.0;
    CHECK(share > 0.45);
    CHECK(share < 0.75);
}

TEST_CASE("facing bins: a far eye near the horizon draws a little over half of the tree") {
    MeshData tree = makeTree();
    FacingBins bins(tree.positions, tree.indices);
    for (float azimuth : {-170.0f, -45.0f, 0.0f, 33.0f, 120.0f}) {
        // The forest-stress camera: 30 m up, a kilometre away, so about 1.7° above.
        size_t kept = checkEye(bins, tree.positions, tree.indices, direction(azimuth, 1.7f) * 1000.0f);
        // 480 triangles; about 230 face a far side view (the crown's underside faces away too).
        CHECK(kept <= 290);
        CHECK(kept >= 200);
    }
}

TEST_CASE("facing bins: a near, non-finite or zero eye gets every triangle, and so does a degenerate one") {
    MeshData tree = makeTree();
    FacingBins bins(tree.positions, tree.indices);
    CHECK(bins.binOf(glm::vec3(0.0f)) == FacingBins::kAll);
    CHECK(bins.binOf(direction(10.0f, 5.0f) * (bins.minDistance() * 0.99f)) == FacingBins::kAll);
    CHECK(bins.binOf(glm::vec3(NAN, 1.0f, 0.0f)) == FacingBins::kAll);
    CHECK(bins.binOf(glm::vec3(INFINITY, 0.0f, 0.0f)) == FacingBins::kAll);
    CHECK(bins.indices(FacingBins::kAll).size() == tree.indices.size());

    // A line-shaped triangle and a point-shaped one stay in every bin.
    std::vector<glm::vec3> positions = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}};
    std::vector<uint32_t> indices = {0, 1, 2, 3, 4, 5};
    FacingBins degenerate(positions, indices);
    for (int bin = 0; bin < FacingBins::kBins; ++bin) CHECK(degenerate.indices(bin).size() == 6);
}
