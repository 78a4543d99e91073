#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/ShaderBuilder.h"
#include "shader/ShaderInterface.h"

using namespace th;
using namespace th::test;

namespace {

std::vector<PluginCode> examplePlugins() {
    return loadPluginList(std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "tests/data/shader/cli/example-plugins.json");
}

ShaderBuildRequest exampleRequest(ShaderStage stage, ShaderLanguage language, const std::vector<PluginCode>& plugins) {
    ShaderBuildRequest r;
    r.source = stage == ShaderStage::Vertex ? "example.vert" : "example.frag";
    r.stage = stage;
    r.language = language;
    r.defines = {{"WIND", "1"}, {"FOG", "1"}};
    r.declaredDefines = {"FOG"};
    r.indexParameters = {{"maxLights", 3}};
    for (const PluginCode& p : plugins) r.plugins.push_back(&p);
    return r;
}

} // namespace

TEST_CASE("ShaderBuilder: the example material builds in both languages and validates") {
    ShaderStore store(std::filesystem::path(TRAILHEAD_SOURCE_DIR) / "shaders");
    std::vector<PluginCode> plugins = examplePlugins();
    ShaderBuilder builder(store);
    for (ShaderLanguage language : {ShaderLanguage::Es300, ShaderLanguage::Glsl330}) {
        for (ShaderStage stage : {ShaderStage::Vertex, ShaderStage::Fragment}) {
            CAPTURE(toString(language));
            CAPTURE(toString(stage));
            ShaderBuildResult r = builder.build(exampleRequest(stage, language, plugins));
            checkLineMap(r.text);
            CHECK(r.diagnostics.empty());
            CHECK(r.timings.pipeline() >= 0);
            CHECK(r.text.text.rfind(language == ShaderLanguage::Es300 ? "#version 300 es\n" : "#version 330 core\n", 0) == 0);
            CHECK(contains(r.text.text, "#define WIND 1"));
            if (stage == ShaderStage::Vertex) {
                CHECK(contains(r.text.text, "void OFFSET_POSITION(inout vec3 positionW) {\n"));
                CHECK(contains(r.text.text, "positionW.x += windStrength"));
            } else {
                CHECK(contains(r.text.text, "lightColor2"));
                CHECK(contains(r.text.text, "finalColor.rgb = mix(fogColor, finalColor.rgb"));
                CHECK(contains(r.text.text, "fragColor = vec4(finalColor.rgb * tintColor, finalColor.a);"));
            }
            ValidatorResult v = validateGlsl(r.text.text, stage == ShaderStage::Vertex ? "vert" : "frag");
            if (!v.available) {
                MESSAGE("glslangValidator not found at configure time: validation skipped");
                continue;
            }
            CHECK_MESSAGE(v.ok, annotate(r.text), "\n", v.log);
        }
    }
}

TEST_CASE("ShaderBuilder: errors carry origins - nothing partial comes back") {
    ShaderStore store = ShaderStore::empty();
    store.add("bad.frag.glsl", "void main() {\n#ifdef A\n}\n");
    ShaderBuilder builder(store);
    ShaderBuildRequest r;
    r.source = "bad.frag";
    auto e = errorOf([&] { builder.build(r); });
    REQUIRE(e);
    CHECK(e->where().toString() == "bad.frag.glsl:2");
    r.source = "missing.frag";
    e = errorOf([&] { builder.build(r); });
    REQUIRE(e);
    CHECK(contains(e->message(), "no shader or include named 'missing.frag'"));
}

TEST_CASE("ShaderBuilder: lint errors can be findings instead of a failure") {
    ShaderStore store = ShaderStore::empty();
    store.add("s.frag.glsl", "#define CUSTOM_X\nvoid main() {}\n");
    PluginCode p = makePlugin("P");
    p.addCode(ShaderStage::Fragment, "CUSTOM_X", "#ifdef NOBODY\nfloat x;\n#endif");
    ShaderBuilder builder(store);
    ShaderBuildRequest r;
    r.source = "s.frag";
    r.plugins = {&p};
    CHECK(errorOf([&] { builder.build(r); }));
    r.lintErrorsThrow = false;
    ShaderBuildResult result = builder.build(r);
    CHECK(hasErrors(result.diagnostics));
    r.lint = false;
    CHECK(builder.build(r).diagnostics.empty());
}

TEST_CASE("ShaderBuilder: annotate prefixes every line with its origin") {
    ShaderStore store = ShaderStore::empty();
    store.add("s.frag.glsl", "void main() {\n    gl_FragColor = vec4(1.0);\n}\n");
    ShaderBuilder builder(store);
    ShaderBuildRequest r;
    r.source = "s.frag";
    r.language = ShaderLanguage::Glsl330;
    ShaderBuildResult result = builder.build(r);
    std::string a = annotate(result.text);
    CHECK(lineAt(a, 0) == "<generated>   | #version 330 core");
    CHECK(contains(a, "s.frag.glsl:2 |     fragColor = vec4(1.0);\n"));
    CHECK(glsl::countLines(a) == result.text.lines.size());
}
