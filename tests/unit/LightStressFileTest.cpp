// assets/scenes/light-stress.json is the standard many-lights scene other renderers build
// from its text, and LightStressScene builds from LightStressFigures: the two must say the
// same thing, or the comparison the file exists for compares different scenes.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "common/scenes/LightStressFigures.h"
#include "core/Files.h"
#include "core/Json.h"

using namespace th;

namespace {

const json::Value& at(const json::Value& v, std::string_view key) {
    const json::Value* found = v.find(key);
    REQUIRE_MESSAGE(found != nullptr, "light-stress.json has no key '", std::string(key), "'");
    return *found;
}

float number(const json::Value& v, std::string_view key) { return float(at(v, key).asNumber(key)); }

glm::vec3 vec3(const json::Value& v, std::string_view key) {
    const auto& a = at(v, key).asArray(key);
    REQUIRE(a.size() == 3);
    return {float(a[0].asNumber()), float(a[1].asNumber()), float(a[2].asNumber())};
}

} // namespace

TEST_CASE("light-stress.json describes the scene LightStressScene builds") {
    using F = LightStressFigures;
    json::Value file = json::parse(readFile(std::string(TRAILHEAD_SOURCE_DIR) + "/assets/scenes/light-stress.json"), "light-stress.json");

    const json::Value& floor = at(file, "floor");
    const auto& size = at(floor, "size").asArray();
    REQUIRE(size.size() == 2);
    CHECK(float(size[0].asNumber()) == F::kFloorSize);
    CHECK(float(size[1].asNumber()) == F::kFloorSize);
    CHECK(vec3(floor, "baseColor") == glm::vec3(F::kFloorGrey));
    CHECK(number(floor, "metallic") == 0.0f);
    CHECK(number(floor, "roughness") == F::kFloorRoughness);

    const json::Value& spheres = at(file, "spheres");
    const auto& grid = at(spheres, "grid").asArray();
    REQUIRE(grid.size() == 2);
    CHECK(grid[0].asInt() == F::kSphereGrid);
    CHECK(grid[1].asInt() == F::kSphereGrid);
    CHECK(number(spheres, "spacing") == F::kSphereSpacing);
    CHECK(number(spheres, "diameter") == F::kSphereDiameter);
    CHECK(at(spheres, "segments").asInt() == F::kSphereSegments);
    CHECK(at(spheres, "rings").asInt() == F::kSphereRings);
    CHECK(vec3(spheres, "baseColor") == glm::vec3(F::kSphereGrey));

    const json::Value& lights = at(file, "lights");
    CHECK(at(lights, "type").asString() == "spot");
    CHECK(number(lights, "height") == F::kLightHeight);
    CHECK(vec3(lights, "direction") == glm::vec3(0, -1, 0));
    CHECK(number(lights, "coneAngle") == doctest::Approx(F::kConeAngle));
    CHECK(number(lights, "outerConeAngle") == doctest::Approx(F::kConeAngle / 2));
    CHECK(number(lights, "innerConeAngle") == 0.0f);
    CHECK(number(lights, "range") == F::kRange);
    CHECK(number(lights, "intensity") == F::kIntensity);
    const auto& colors = at(lights, "colors").asArray();
    REQUIRE(colors.size() == F::kColors.size());
    for (size_t i = 0; i < colors.size(); ++i) {
        const auto& c = colors[i].asArray();
        REQUIRE(c.size() == 3);
        CHECK(glm::vec3(float(c[0].asNumber()), float(c[1].asNumber()), float(c[2].asNumber())) == F::kColors[i]);
    }
    CHECK_FALSE(at(lights, "castShadows").asBool());

    const json::Value& camera = at(file, "camera");
    CHECK(vec3(camera, "position") == F::kCameraPosition);
    CHECK(vec3(camera, "target") == F::kCameraTarget);
    CHECK(number(camera, "yfov") == doctest::Approx(F::kCameraYfov));
    CHECK(number(camera, "near") == F::kCameraNear);
    CHECK(number(camera, "far") == F::kCameraFar);

    const auto& resolution = at(file, "resolution").asArray();
    REQUIRE(resolution.size() == 2);
    CHECK(resolution[0].asInt() == F::kWidth);
    CHECK(resolution[1].asInt() == F::kHeight);
    CHECK(at(file, "toneMapping").asString() == "khronos-pbr-neutral");
    CHECK_FALSE(at(file, "sun").asBool());
    CHECK_FALSE(at(file, "ibl").asBool());
    CHECK_FALSE(at(file, "shadows").asBool());
}
