// Includes inside plugin code: expanded by the shader's own include expander before injection,
// with line maps through the included file back to plugin, key and snippet line.
#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/ShaderBuilder.h"

using namespace th;
using namespace th::test;

namespace {

ShaderStore helperStore() {
    ShaderStore store = ShaderStore::empty();
    store.add("main.frag",
              "#version 300 es\n"
              "precision highp float;\n"
              "out vec4 fragColor;\n"
              "#define CUSTOM_FRAGMENT_DEFINITIONS\n"
              "void main() {\n"
              "    vec3 color = vec3(0.5);\n"
              "    vec3 finalColor = color;\n"
              "#define CUSTOM_FRAGMENT_MAIN_END\n"
              "    fragColor = vec4(finalColor, 1.0);\n"
              "}\n",
              "shaders/main.frag");
    store.add("helperFunctions.glsl", "float square(float x) {\n    return x * x;\n}\n", "shaders/helperFunctions.glsl");
    store.add("fogFragment.glsl", "color.rgb = mix(vec3(0.2), color.rgb, 0.5);\n", "shaders/fogFragment.glsl");
    store.add("lightN.glsl", "float light{X} = {X}.0;\n", "shaders/lightN.glsl");
    return store;
}

ShaderBuildResult build(ShaderStore& store, const std::vector<const PluginCode*>& plugins) {
    ShaderBuilder builder(store);
    ShaderBuildRequest r;
    r.source = "main.frag";
    r.plugins = plugins;
    r.language = ShaderLanguage::Es300;
    ShaderBuildResult result = builder.build(r);
    checkLineMap(result.text);
    return result;
}

} // namespace

TEST_CASE("PluginIncludes: a snippet's include is expanded - its function is there and is called") {
    ShaderStore store = helperStore();
    PluginCode p = makePlugin("Helpers");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_DEFINITIONS", "#include<helperFunctions>\n");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN_END", "finalColor.r = square(finalColor.r);\n");
    ShaderBuildResult r = build(store, {&p});
    CHECK(!contains(r.text.text, "#include"));
    size_t fn = findLine(r.text.text, "float square(float x)");
    REQUIRE(fn != SIZE_MAX);
    CHECK(r.text.lines.describe(fn) == "shaders/helperFunctions.glsl:1");
    CHECK(r.text.lines.contextAt(int(fn) + 1) == "plugin 'Helpers' key 'CUSTOM_FRAGMENT_DEFINITIONS' line 1");
    if (auto v = validateGlsl(r.text.text, "frag"); v.available) CHECK_MESSAGE(v.ok, v.log);
}

TEST_CASE("PluginIncludes: parameters, ranges and a trailing comment after the directive") {
    ShaderStore store = helperStore();
    PluginCode p = makePlugin("Fog");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN_END",
              "#include<fogFragment>(color,finalColor) // apply fog (again)\n"
              "#include<lightN>[0..2] /* lights (0, 1) */\n");
    ShaderBuildResult r = build(store, {&p});
    CHECK(contains(r.text.text, "finalColor.rgb = mix(vec3(0.2), finalColor.rgb, 0.5);\n"));
    CHECK(!contains(r.text.text, "again"));
    CHECK(contains(r.text.text, "float light0 = 0.0;\nfloat light1 = 1.0;\n"));
    if (auto v = validateGlsl(r.text.text, "frag"); v.available) CHECK_MESSAGE(v.ok, v.log);
}

TEST_CASE("PluginIncludes: a missing include names plugin, key and line") {
    ShaderStore store = helperStore();
    PluginCode p = makePlugin("Typo");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_DEFINITIONS", "// helpers\n#include<helperFunctons>\n");
    auto e = errorOf([&] { build(store, {&p}); });
    REQUIRE(e);
    CHECK(e->where().file == "plugin 'Typo' key 'CUSTOM_FRAGMENT_DEFINITIONS'");
    CHECK(e->where().line == 2);
    CHECK_MESSAGE(contains(e->message(), "plugin 'Typo' fragment key 'CUSTOM_FRAGMENT_DEFINITIONS'"), e->message());
    CHECK(contains(e->message(), "helperFunctons"));
}
