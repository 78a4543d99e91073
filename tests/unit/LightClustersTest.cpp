// Light cluster binning on the CPU: the lists are conservative (every light that reaches a
// point is listed in that point's cluster, at any depth the camera sees), spot lights are
// culled by their cone, and the texel layout is what shaders/pbr/lights.glsl reads.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include <glm/gtc/matrix_transform.hpp>

#include "render/LightClusters.h"

using namespace th;

namespace {

constexpr float kPi = 3.14159265f;

ClusterView testView(float nearPlane = 0.1f, float farPlane = 200.0f) {
    return {glm::perspective(glm::radians(45.0f), 16.0f / 9.0f, nearPlane, farPlane), nearPlane, farPlane};
}

ClusterLight pointLight(glm::vec3 position, float range, uint32_t index) {
    ClusterLight l;
    l.position = position;
    l.range = range;
    l.index = index;
    return l;
}

ClusterLight spotLight(glm::vec3 position, glm::vec3 direction, float angle, float range, uint32_t index) {
    ClusterLight l;
    l.position = position;
    l.direction = glm::normalize(direction);
    l.outerConeAngle = angle;
    l.range = range;
    l.spot = true;
    l.index = index;
    return l;
}

bool reaches(const ClusterLight& l, const glm::vec3& p) {
    glm::vec3 d = p - l.position;
    float distance = glm::length(d);
    if (l.range > 0.0f && distance > l.range) return false;
    if (!l.spot || distance < 1e-6f) return true;
    return glm::dot(d / distance, l.direction) >= std::cos(l.outerConeAngle);
}

bool listed(const LightClusters& clusters, int cluster, uint32_t index) {
    auto list = clusters.lights(cluster);
    return std::find(list.begin(), list.end(), index) != list.end();
}

/// A random view-space point inside the frustum at a depth in [minDepth, maxDepth].
glm::vec3 randomVisiblePoint(std::mt19937& rng, const ClusterView& view, float minDepth, float maxDepth) {
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_real_distribution<float> t(0.0f, 1.0f);
    float depth = minDepth * std::pow(maxDepth / minDepth, t(rng));
    float x = unit(rng) * 0.999f, y = unit(rng) * 0.999f;
    return {depth * x / view.projection[0][0], depth * y / view.projection[1][1], -depth};
}

} // namespace

TEST_CASE("LightClusters: a point light is listed in the cluster around it and not far away") {
    LightClusters clusters;
    ClusterView view = testView();
    // A second light far off spreads the sliced range from 18 m to 82 m.
    std::vector<ClusterLight> lights = {pointLight({0, 0, -20}, 2.0f, 7), pointLight({30, 0, -80}, 2.0f, 8)};
    clusters.build(lights, view);
    int here = clusters.clusterForViewPosition({0, 0, -20});
    CHECK(listed(clusters, here, 7));
    CHECK(clusters.lights(here).size() == 1);
    CHECK_FALSE(listed(clusters, clusters.clusterForViewPosition({0, 0, -60}), 7));
    CHECK_FALSE(listed(clusters, clusters.clusterForViewPosition({15, 0, -20}), 7));
    CHECK(clusters.stats().lightsBinned == 2);
    CHECK(clusters.stats().droppedEntries == 0);
}

TEST_CASE("LightClusters: every light that reaches a visible point is listed in its cluster") {
    // The property the shader relies on, over random lights (points and spots of every
    // angle, some partly behind the camera, some beyond the far plane, some unlimited) and
    // random points at every depth the camera sees, including past the sliced range.
    std::mt19937 rng(12345);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    ClusterView view = testView(0.1f, 150.0f);
    std::vector<ClusterLight> lights;
    for (uint32_t i = 0; i < 300; ++i) {
        glm::vec3 p(u(rng) * 60.0f, u(rng) * 30.0f, -(u(rng) * 0.5f + 0.5f) * 170.0f + 10.0f);
        float range = i % 50 == 0 ? 0.0f : 1.0f + (u(rng) * 0.5f + 0.5f) * 15.0f;
        if (i % 2 == 0) lights.push_back(pointLight(p, range, i));
        else
            lights.push_back(spotLight(p, {u(rng), u(rng), u(rng) + 0.01f}, (u(rng) * 0.5f + 0.5f) * 1.55f + 0.01f, range, i));
    }
    LightClusters clusters;
    clusters.build(lights, view);
    CHECK(clusters.stats().droppedEntries == 0);
    int checked = 0, missing = 0;
    for (int n = 0; n < 20000; ++n) {
        glm::vec3 p = randomVisiblePoint(rng, view, view.nearPlane, view.farPlane);
        int c = clusters.clusterForViewPosition(p);
        for (const ClusterLight& l : lights) {
            if (!reaches(l, p)) continue;
            ++checked;
            if (!listed(clusters, c, l.index)) ++missing;
        }
    }
    MESSAGE(checked, " point-light pairs checked, ", clusters.stats().entries, " entries, max ", clusters.stats().maxPerCluster,
            " per cluster");
    CHECK(checked > 1000);
    CHECK(missing == 0);
}

TEST_CASE("LightClusters: fragments and lights past the sliced range fall in the last slice and stay lit") {
    // The slicing ends at 40 m (farDepth) while the camera sees to 1000 m: a light at 600 m
    // and a fragment at 900 m still meet in the (clamped) last slice; so do a light just
    // beyond the far plane and a fragment just inside it.
    ClusterSettings settings;
    settings.farDepth = 40.0f;
    LightClusters clusters(settings);
    ClusterView view = testView(0.1f, 1000.0f);
    std::vector<ClusterLight> lights = {pointLight({0, 0, -600}, 350.0f, 0), pointLight({5, 0, -1010}, 30.0f, 1),
                                        pointLight({0, 0, -10}, 3.0f, 2)};
    clusters.build(lights, view);
    CHECK(clusters.depthFar() == doctest::Approx(40.0f));
    int last = clusters.settings().slices - 1;
    CHECK(clusters.sliceForDepth(39.9f) == last);
    CHECK(clusters.sliceForDepth(900.0f) == last);
    CHECK(clusters.sliceForDepth(1e6f) == last);
    CHECK(clusters.sliceForDepth(0.01f) == 0);
    CHECK(clusters.sliceForDepth(-1.0f) == 0);
    CHECK(listed(clusters, clusters.clusterForViewPosition({0, 0, -900}), 0));
    CHECK(listed(clusters, clusters.clusterForViewPosition({0, 0, -300}), 0));
    CHECK(listed(clusters, clusters.clusterForViewPosition({5, 0, -995}), 1));
    CHECK(listed(clusters, clusters.clusterForViewPosition({0, 0, -10}), 2));
    CHECK_FALSE(listed(clusters, clusters.clusterForViewPosition({0, 0, -10}), 1));
}

TEST_CASE("LightClusters: the sliced range follows the lights inside the camera's planes") {
    LightClusters clusters;
    ClusterView view = testView(0.1f, 1000.0f);
    std::vector<ClusterLight> lights = {pointLight({0, 0, -30}, 5.0f, 0), pointLight({0, 0, -60}, 5.0f, 1)};
    clusters.build(lights, view);
    CHECK(clusters.depthNear() == doctest::Approx(25.0f));
    CHECK(clusters.depthFar() == doctest::Approx(65.0f));
    // Slices grow geometrically between them.
    CHECK(clusters.sliceForDepth(25.5f) == 0);
    CHECK(clusters.sliceForDepth(64.5f) == clusters.settings().slices - 1);
    CHECK(clusters.sliceForDepth(40.0f) < clusters.sliceForDepth(50.0f));
    // An unlimited light opens the range up to the camera's far plane.
    lights.push_back(pointLight({0, 0, -5}, 0.0f, 2));
    clusters.build(lights, view);
    CHECK(clusters.depthFar() == doctest::Approx(1000.0f));
    CHECK(clusters.depthNear() == doctest::Approx(1.0f)); // minSliceNear
}

TEST_CASE("LightClusters: a spot light is culled by its cone, not just its range sphere") {
    // A spot 6 m above a floor pointing down with a 45° half angle (the light-stress spots),
    // seen by the light-stress camera.
    ClusterView view = testView(0.1f, 100.0f);
    glm::mat4 cameraView = glm::lookAt(glm::vec3(0, 30, -34), glm::vec3(0, 0, 1), glm::vec3(0, 1, 0));
    glm::vec3 apex(cameraView * glm::vec4(0, 6, 0, 1));
    glm::vec3 down = glm::mat3(cameraView) * glm::vec3(0, -1, 0);
    std::vector<ClusterLight> lights = {spotLight(apex, down, kPi / 4, 8.5f, 0)};
    auto at = [&](glm::vec3 world) { return glm::vec3(cameraView * glm::vec4(world, 1.0f)); };

    SUBCASE("fewer entries than the bounding sphere alone") {
        ClusterSettings sphereOnly;
        sphereOnly.coneTest = false;
        LightClusters loose(sphereOnly), tight;
        loose.build(lights, view);
        tight.build(lights, view);
        MESSAGE("entries: bounding sphere only ", loose.stats().entries, ", with cone test ", tight.stats().entries);
        CHECK(tight.stats().entries < loose.stats().entries);
        CHECK(listed(tight, tight.clusterForViewPosition(at({0, 0, 0})), 0));
        CHECK_FALSE(listed(tight, tight.clusterForViewPosition(at({14, 0, 0})), 0));
    }
    SUBCASE("clusters beside the apex, inside the light's bounding sphere, are left out") {
        // Small clusters, so the test is about the cone and not about cluster size.
        ClusterSettings fine;
        fine.tilesX = 64;
        fine.tilesY = 36;
        fine.slices = 64;
        ClusterSettings fineSphereOnly = fine;
        fineSphereOnly.coneTest = false;
        LightClusters tight(fine), loose(fineSphereOnly);
        tight.build(lights, view);
        loose.build(lights, view);
        glm::vec3 beside = at({3, 5, 0}); // 72° off the axis, 1.4 m from the cone's surface
        CHECK(listed(loose, loose.clusterForViewPosition(beside), 0));
        CHECK_FALSE(listed(tight, tight.clusterForViewPosition(beside), 0));
        // Under the light and at the rim of its footprint: listed.
        CHECK(listed(tight, tight.clusterForViewPosition(at({0, 0, 0})), 0));
        CHECK(listed(tight, tight.clusterForViewPosition(at({5.8f, 0, 0})), 0));
        CHECK(listed(tight, tight.clusterForViewPosition(at({0, 0, -5.8f})), 0));
    }
}

TEST_CASE("LightClusters: lights behind the camera or past the far plane are not binned") {
    LightClusters clusters;
    ClusterView view = testView(0.1f, 100.0f);
    std::vector<ClusterLight> lights = {pointLight({0, 0, 10}, 5.0f, 0), pointLight({0, 0, -200}, 50.0f, 1),
                                        spotLight({0, 0, 5}, {0, 0, 1}, 0.3f, 4.0f, 2)};
    clusters.build(lights, view);
    CHECK(clusters.stats().lightsBinned == 0);
    CHECK(clusters.stats().entries == 0);
}

TEST_CASE("LightClusters: a full cluster keeps the lights given first and counts the rest") {
    ClusterSettings settings;
    settings.maxLightsPerCluster = 4;
    LightClusters clusters(settings);
    std::vector<ClusterLight> lights;
    for (uint32_t i = 0; i < 10; ++i) lights.push_back(pointLight({0.01f * float(i), 0, -20}, 1.0f, 100 + i));
    clusters.build(lights, testView());
    auto list = clusters.lights(clusters.clusterForViewPosition({0, 0, -20}));
    REQUIRE(list.size() == 4);
    CHECK(list[0] == 100);
    CHECK(list[3] == 103);
    CHECK(clusters.stats().droppedEntries > 0);
    CHECK(clusters.stats().maxPerCluster == 4);
}

namespace {
/// Records as the light data packs them, 16 words a light, each word naming its light and place.
std::vector<uint32_t> fakeRecords(uint32_t lights) {
    std::vector<uint32_t> words(size_t(lights) * 16);
    for (size_t i = 0; i < words.size(); ++i) words[i] = uint32_t((i / 16) << 8 | (i % 16));
    return words;
}
} // namespace

TEST_CASE("LightClusters: texels hold a header per cluster and each listed light's record, copied") {
    LightClusters clusters;
    std::vector<ClusterLight> lights;
    for (uint32_t i = 0; i < 6; ++i) lights.push_back(pointLight({0, 0, -20}, 1.0f, 40 + i));
    clusters.build(lights, testView());
    std::vector<uint32_t> records = fakeRecords(64);
    clusters.writeTexels({records, 16, 3, 2});
    const std::vector<uint32_t>& texels = clusters.texels();
    REQUIRE(texels.size() % (LightClusters::kTextureWidth * 4) == 0);
    CHECK(clusters.textureRows() == int(texels.size() / 4 / LightClusters::kTextureWidth));
    int c = clusters.clusterForViewPosition({0, 0, -20});
    uint32_t first = texels[size_t(c) * 4], count = texels[size_t(c) * 4 + 1];
    CHECK(count == 6);
    CHECK(first >= uint32_t(clusters.clusterCount()));
    // Two texels (eight words) a light: light 40 + i's words 0 to 7.
    for (uint32_t i = 0; i < count; ++i)
        for (uint32_t w = 0; w < 8; ++w) CHECK(texels[size_t(first + 2 * i) * 4 + w] == ((40 + i) << 8 | w));
    // Every header's records are where lights() says, back to back, and the rest is zeros.
    size_t end = size_t(clusters.clusterCount());
    for (int k = 0; k < clusters.clusterCount(); ++k) {
        auto list = clusters.lights(k);
        REQUIRE(texels[size_t(k) * 4 + 1] == list.size());
        size_t at = texels[size_t(k) * 4];
        if (!list.empty()) CHECK(at == end);
        for (size_t i = 0; i < list.size(); ++i) CHECK(texels[(at + 2 * i) * 4] == (list[i] << 8));
        end = std::max(end, at + 2 * list.size());
    }
    CHECK(std::all_of(texels.begin() + std::ptrdiff_t(end * 4), texels.end(), [](uint32_t w) { return w == 0u; }));
    // Three texels a light where the frame tests masks; a light index past the records reads zeros.
    lights.push_back(pointLight({0, 0, -20}, 1.0f, 500));
    clusters.build(lights, testView());
    clusters.writeTexels({records, 16, 3, 3});
    first = clusters.texels()[size_t(c) * 4];
    REQUIRE(clusters.texels()[size_t(c) * 4 + 1] == 7);
    CHECK(clusters.texels()[size_t(first + 3) * 4 + 8] == (41u << 8 | 8u));
    for (uint32_t w = 0; w < 12; ++w) CHECK(clusters.texels()[size_t(first + 18) * 4 + w] == 0u);
}

TEST_CASE("LightClusters: each header holds the union of its lights' masks, and a mask change rebins") {
    LightClusters clusters;
    std::vector<ClusterLight> lights = {pointLight({0, 0, -20}, 1.0f, 0), pointLight({0.5f, 0, -20}, 1.0f, 1),
                                        pointLight({0, 0, -60}, 1.0f, 2)};
    lights[0].mask = 0b0001;
    lights[1].mask = 0b0100;
    lights[2].mask = 0b1000;
    clusters.build(lights, testView());
    std::vector<uint32_t> records = fakeRecords(3);
    clusters.writeTexels({records, 16, 3, 2});
    int near = clusters.clusterForViewPosition({0, 0, -20}), far = clusters.clusterForViewPosition({0, 0, -60});
    REQUIRE(near != far);
    CHECK(clusters.lightMask(near) == 0b0101u);
    CHECK(clusters.texels()[size_t(near) * 4 + 3] == 0b0101u);
    CHECK(clusters.lightMask(far) == 0b1000u);
    int empty = clusters.clusterForViewPosition({30, 20, -200});
    CHECK(clusters.lights(empty).empty());
    CHECK(clusters.texels()[size_t(empty) * 4 + 3] == 0u); // no light: no draw enters the list
    // Only a mask changed: the lists must be rebuilt (their unions are part of the output).
    lights[2].mask = 0b0010;
    CHECK(clusters.build(lights, testView()));
    CHECK(clusters.lightMask(far) == 0b0010u);
}

TEST_CASE("LightClusters: nothing moved, nothing rebuilt") {
    LightClusters clusters;
    std::vector<ClusterLight> lights = {pointLight({0, 0, -20}, 3.0f, 0)};
    CHECK(clusters.build(lights, testView()));
    CHECK_FALSE(clusters.build(lights, testView()));
    CHECK(clusters.stats().skipped);
    CHECK(clusters.lights(clusters.clusterForViewPosition({0, 0, -20})).size() == 1);
    lights[0].position.x += 0.5f;
    CHECK(clusters.build(lights, testView()));
    CHECK_FALSE(clusters.stats().skipped);
}

TEST_CASE("LightClusters: shadowed lights lead each list, with three texels of their records") {
    LightClusters clusters;
    std::vector<ClusterLight> lights;
    for (uint32_t i = 0; i < 7; ++i) {
        ClusterLight l = pointLight({0, 0, -20}, 1.0f, 10 + i);
        l.shadowed = i == 2 || i == 5; // given in importance order, shadowed ones among them
        lights.push_back(l);
    }
    clusters.build(lights, testView());
    int c = clusters.clusterForViewPosition({0, 0, -20});
    auto list = clusters.lights(c);
    REQUIRE(list.size() == 7);
    CHECK(clusters.shadowedCount(c) == 2);
    CHECK(list[0] == 12);
    CHECK(list[1] == 15);
    CHECK(list[2] == 10);
    CHECK(list[6] == 16);
    std::vector<uint32_t> records = fakeRecords(32);
    clusters.writeTexels({records, 16, 3, 2});
    const std::vector<uint32_t>& texels = clusters.texels();
    uint32_t first = texels[size_t(c) * 4];
    CHECK(texels[size_t(c) * 4 + 1] == 7);
    CHECK(texels[size_t(c) * 4 + 2] == 2);
    // The two shadowed lights' three texels each, then the five others' two each.
    for (uint32_t w = 0; w < 12; ++w) CHECK(texels[size_t(first) * 4 + w] == (12u << 8 | w));
    for (uint32_t w = 0; w < 12; ++w) CHECK(texels[size_t(first + 3) * 4 + w] == (15u << 8 | w));
    for (uint32_t i = 0; i < 5; ++i)
        for (uint32_t w = 0; w < 8; ++w) CHECK(texels[size_t(first + 6 + 2 * i) * 4 + w] == (list[2 + i] << 8 | w));
}
