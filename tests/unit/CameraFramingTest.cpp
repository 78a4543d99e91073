// Framing bounds a float depth range cannot hold (positions of ±1e38 in a glTF file) is
// refused: the camera keeps finite planes instead of "near -nan, far inf".
#include <doctest/doctest.h>

#include <cmath>

#include "scene/Camera.h"

using namespace th;

TEST_CASE("framing refuses bounds a float depth range cannot hold and keeps finite planes") {
    Camera camera;
    Bounds huge;
    huge.add(glm::vec3(-1e38f));
    huge.add(glm::vec3(1e38f));
    CHECK_FALSE(camera.frame(huge));
    CHECK_FALSE(camera.fitDepthRange(huge));
    CHECK(std::isfinite(camera.nearPlane));
    CHECK(std::isfinite(camera.farPlane));
    CHECK(camera.nearPlane < camera.farPlane);
}

TEST_CASE("framing an ordinary model gives finite planes around it") {
    Camera camera;
    Bounds box;
    box.add(glm::vec3(-1.0f));
    box.add(glm::vec3(1.0f));
    REQUIRE(camera.frame(box));
    float distance = glm::length(camera.position - camera.target);
    CHECK(camera.nearPlane > 0.0f);
    CHECK(camera.nearPlane < distance - 1.7f);
    CHECK(camera.farPlane > distance + 1.7f);
}
