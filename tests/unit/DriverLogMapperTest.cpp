#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/DriverLogMapper.h"

using namespace th;

namespace {

LineMap sampleMap() {
    LineMap map;
    uint32_t pbr = map.addSource("shaders/pbr/pbr.frag.glsl");
    uint32_t terrain = map.addSource("plugins/terrain/terrain.frag.glsl");
    for (uint32_t i = 1; i <= 41; ++i) map.push({pbr, i + 100});
    map.push({terrain, 42}); // output line 42
    return map;
}

} // namespace

TEST_CASE("DriverLogMapper: the driver log formats map to origins") {
    LineMap map = sampleMap();
    struct Case {
        const char* driver;
        const char* in;
        const char* out;
    } cases[] = {
        {"Mesa", "0:42(12): error: `terrainRough' undeclared", "plugins/terrain/terrain.frag.glsl:42: error: `terrainRough' undeclared"},
        {"NVIDIA", "0(42) : error C1008: undefined variable \"terrainRough\"",
         "plugins/terrain/terrain.frag.glsl:42: error C1008: undefined variable \"terrainRough\""},
        {"glslang", "ERROR: 0:42: 'terrainRough' : undeclared identifier",
         "plugins/terrain/terrain.frag.glsl:42: error: 'terrainRough' : undeclared identifier"},
        {"ANGLE warning", "WARNING: 0:3: 'x' : unused", "shaders/pbr/pbr.frag.glsl:103: warning: 'x' : unused"},
        {"unknown", "ERROR: 1 compilation errors.  No code generated.", "ERROR: 1 compilation errors.  No code generated."},
        {"out of range", "0:999(1): error: x", "<generated>:999: error: x"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.driver);
        CHECK(DriverLogMapper::map(c.in, map) == std::string(c.out));
    }
}

TEST_CASE("DriverLogMapper: whole logs and diagnostics") {
    LineMap map = sampleMap();
    std::string log = "ERROR: 0:42: 'terrainRough' : undeclared identifier\nERROR: 0:1: '' : syntax error\n"
                      "ERROR: 2 compilation errors.  No code generated.\n";
    CHECK(DriverLogMapper::map(log, map) ==
          "plugins/terrain/terrain.frag.glsl:42: error: 'terrainRough' : undeclared identifier\n"
          "shaders/pbr/pbr.frag.glsl:101: error: '' : syntax error\n"
          "ERROR: 2 compilation errors.  No code generated.\n");
    auto diagnostics = DriverLogMapper::parse(log, map);
    REQUIRE(diagnostics.size() == 2);
    CHECK((diagnostics[0].severity == Severity::Error));
    CHECK(diagnostics[0].where.toString() == "plugins/terrain/terrain.frag.glsl:42");
    CHECK(diagnostics[0].message == "'terrainRough' : undeclared identifier");
}

TEST_CASE("DriverLogMapper: a link log's quoted identifiers are traced to each stage's declaration") {
    ShaderText vertex = ShaderText::fromSource("shaders/pbr/pbr.vert.glsl", "#version 300 es\nout vec2 vUv0;\nvoid main() {\n    vUv0 = vec2(0.0);\n}\n");
    ShaderText tint = ShaderText::fromSource("plugins/tint/tint.frag.glsl", "in vec3 vTint;\n", "plugin 'Tint' key 'CUSTOM_FRAGMENT_DEFINITIONS'");
    ShaderText fragment = ShaderText::fromSource("shaders/pbr/pbr.frag.glsl", "#version 300 es\nin vec2 vUv0;\n");
    fragment.text += tint.text;
    fragment.lines.append(tint.lines);
    std::string mesa = "error: fragment shader input `vTint' has no matching output in the previous stage\n";
    CHECK(DriverLogMapper::mapLink(mesa, vertex, fragment) ==
          "error: fragment shader input `vTint' has no matching output in the previous stage\n"
          "  [vTint: vertex: not declared; fragment: plugins/tint/tint.frag.glsl:1 (plugin 'Tint' key 'CUSTOM_FRAGMENT_DEFINITIONS')]");
    // NVIDIA-style quotes, an identifier both stages declare (a use inside main does not count),
    // and a line that quotes nothing either stage declares passes through.
    std::string nvidia = "error: varying \"vUv0\" type mismatch\nerror: 'main' : something\n";
    CHECK(DriverLogMapper::mapLink(nvidia, vertex, fragment) ==
          "error: varying \"vUv0\" type mismatch\n"
          "  [vUv0: vertex: shaders/pbr/pbr.vert.glsl:2; fragment: shaders/pbr/pbr.frag.glsl:2]\n"
          "error: 'main' : something\n"
          "  [main: vertex: shaders/pbr/pbr.vert.glsl:3; fragment: not declared]");
}
