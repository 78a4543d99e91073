// Scene-file numbers outside what the renderer can use are errors with file, line and key,
// never a black frame (exposure 1e39 overflows a float) or a camera that sees nothing.
#include <doctest/doctest.h>

#include <string>

#include "common/SceneFile.h"
#include "core/Error.h"
#include "core/Json.h"
#include "core/Str.h"

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
        {"{\"kind\": \"gltf\",\n \"ev100\": 25}", "values.json:2:11: 'ev100' must be a number in [-10, 20], found 25"},
        {"{\"kind\": \"gltf\",\n \"ev100\": \"bright\"}", "values.json:2:11: 'ev100'"},
        {"{\"kind\": \"gltf\",\n \"toneMapping\": \"filmic\"}",
         "values.json:2:17: 'toneMapping': unknown tone mapping 'filmic'; expected none, aces, neutral, agx or agx-punchy"},
        {"{\"kind\": \"gltf\",\n \"physicalCamera\": {\"aperture\": -2}}", "values.json:2:33: 'physicalCamera.aperture' must be a number in [0.5, 128]"},
        {"{\"kind\": \"gltf\",\n \"physicalCamera\": {\"shutter\": 0}}", "'physicalCamera.shutter' must be a number in (0, 3600]"},
        {"{\"kind\": \"gltf\",\n \"physicalCamera\": {\"aperture\": 128, \"shutter\": 0.0001, \"iso\": 1}}",
         "values.json:2:20: 'physicalCamera': f/128, 0.0001 s, ISO 1 make EV100 33.93"},
        {"{\"kind\": \"gltf\",\n \"physicalCamera\": {\"iso\": 100}, \"ev100\": 3}", "values.json:2:20: 'physicalCamera' and 'ev100' both set"},
        {"{\"kind\": \"gltf\",\n \"physicalCamera\": {\"fstop\": 8}}", "values.json:2:21: unknown key 'physicalCamera.fstop'"},
        {"{\"kind\": \"gltf\",\n \"msaa\": 3}", "values.json:2:10: 'msaa' must be 1 (off), 2, 4, 8 or 16 samples, found 3"},
        {"{\"kind\": \"gltf\",\n \"msaa\": 32}", "values.json:2:10: 'msaa'"},
        {"{\"kind\": \"gltf\",\n \"bloom\": {\"strength\": -0.1}}", "values.json:2:24: 'bloom.strength' must be a number in [0, 1]"},
        {"{\"kind\": \"gltf\",\n \"bloom\": 0.5}", "values.json:2:11: 'bloom' must be true, false or"},
        {"{\"kind\": \"gltf\",\n \"fxaa\": \"yes\"}", "values.json:2:10: 'fxaa'"},
        {"{\"kind\": \"gltf\",\n \"ambientOcclusion\": {\"radius\": -1}}",
         "values.json:2:33: 'ambientOcclusion.radius' must be a number in (0, 100], found -1"},
        {"{\"kind\": \"gltf\",\n \"ambientOcclusion\": {\"strength\": 9}}",
         "values.json:2:35: 'ambientOcclusion.strength' must be a number in (0, 4], found 9"},
        {"{\"kind\": \"gltf\",\n \"ambientOcclusion\": {\"radus\": 2}}", "values.json:2:23: unknown key 'ambientOcclusion.radus'"},
        {"{\"kind\": \"gltf\",\n \"ambientOcclusion\": 1}", "values.json:2:22: 'ambientOcclusion' must be true, false or"},
        {"{\"kind\": \"gltf\",\n \"shadows\": {\"filter\": \"soft\"}}",
         "values.json:2:24: unknown shadows.filter 'soft'; expected pcf or poisson"},
        {"{\"kind\": \"gltf\",\n \"shadows\": {\"filterRadius\": -1}}",
         "values.json:2:30: 'shadows.filterRadius' must be a number in (0, 8], found -1"},
        {"{\"kind\": \"gltf\",\n \"shadows\": {\"cascadeBlend\": 2}}",
         "values.json:2:30: 'shadows.cascadeBlend' must be a number in [0, 0.5], found 2"},
        {"{\"kind\": \"gltf\",\n \"shadows\": {\"filtr\": \"pcf\"}}", "values.json:2:14: unknown key 'shadows.filtr'"},
        {"{\"kind\": \"gltf\",\n \"shadows\": 1}", "values.json:2:13: 'shadows' must be true, false or"},
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

TEST_CASE("every scene-file key refuses every bad value with the file, the line and the key") {
    // Each key as the path to it (nested objects for the settings that take one) and the bad
    // values every key is given: a wrong type, JSON's non-numbers, overflow, a huge and a
    // negative number, an empty string, trailing garbage, null, and the wrong shape.
    const char* keys[] = {"exposure", "ev100", "msaa", "time", "seconds", "toneMapping", "weather", "quality",
                          "fxaa", "sun", "ibl", "fog", "background", "bloom.strength", "bloom.radius", "bloom.enabled",
                          "ambientOcclusion.strength", "ambientOcclusion.radius", "ambientOcclusion.enabled",
                          "shadows.filter", "shadows.filterRadius", "shadows.cascadeBlend", "shadows.enabled",
                          "physicalCamera.aperture", "physicalCamera.shutter", "physicalCamera.iso", "camera.yfov",
                          "camera.near", "camera.far", "camera.position", "camera.target", "camera.up", "params"};
    const char* values[] = {"\"abc\"", "\"\"", "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "-1e9", "1e30",
                            "1x", "2 3", "null", "[]", "[1]", "[1, 2, \"x\"]", "{}", "[1e400, 0, 0]", "\"1\""};
    for (const char* key : keys) {
        std::string k = key;
        size_t dot = k.find('.');
        for (const char* value : values) {
            if (k == "params" && std::string(value) == "{}") continue; // an empty params object is valid
            std::string entry = dot == std::string::npos
                                    ? str("\"", k, "\": ", value)
                                    : str("\"", k.substr(0, dot), "\": {\"", k.substr(dot + 1), "\": ", value, "}");
            std::string text = str("{\"kind\": \"gltf\",\n ", entry, "}");
            CAPTURE(text);
            std::string e = errorOf(text);
            CHECK_MESSAGE(e.find("values.json:2:") != std::string::npos, e);
            // A value JSON cannot parse is a syntax error at its line; any other names its key.
            bool syntax = false;
            try {
                json::parse(text, "values.json");
            } catch (const Error&) {
                syntax = true;
            }
            CHECK_MESSAGE((syntax || e.find(k) != std::string::npos), e);
        }
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

TEST_CASE("a physical camera's aperture, shutter and ISO make its EV100, and the exposure scale follows it") {
    SceneFile f = parseSceneFile("{\"kind\": \"gltf\", \"physicalCamera\": {\"aperture\": 16, \"shutter\": 0.008, \"iso\": 100}}",
                                 "camera.json");
    REQUIRE(f.ev100.has_value());
    // Sunny 16: f/16 at 1/125 s, ISO 100 is log2(256 · 125) = 14.97.
    CHECK(double(*f.ev100) == doctest::Approx(14.966).epsilon(1e-3));
    PostSettings post;
    post.exposure = 2.0f;
    post.ev100 = 0.0f;
    CHECK(double(post.exposureScale()) == doctest::Approx(2.0 / 1.2));
    post.ev100.reset();
    CHECK(double(post.exposureScale()) == doctest::Approx(2.0));
    CHECK(double(exposureFromEv100(-0.263f)) == doctest::Approx(1.0).epsilon(1e-3));
}
