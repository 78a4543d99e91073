#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/Migrator.h"

using namespace th;
using namespace th::test;

namespace {

ShaderText migrate(std::string_view text, ShaderStage stage, ShaderLanguage language = ShaderLanguage::Es300) {
    ShaderText out = Migrator::migrate(ShaderText::fromSource("in.glsl", text), stage, language);
    checkLineMap(out);
    return out;
}

/// The output without its prologue (everything from the first non-generated line).
std::string body(const ShaderText& t) {
    size_t line = 0;
    while (line < t.lines.size() && t.lines[line].source == 0) ++line;
    size_t pos = 0;
    for (size_t i = 0; i < line; ++i) pos = t.text.find('\n', pos) + 1;
    return t.text.substr(pos);
}

const char* kVertexEs1 =
    "#version 100\n"
    "attribute vec3 position;\n"
    "attribute vec2 uv; // an attribute\n"
    "varying vec2 vUV;\n"
    "uniform sampler2D heightMap;\n"
    "uniform mat4 viewProjection;\n"
    "void main() {\n"
    "    vUV = uv;\n"
    "    float h = texture2DLod(heightMap, uv, 0.0).r;\n"
    "    gl_Position = viewProjection * vec4(position + vec3(0.0, h, 0.0), 1.0);\n"
    "}\n";

const char* kFragmentEs1 =
    "#extension GL_OES_standard_derivatives : enable\n"
    "precision mediump float;\n"
    "varying vec2 vUV;\n"
    "uniform sampler2D albedo;\n"
    "uniform samplerCube environment;\n"
    "uniform sampler2DArray layers; // no precision here: the prologue's default covers it\n"
    "float myattribute = 1.0; /* varying texture2D */\n"
    "void main() {\n"
    "    vec4 a = texture2D(albedo, vUV);\n"
    "    vec4 e = textureCube(environment, vec3(vUV, 1.0));\n"
    "    vec4 l = texture(layers, vec3(vUV, 2.0));\n"
    "    gl_FragColor = a * e * l * myattribute + vec4(dFdx(vUV.x));\n"
    "}\n";

} // namespace

TEST_CASE("Migrator: vertex stage, ES 3.00") {
    ShaderText out = migrate(kVertexEs1, ShaderStage::Vertex);
    CHECK(out.text.rfind("#version 300 es\nprecision highp float;\nprecision highp int;\n", 0) == 0);
    CHECK(contains(out.text, "precision highp sampler2DArray;\n"));
    CHECK(!contains(out.text, "#version 100"));
    std::string b = body(out);
    CHECK(b.rfind("in vec3 position;\nin vec2 uv; // an attribute\nout vec2 vUV;\n", 0) == 0);
    CHECK(contains(b, "textureLod(heightMap, uv, 0.0)"));
    CHECK(!contains(out.text, "fragColor"));
    // Origins: prologue generated, body lines keep theirs (the dropped #version shifts nothing).
    CHECK(out.lines.describe(0) == "<generated>");
    size_t position = findLine(out.text, "in vec3 position;");
    CHECK(out.lines.describe(position) == "in.glsl:2");
}

TEST_CASE("Migrator: fragment stage, token-aware, comments untouched") {
    ShaderText out = migrate(kFragmentEs1, ShaderStage::Fragment);
    CHECK(contains(out.text, "layout(location = 0) out vec4 fragColor;\n"));
    CHECK(!contains(out.text, "GL_OES_standard_derivatives")); // core in ES 3.00
    std::string b = body(out);
    CHECK(contains(b, "in vec2 vUV;"));
    CHECK(contains(b, "float myattribute = 1.0; /* varying texture2D */"));
    CHECK(contains(b, "texture(albedo, vUV)"));
    CHECK(contains(b, "texture(environment, vec3(vUV, 1.0))"));
    CHECK(contains(b, "fragColor = a * e"));
    CHECK(contains(b, "uniform sampler2DArray layers; // no precision here"));
}

TEST_CASE("Migrator: GLSL 3.30 core has no precision prologue") {
    ShaderText out = migrate(kFragmentEs1, ShaderStage::Fragment, ShaderLanguage::Glsl330);
    CHECK(out.text.rfind("#version 330 core\nlayout(location = 0) out vec4 fragColor;\n", 0) == 0);
    CHECK(!contains(out.text, "precision highp int;"));
}

TEST_CASE("Migrator: gl_FragData outputs, extensions hoisted, defines migrated") {
    const char* text =
        "#define SAMPLE(t, uv) texture2D(t, uv)\n"
        "uniform sampler2D s;\n"
        "#extension GL_EXT_custom_thing : enable\n"
        "void main() {\n"
        "    gl_FragData[0] = SAMPLE(s, vec2(0.0));\n"
        "    gl_FragData [2] = vec4(1.0);\n"
        "    gl_FragDepthEXT = 0.5;\n"
        "}\n";
    ShaderText out = migrate(text, ShaderStage::Fragment);
    CHECK(out.text.rfind("#version 300 es\n#extension GL_EXT_custom_thing : enable\nprecision highp float;\n", 0) == 0);
    CHECK(out.lines.describe(1) == "in.glsl:3");
    CHECK(contains(out.text, "layout(location = 0) out vec4 fragColor;\nlayout(location = 2) out vec4 fragData2;\n"));
    CHECK(contains(out.text, "#define SAMPLE(t, uv) texture(t, uv)"));
    CHECK(contains(out.text, "    fragColor = SAMPLE(s, vec2(0.0));"));
    CHECK(contains(out.text, "    fragData2 = vec4(1.0);"));
    CHECK(contains(out.text, "    gl_FragDepth = 0.5;"));

    auto e = errorOf([] { migrate("void main() {\n    gl_FragData[i] = vec4(1.0);\n}\n", ShaderStage::Fragment); });
    REQUIRE(e);
    CHECK(e->where().toString() == "in.glsl:2");
}

TEST_CASE("Migrator: GL_OES_sample_variables becomes GL_ARB_sample_shading in GLSL 3.30, and stays on ES") {
    const char* text =
        "out vec4 c;\n"
        "#extension GL_OES_sample_variables : require\n"
        "void main() {\n"
        "    gl_SampleMask[0] = 5;\n"
        "    c = vec4(1.0);\n"
        "}\n";
    ShaderText es = migrate(text, ShaderStage::Fragment, ShaderLanguage::Es300);
    CHECK(es.text.rfind("#version 300 es\n#extension GL_OES_sample_variables : require\n", 0) == 0);
    ShaderText gl = migrate(text, ShaderStage::Fragment, ShaderLanguage::Glsl330);
    CHECK(gl.text.rfind("#version 330 core\n#extension GL_ARB_sample_shading : require\n", 0) == 0);
    CHECK(gl.lines.describe(1) == "in.glsl:2");
    CHECK_FALSE(contains(gl.text, "GL_OES_sample_variables"));
    CHECK(contains(gl.text, "gl_SampleMask[0] = 5;"));
    // An extension whose name only starts like the twin's is left alone.
    ShaderText other = migrate("#extension GL_OES_sample_variables_more : enable\nvoid main() {}\n", ShaderStage::Fragment,
                               ShaderLanguage::Glsl330);
    CHECK(contains(other.text, "#extension GL_OES_sample_variables_more : enable\n"));
    ValidatorResult v = validateGlsl(gl.text, "frag");
    if (v.available) {
        INFO(v.log);
        CHECK(v.ok);
    }
}

TEST_CASE("Migrator: output validates with glslangValidator in both languages") {
    for (ShaderLanguage language : {ShaderLanguage::Es300, ShaderLanguage::Glsl330}) {
        CAPTURE(toString(language));
        for (auto [text, stage, name] : {std::tuple{kVertexEs1, ShaderStage::Vertex, "vert"},
                                         std::tuple{kFragmentEs1, ShaderStage::Fragment, "frag"}}) {
            ShaderText out = migrate(text, stage, language);
            ValidatorResult r = validateGlsl(out.text, name);
            if (!r.available) {
                MESSAGE("glslangValidator not found at configure time: validation skipped");
                return;
            }
            CHECK_MESSAGE(r.ok, out.text, "\n", r.log);
        }
    }
}

TEST_CASE("Migrator: a sampler2DArray without the prologue's precision fails on ES 3.00") {
    // Pins the reason for the prologue: the same shader without it is rejected.
    const char* text = "#version 300 es\nprecision highp float;\nuniform sampler2DArray layers;\nout vec4 c;\n"
                       "void main() { c = texture(layers, vec3(0.0)); }\n";
    ValidatorResult raw = validateGlsl(text, "frag");
    if (!raw.available) {
        MESSAGE("glslangValidator not found at configure time: check skipped");
        return;
    }
    CHECK(!raw.ok);
    ValidatorResult migrated = validateGlsl(migrate(text, ShaderStage::Fragment).text, "frag");
    CHECK_MESSAGE(migrated.ok, migrated.log);
}
