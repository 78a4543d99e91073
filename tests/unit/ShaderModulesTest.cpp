// Shader modules: shared GLSL files, each included once per effect in dependency order, only
// for active plugins; missing modules and cycles are errors naming both ends.
#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "core/Str.h"
#include "shader/ShaderBuilder.h"
#include "shader/ShaderModules.h"

using namespace th;
using namespace th::test;

namespace {

ShaderStore moduleStore() {
    ShaderStore store = ShaderStore::empty();
    store.add("main.frag",
              "#version 300 es\n"
              "precision highp float;\n"
              "out vec4 fragColor;\n"
              "#define CUSTOM_FRAGMENT_DEFINITIONS\n"
              "void main() {\n"
              "    vec3 finalColor = vec3(0.5);\n"
              "#define CUSTOM_FRAGMENT_MAIN_END\n"
              "    fragColor = vec4(finalColor, 1.0);\n"
              "}\n",
              "shaders/main.frag");
    store.add("modules/hash.glsl", "float hash11(float p) {\n    return fract(sin(p) * 43758.5453);\n}\n", "shaders/modules/hash.glsl");
    store.add("modules/noise.glsl",
              "// value noise\n#requires hash\nfloat noise1(float x) {\n    return mix(hash11(floor(x)), hash11(floor(x) + 1.0), fract(x));\n}\n",
              "shaders/modules/noise.glsl");
    return store;
}

ShaderBuildResult build(ShaderStore& store, const std::vector<const PluginCode*>& plugins) {
    ShaderBuilder builder(store);
    ShaderBuildRequest r;
    r.source = "main.frag";
    r.plugins = plugins;
    ShaderBuildResult result = builder.build(r);
    checkLineMap(result.text);
    return result;
}

size_t count(const std::string& text, std::string_view needle) {
    size_t n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

PluginCode user(const char* name, std::vector<std::string> modules, const char* code) {
    PluginCode p = makePlugin(name);
    p.modules = std::move(modules);
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN_END", code);
    return p;
}

} // namespace

TEST_CASE("ShaderModules: two plugins sharing a module get one copy, dependencies first") {
    ShaderStore store = moduleStore();
    PluginCode grain = user("Grain", {"noise"}, "finalColor *= noise1(gl_FragCoord.x);\n");
    PluginCode sparkle = user("Sparkle", {"hash", "noise"}, "finalColor += hash11(gl_FragCoord.y) * 0.01;\n");
    ShaderBuildResult r = build(store, {&grain, &sparkle});
    CHECK(count(r.text.text, "float hash11(float p)") == 1);
    CHECK(count(r.text.text, "float noise1(float x)") == 1);
    size_t hash = findLine(r.text.text, "float hash11"), noise = findLine(r.text.text, "float noise1"),
           use = findLine(r.text.text, "finalColor *= noise1");
    CHECK(hash < noise);
    CHECK(noise < use);
    CHECK(r.text.lines.describe(noise) == "shaders/modules/noise.glsl:3");
    CHECK(!contains(r.text.text, "#requires"));
    if (auto v = validateGlsl(r.text.text, "frag"); v.available) CHECK_MESSAGE(v.ok, v.log);
}

TEST_CASE("ShaderModules: an inactive plugin's module is absent") {
    ShaderStore store = moduleStore();
    PluginCode grain = user("Grain", {"noise"}, "finalColor *= noise1(gl_FragCoord.x);\n");
    grain.enabled = false;
    ShaderBuildResult r = build(store, {&grain});
    CHECK(!contains(r.text.text, "noise1"));
    CHECK(!contains(r.text.text, "hash11"));
    // Code only in the vertex stage brings no module into the fragment stage.
    PluginCode vertexOnly = makePlugin("VertexOnly");
    vertexOnly.modules = {"noise"};
    vertexOnly.addCode(ShaderStage::Vertex, "CUSTOM_VERTEX_MAIN_END", "gl_Position.x += noise1(1.0);\n");
    CHECK(!contains(build(store, {&vertexOnly}).text.text, "noise1"));
}

TEST_CASE("ShaderModules: a module cycle is an error naming both ends") {
    ShaderStore store = moduleStore();
    store.add("modules/a.glsl", "#requires b\nfloat a() { return 1.0; }\n", "shaders/modules/a.glsl");
    store.add("modules/b.glsl", "#requires c, a\nfloat b() { return 2.0; }\n", "shaders/modules/b.glsl");
    store.add("modules/c.glsl", "float c() { return 3.0; }\n", "shaders/modules/c.glsl");
    PluginCode p = user("Loop", {"a"}, "finalColor.r = a();\n");
    auto e = errorOf([&] { build(store, {&p}); });
    REQUIRE(e);
    CHECK_MESSAGE(contains(e->message(), "shader module cycle: a -> b -> a"), e->message());
    CHECK(contains(e->message(), "module 'b' requires 'a'"));
}

TEST_CASE("ShaderModules: a missing module names who asks for it and what is missing") {
    ShaderStore store = moduleStore();
    PluginCode p = user("Grain", {"nosie"}, "finalColor *= 1.0;\n");
    auto e = errorOf([&] { build(store, {&p}); });
    REQUIRE(e);
    CHECK_MESSAGE(contains(e->message(), "plugin 'Grain' requires shader module 'nosie', which is not in the shader store"),
                  e->message());
    store.add("modules/broken.glsl", "float x;\n#requires missingDependency\n", "shaders/modules/broken.glsl");
    PluginCode q = user("Broken", {"broken"}, "finalColor *= 1.0;\n");
    e = errorOf([&] { build(store, {&q}); });
    REQUIRE(e);
    CHECK(e->where().file == "shaders/modules/broken.glsl");
    CHECK(e->where().line == 2);
    CHECK(contains(e->message(), "shader module 'broken' requires shader module 'missingDependency'"));
}

TEST_CASE("ShaderModules: bad module names are errors naming the plugin and the name") {
    ShaderStore store = moduleStore();
    for (std::string name : {std::string("../modules/noise"), std::string("/etc/passwd"), std::string("noise\n"),
                             std::string(" noise"), std::string("main.frag"), std::string(4096, 'n')}) {
        CAPTURE(name);
        PluginCode p = user("Grain", {name}, "finalColor *= 1.0;\n");
        auto e = errorOf([&] { build(store, {&p}); });
        REQUIRE(e);
        CHECK_MESSAGE(contains(e->message(), "plugin 'Grain'"), e->message());
        if (name == "main.frag") CHECK_MESSAGE(contains(e->message(), "is a stage's main shader (it has #version)"), e->message());
    }
}

TEST_CASE("ShaderModules: modules are part of a plugin's signature and of its JSON form") {
    std::vector<PluginCode> list = parsePluginList(
        R"({"plugins": [{"name": "Grain", "modules": ["noise"], "fragment": {"CUSTOM_FRAGMENT_MAIN_END": "finalColor *= noise1(1.0);"}}]})",
        "grain.json");
    REQUIRE(list.size() == 1);
    CHECK(list[0].modules == std::vector<std::string>{"noise"});
    PluginCode other = list[0];
    other.modules.clear();
    CHECK(other.signature() != list[0].signature());
    ShaderStore store = moduleStore();
    CHECK(contains(build(store, {&list[0]}).text.text, "float noise1"));
}
