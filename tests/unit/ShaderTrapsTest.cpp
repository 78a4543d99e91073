// One test per trap in ../shared/reference/babylon-material-plugins-hooks-and-traps.txt that
// applies to a string pipeline: each shows the trap cannot happen here, or is reported with a
// message naming plugin, key and line.
#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/ShaderBuilder.h"

using namespace th;
using namespace th::test;

namespace {

ShaderStore trapStore() {
    ShaderStore store = ShaderStore::empty();
    store.add("trap.frag.glsl",
              "precision highp float;\n"                       // 1
              "varying vec2 vUV;\n"                            // 2
              "uniform vec4 vFogColor;\n"                      // 3
              "#define CUSTOM_FRAGMENT_DEFINITIONS\n"          // 4
              "void main() {\n"                                // 5
              "    vec4 finalColor = vec4(vUV, 0.0, 1.0);\n"   // 6
              "    float aggShadow = 1.0;\n"                   // 7
              "    float numLights = 2.0;\n"                   // 8
              "#ifndef UNLIT\n"                                // 9
              "#include<finalLit>\n"                           // 10
              "#endif\n"                                       // 11
              "    float fog = 0.5;\n"                         // 12
              "#include<fogFragment>(color,finalColor)\n"      // 13
              "#define CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR\n"     // 14
              "    gl_FragColor = finalColor;\n"               // 15
              "}\n");
    store.add("finalLit.glsl", "    aggShadow = aggShadow / numLights;\n    finalColor.rgb *= aggShadow;\n");
    store.add("fogFragment.glsl", "    color.rgb = mix(vFogColor.rgb, color.rgb, fog);\n");
    return store;
}

ShaderBuildResult build(const ShaderStore& store, std::vector<const PluginCode*> plugins, ShaderDefines defines = {},
                        std::vector<std::string> declared = {"UNLIT"}) {
    ShaderBuilder builder(store);
    ShaderBuildRequest r;
    r.source = "trap.frag";
    r.stage = ShaderStage::Fragment;
    r.plugins = std::move(plugins);
    r.defines = std::move(defines);
    r.declaredDefines = std::move(declared);
    ShaderBuildResult out = builder.build(r);
    checkLineMap(out.text);
    return out;
}

} // namespace

TEST_CASE("Trap: a gate on an undeclared define is an error, not code that silently compiles out") {
    ShaderStore store = trapStore();
    PluginCode wind = makePlugin("Wind");
    wind.defines.push_back({"WIND", std::nullopt});
    wind.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR", "#ifdef WIND_ON\nfinalColor.rgb *= 0.9;\n#endif");
    auto e = errorOf([&] { build(store, {&wind}); });
    REQUIRE(e);
    CHECK(e->where().toString() == "plugin 'Wind' key 'CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR':1");
    CHECK(contains(e->message(), "plugin 'Wind' key 'CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR' line 1: '#ifdef WIND_ON' gates on WIND_ON"));
    // The declared gate works both ways.
    PluginCode fixed = makePlugin("Wind");
    fixed.defines.push_back({"WIND", std::nullopt});
    fixed.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR", "#ifdef WIND\nfinalColor.rgb *= 0.9;\n#endif");
    CHECK(!contains(build(store, {&fixed}).text.text, "*= 0.9"));
    CHECK(contains(build(store, {&fixed}, {{"WIND", "1"}}).text.text, "finalColor.rgb *= 0.9;"));
}

TEST_CASE("Trap: a regex aimed at an #include line matches nothing, and says why") {
    ShaderStore store = trapStore();
    PluginCode band = makePlugin("Banding");
    band.addCode(ShaderStage::Fragment, "!#include<finalLit>", "#include<finalLit>\n    aggShadow = floor(aggShadow);");
    auto e = errorOf([&] { build(store, {&band}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'Banding' fragment key '!#include<finalLit>' matches nothing in trap.frag.glsl"));
    CHECK(contains(e->message(), "#include lines are already replaced by the include's text"));
    // Aiming at the include's first statement works, as the notes advise.
    PluginCode fixed = makePlugin("Banding");
    fixed.addCode(ShaderStage::Fragment, "!aggShadow = aggShadow / numLights;", "aggShadow = floor(aggShadow / numLights * 4.0) / 4.0;");
    ShaderBuildResult r = build(store, {&fixed});
    size_t line = findLine(r.text.text, "floor(aggShadow / numLights");
    REQUIRE(line != SIZE_MAX);
    CHECK(r.text.lines.describe(line) == "plugin 'Banding' key '!aggShadow = aggShadow / numLights;':1");
}

TEST_CASE("Trap: include parameters are already substituted when a regex runs") {
    ShaderStore store = trapStore();
    PluginCode raw = makePlugin("Fog");
    raw.addCode(ShaderStage::Fragment, "!color\\.rgb = mix", "color.rgb = mix");
    auto e = errorOf([&] { build(store, {&raw}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'Fog' fragment key '!color\\.rgb = mix' matches nothing"));
    CHECK(contains(e->message(), "parameters substituted"));
    PluginCode expanded = makePlugin("Fog");
    expanded.addCode(ShaderStage::Fragment, "!finalColor\\.rgb = mix\\(vFogColor\\.rgb", "finalColor.rgb = mix(vec3(0.5)");
    CHECK(contains(build(store, {&expanded}).text.text, "finalColor.rgb = mix(vec3(0.5), finalColor.rgb, fog);"));
}

TEST_CASE("Trap: a regex match inside a conditional block is reported with the condition") {
    ShaderStore store = trapStore();
    PluginCode band = makePlugin("Banding");
    band.addCode(ShaderStage::Fragment, "!aggShadow = aggShadow / numLights;", "aggShadow = floor(aggShadow);");
    ShaderBuildResult r = build(store, {&band});
    REQUIRE(r.diagnostics.size() == 1);
    CHECK((r.diagnostics[0].severity == Severity::Info));
    CHECK(r.diagnostics[0].plugin == "Banding");
    CHECK(r.diagnostics[0].where.toString() == "finalLit.glsl:1");
    CHECK(contains(r.diagnostics[0].message, "inside #ifndef UNLIT (trap.frag.glsl:9)"));
    // And the rewrite indeed lives or dies with the block.
    CHECK(!contains(build(store, {&band}, {{"UNLIT", "1"}}).text.text, "floor(aggShadow)"));
}

TEST_CASE("Trap: regex keys do not silently replace every match") {
    ShaderStore store = trapStore();
    PluginCode greedy = makePlugin("Greedy");
    greedy.addCode(ShaderStage::Fragment, "!aggShadow", "shadowTerm");
    auto e = errorOf([&] { build(store, {&greedy}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'Greedy' fragment key '!aggShadow' must match exactly once but matches 4 times, at "
                                 "trap.frag.glsl:7, finalLit.glsl:1, finalLit.glsl:1, finalLit.glsl:2"));
    PluginCode all = makePlugin("All");
    all.addCode(ShaderStage::Fragment, "!*\\baggShadow\\b", "shadowTerm");
    ShaderBuildResult r = build(store, {&all});
    CHECK(!contains(r.text.text, "aggShadow"));
    CHECK(contains(r.text.text, "shadowTerm = shadowTerm / numLights;"));
}

TEST_CASE("Trap: a comment that spells #ifdef is only a comment") {
    ShaderStore store = trapStore();
    PluginCode p = makePlugin("Terrain");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR",
              "// see the #ifdef note below\nfinalColor.rgb *= 0.8; // rock branch\n/* and an #endif\n   #else here */\n"
              "finalColor.a = 1.0;");
    ShaderBuildResult r = build(store, {&p});
    CHECK(contains(r.text.text, "finalColor.rgb *= 0.8; // rock branch"));
    CHECK(contains(r.text.text, "finalColor.a = 1.0;"));
    CHECK(contains(r.text.text, "fragColor = finalColor;"));
    CHECK(r.diagnostics.empty());
}

TEST_CASE("Trap: a semicolon inside a trailing comment does not split the line") {
    ShaderStore store = trapStore();
    PluginCode p = makePlugin("Semi");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR", "float x = 1.0; // one; two\nfinalColor.r *= x;");
    ShaderBuildResult r = build(store, {&p});
    size_t line = findLine(r.text.text, "float x = 1.0; // one; two");
    REQUIRE(line != SIZE_MAX);
    CHECK(lineAt(r.text.text, line + 1) == "finalColor.r *= x;");
    ValidatorResult v = validateGlsl(r.text.text, "frag");
    if (v.available) CHECK_MESSAGE(v.ok, v.log);
}

TEST_CASE("Trap: injection points are collected on every build, not once") {
    ShaderStore store = trapStore();
    PluginCode p = makePlugin("Late");
    CHECK(!contains(build(store, {&p}).text.text, "late;"));
    // A key that appears after the plugin was first used is injected on the next build.
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR", "finalColor.g = 0.25; // late;");
    CHECK(contains(build(store, {&p}).text.text, "finalColor.g = 0.25; // late;"));
    // And against another shader, its own markers count: a marker it lacks is an error there.
    store.add("trap.frag.glsl", "void main() {\n#define CUSTOM_OTHER\n}\n");
    auto e = errorOf([&] { build(store, {&p}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "Markers (#define CUSTOM_...): CUSTOM_OTHER"));
}

TEST_CASE("Trap: a disabled plugin injects nothing, an enabled one does") {
    ShaderStore store = trapStore();
    PluginCode p = makePlugin("Dither");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR", "finalColor.a *= 0.5; // dither");
    p.addCode(ShaderStage::Fragment, "!gl_FragColor = finalColor;", "gl_FragColor = finalColor; // dithered");
    p.enabled = false;
    ShaderBuildResult off = build(store, {&p});
    CHECK(!contains(off.text.text, "dither"));
    p.enabled = true;
    ShaderBuildResult on = build(store, {&p});
    CHECK(contains(on.text.text, "finalColor.a *= 0.5; // dither"));
    CHECK(contains(on.text.text, "fragColor = finalColor; // dithered"));
    // PluginCode defaults to enabled, unlike Babylon's MaterialPluginBase.
    CHECK(PluginCode{}.enabled);
}
