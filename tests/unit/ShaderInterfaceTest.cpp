#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/ShaderInterface.h"

using namespace th;

TEST_CASE("ShaderInterface: global samplers and uniform blocks") {
    const char* text =
        "#define NUM_LAYERS 4\n"
        "#define LAYERS NUM_LAYERS\n"
        "uniform highp sampler2DArray terrainMaps;\n"
        "uniform sampler2D albedo, normalMap; // two\n"
        "uniform sampler2D shadowMaps[LAYERS];\n"
        "uniform samplerCube env[2];\n"
        "/* uniform sampler2D commented; */\n"
        "layout(std140) uniform Scene {\n"
        "    mat4 viewProjection;\n"
        "};\n"
        "uniform Material { vec4 color; } material;\n"
        "uniform vec3 notASampler;\n"
        "void main() {\n"
        "    { uniform sampler2D notGlobal; }\n"
        "}\n";
    ShaderInterface i = ShaderInterface::scan(ShaderText::fromSource("s", text));
    REQUIRE(i.samplers.size() == 5);
    CHECK(i.samplers[0].name == "terrainMaps");
    CHECK(i.samplers[0].type == "sampler2DArray");
    CHECK(i.samplers[1].name == "albedo");
    CHECK(i.samplers[2].name == "normalMap");
    CHECK(i.samplers[3].arraySize == 4);
    CHECK(i.samplers[4].arraySize == 2);
    CHECK(i.samplers[4].where.toString() == "s:6");
    CHECK(i.textureUnits() == 1 + 2 + 4 + 2);
    REQUIRE(i.uniformBlocks.size() == 2);
    CHECK(i.uniformBlocks[0].name == "Scene");
    CHECK(i.uniformBlocks[1].name == "Material");
}
