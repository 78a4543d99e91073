// Scene-file numbers outside what the renderer can use are errors with file, line and key,
// never a black frame (exposure 1e39 overflows a float) or a camera that sees nothing.
#include <doctest/doctest.h>

#include <string>

#include "common/SceneFile.h"
#include "core/Error.h"

using namespace th;

namespace {
std::string errorOf(std::string_view text) {
    try {
        parseSceneFile(text, "values.json");
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}
} // namespace

TEST_CASE("scene-file values out of range name the file, the line and the key") {
    struct Case {
        const char* text;
        const char* expected;
    };
    const Case cases[] = {
        {"{\"kind\": \"gltf\",\n \"exposure\": 1e39}", "values.json:2:14: 'exposure' must be a number in (0, 10000], found 9.99"},
        {"{\"kind\": \"gltf\",\n \"exposure\": -1}", "values.json:2:14: 'exposure' must be a number in (0, 10000]"},
        {"{\"kind\": \"gltf\",\n \"exposure\": 0}", "values.json:2:14: 'exposure' must be a number in (0, 10000]"},
        {"{\"kind\": \"gltf\",\n \"time\": 99}", "values.json:2:10: 'time' must be a number in [0, 24], found 99"},
        {"{\"kind\": \"gltf\",\n \"seconds\": -5}", "'seconds' must be a number in [0, 1e+06]"},
        {"{\"kind\": \"gltf\",\n \"background\": [0, 2, 0]}", "values.json:2:20: 'background' must be a number in [0, 1]"},
        {"{\"kind\": \"gltf\",\n \"camera\": {\"yfov\": 0}}", "values.json:2:21: 'camera.yfov' must be a number in (0, 3.14159)"},
        {"{\"kind\": \"gltf\",\n \"camera\": {\"near\": -1}}", "'camera.near' must be a number in (0, 1e+09]"},
        {"{\"kind\": \"gltf\",\n \"camera\": {\"near\": 2, \"far\": 1}}", "values.json:2:12: 'camera': far (1) must be greater than near (2)"},
        {"{\"kind\": \"gltf\",\n \"camera\": {\"position\": [1, 2, 3], \"target\": [1, 2, 3]}}",
         "values.json:2:12: 'camera': position and target are the same point"},
        {"{\"kind\": \"gltf\",\n \"camera\": {\"up\": [0, 0, 0]}}", "values.json:2:19: 'camera.up' is a zero vector"},
        {"{\"kind\": \"gltf\",\n \"camera\": {\"position\": [1e39, 0, 0]}}", "'camera.position' must be a number in [-1e+09, 1e+09]"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        std::string e = errorOf(c.text);
        CHECK_MESSAGE(e.find(c.expected) != std::string::npos, e);
    }
}

TEST_CASE("checkCamera rejects a camera that cannot make a picture") {
    SourceLocation where{"s.json", 4, 3};
    auto check = [&](glm::vec3 position, glm::vec3 target, glm::vec3 up, float yfov) -> std::string {
        try {
            checkCamera(position, target, up, yfov, 0.1f, 100.0f, where, "camera");
        } catch (const Error& e) {
            return e.what();
        }
        return "(no error)";
    };
    CHECK(check({0, 0, 5}, {0, 0, 0}, {0, 1, 0}, 0.8f) == "(no error)");
    CHECK(check({0, 0, 0}, {0, 0, 0}, {0, 1, 0}, 0.8f).find("s.json:4:3: 'camera': position and target are the same point") == 0);
    CHECK(check({0, 5, 0}, {0, 0, 0}, {0, 1, 0}, 0.8f).find("'up' points along the view direction") != std::string::npos);
    CHECK(check({0, 0, 5}, {0, 0, 0}, {0, 0, 0}, 0.8f).find("'up' is a zero vector") != std::string::npos);
    CHECK(check({0, 0, 5}, {0, 0, 0}, {0, 1, 0}, 0.0f).find("field of view") != std::string::npos);
}
