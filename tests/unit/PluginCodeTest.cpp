#include <doctest/doctest.h>

#include <algorithm>

#include "ShaderTestHelpers.h"
#include "core/Str.h"
#include "shader/PluginCode.h"

using namespace th;
using namespace th::test;

TEST_CASE("PluginCode: the JSON form") {
    const char* json = R"({"plugins": [
  {"name": "Tint", "priority": 5, "enabled": true,
   "defines": {"TINT": false, "TINT_ON": true, "TINT_STEPS": 4, "TINT_GAIN": 0.5, "TINT_MODE": "MODE_A"},
   "uniforms": {"tintColor": "vec3", "tintWeights": "float[4]"},
   "samplers": {"tintMap": "sampler2D", "tintLayers": "mediump sampler2DArray"},
   "vertex": {"CUSTOM_VERTEX_MAIN_END": "vTint = 1.0;"},
   "fragment": {"CUSTOM_FRAGMENT_DEFINITIONS": ["uniform vec3 tintColor;", "in float vTint;"],
                "!gl_FragColor = (\\w+);": "gl_FragColor = $1 * vec4(tintColor, 1.0);"}},
  {"name": "Off", "enabled": false}
]})";
    std::vector<PluginCode> plugins = parsePluginList(json, "tint.json");
    REQUIRE(plugins.size() == 2);
    const PluginCode& t = plugins[0];
    CHECK(t.name == "Tint");
    CHECK(t.priority == 5);
    CHECK(t.registration == 0);
    CHECK(t.enabled);
    REQUIRE(t.defines.size() == 5);
    CHECK(!t.defines[0].defaultValue);
    CHECK(*t.defines[1].defaultValue == "1");
    CHECK(*t.defines[2].defaultValue == "4");
    CHECK(*t.defines[3].defaultValue == "0.5");
    CHECK(*t.defines[4].defaultValue == "MODE_A");
    CHECK(t.declaresDefine("TINT"));
    REQUIRE(t.uniforms.size() == 2);
    CHECK(t.uniforms[1].type == "float[4]");
    REQUIRE(t.samplers.size() == 2);
    CHECK(t.samplers[0].precision == "highp");
    CHECK(t.samplers[1].precision == "mediump");
    CHECK(t.samplers[1].type == "sampler2DArray");
    REQUIRE(t.fragment.size() == 2);
    CHECK(t.fragment[0].key == "CUSTOM_FRAGMENT_DEFINITIONS");
    CHECK(t.fragment[0].code.text == "uniform vec3 tintColor;\nin float vTint;\n");
    CHECK(t.fragment[0].code.lines.describe(1) == "plugin 'Tint' key 'CUSTOM_FRAGMENT_DEFINITIONS':2");
    CHECK(t.fragment[0].where.toString() == "tint.json:7:17");
    CHECK(t.fragment[1].key == "!gl_FragColor = (\\w+);");
    CHECK(plugins[1].registration == 1);
    CHECK(!plugins[1].enabled);
}

TEST_CASE("PluginCode: snippets from files map to the file") {
    TempDir dir;
    writeFile(dir.path / "wind.vert.glsl", "positionW.x += 1.0;\npositionW.z += 1.0;\n");
    writeFile(dir.path / "wind.json", R"({"plugins": [{"name": "Wind", "vertex": {"OFFSET_POSITION": {"file": "wind.vert.glsl"}}}]})");
    std::vector<PluginCode> plugins = loadPluginList(dir.path / "wind.json");
    REQUIRE(plugins.size() == 1);
    CHECK(plugins[0].vertex[0].code.lines.describe(1) == (dir.path / "wind.vert.glsl").generic_string() + ":2");
}

TEST_CASE("PluginCode: wrong shapes are errors with file, line and key") {
    struct Case {
        const char* json;
        int line;
        const char* message;
    } cases[] = {
        {"{\"plugin\": []}", 1, "unknown key 'plugin list.plugin'"},
        {"{}", 1, "{\"plugins\": [...]}"},
        {"{\"plugins\": {}}", 1, "plugins"},
        {"{\"plugins\": [{\"priority\": 1}]}", 1, "missing the required key 'name'"},
        {"{\"plugins\": [\n{\"name\": \"A\",\n \"fragmnet\": {}}]}", 3, "unknown key 'plugins[0].fragmnet'"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"defines\": {\"A B\": true}}]}", 2, "not a macro name"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"defines\": {\"X\": [1]}}]}", 2, "bool (defined or not), a number or a string"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"uniforms\": {\"u\": \"vec5\"}}]}", 2, "'vec5' is not a uniform type"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"uniforms\": {\"u\": \"sampler2D\"}}]}", 2, "samplers go under"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"samplers\": {\"s\": \"ultrap sampler2D\"}}]}", 2, "not a sampler type"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"fragment\": {\"K\": 3}}]}", 2, "must be GLSL code"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"fragment\": {\"!\": \"x\"}}]}", 2, "needs a pattern"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"fragment\": {\"K\": {\"file\": \"missing.glsl\"}}}]}", 2, "cannot read snippet file"},
        {"{\"plugins\": [{\"name\": \"A\"},\n{\"name\": \"A\"}]}", 2, "two plugins are named 'A'"},
        {"{\"plugins\": [{\"name\": \"A\", \"priority\": 1.5}]}", 1, "priority"},
        {"{\"plugins\": [{\"name\": \"A\", \"enabled\": \"yes\"}]}", 1, "enabled"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"frameTextures\": \"opaqueSceneColor\"}]}", 2, "frameTextures"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"frameTextures\": [3]}]}", 2, "frameTextures"},
        {"{\"plugins\": [{\"name\": \"A\",\n\"frameTextures\": [\"scene colour\"]}]}", 2, "not a frame texture name"},
        {"{\"plugins\": [{\"name\": \"A\", \"frameTextures\":\n[\"opaqueSceneColor\", \"opaqueSceneColor\"]}]}", 2, "twice"},
        {"{\"plugins\": [", 1, ""},
    };
    for (const Case& c : cases) {
        CAPTURE(c.json);
        auto e = errorOf([&] { parsePluginList(c.json, "p.json"); });
        REQUIRE(e);
        CHECK(e->where().file == "p.json");
        CHECK(e->where().line == c.line);
        CHECK_MESSAGE(contains(e->message(), c.message), e->message());
    }
}

TEST_CASE("PluginCode: every key refuses every bad value with file, line and key") {
    // Each key (and each kind of entry inside one), the value standing in for VALUE, and the
    // values that are valid there and so skipped; every other value of the tour is an error at
    // line 2 naming the key.
    struct Key {
        const char* name; // what the message names
        const char* entry;
        std::vector<std::string> valid;
    } keys[] = {
        {"name", "\"name\": VALUE", {"\"1x y\""}},
        {"priority", "\"name\": \"A\", \"priority\": VALUE", {"3"}},
        {"enabled", "\"name\": \"A\", \"enabled\": VALUE", {"true"}},
        {"defines", "\"name\": \"A\", \"defines\": VALUE", {"{}"}},
        {"defines.X", "\"name\": \"A\", \"defines\": {\"X\": VALUE}", {"3", "-1e9", "1e30", "true", "\"\"", "\"1x y\""}},
        {"uniforms", "\"name\": \"A\", \"uniforms\": VALUE", {"{}"}},
        {"uniforms.u", "\"name\": \"A\", \"uniforms\": {\"u\": VALUE}", {}},
        {"samplers", "\"name\": \"A\", \"samplers\": VALUE", {"{}"}},
        {"samplers.s", "\"name\": \"A\", \"samplers\": {\"s\": VALUE}", {}},
        {"modules", "\"name\": \"A\", \"modules\": VALUE", {"[]"}},
        {"modules", "\"name\": \"A\", \"modules\": [VALUE]", {"\"1x y\""}}, // module names are checked by the registry
        {"frameTextures", "\"name\": \"A\", \"frameTextures\": VALUE", {"[]"}},
        {"frameTextures", "\"name\": \"A\", \"frameTextures\": [VALUE]", {}},
        {"fragment", "\"name\": \"A\", \"fragment\": VALUE", {"{}"}},
        {"vertex.K", "\"name\": \"A\", \"vertex\": {\"K\": VALUE}", {"\"\"", "\"1x y\"", "[]"}}, // any string (or array of lines) is code
    };
    const char* values[] = {"null", "[]", "{}", "3", "-1e9", "1e30", "\"\"", "true", "\"1x y\"", "[1e400]"};
    for (const Key& k : keys) {
        for (const char* value : values) {
            if (std::find(k.valid.begin(), k.valid.end(), value) != k.valid.end()) continue;
            std::string entry = k.entry;
            entry.replace(entry.find("VALUE"), 5, value);
            std::string text = str("{\"plugins\": [{\n", entry, "}]}");
            CAPTURE(text);
            auto e = errorOf([&] { parsePluginList(text, "p.json"); });
            REQUIRE(e);
            CHECK(e->where().file == "p.json");
            CHECK(e->where().line == 2);
            // [1e400] is refused by the JSON reader ("number out of range") before any key is read.
            if (std::string(value) != "[1e400]") CHECK_MESSAGE(contains(e->message(), k.name), e->message());
        }
    }
}

TEST_CASE("PluginCode: signature follows code, declarations and enabled") {
    PluginCode a = makePlugin("A");
    a.addCode(ShaderStage::Fragment, "CUSTOM_X", "x;");
    PluginCode b = a;
    CHECK(a.signature() == b.signature());
    b.enabled = false;
    CHECK(a.signature() != b.signature());
    b = a;
    b.fragment[0].code = ShaderText::fromSource("o", "y;");
    CHECK(a.signature() != b.signature());
    b = a;
    b.defines.push_back({"A_ON", std::nullopt});
    CHECK(a.signature() != b.signature());
    b = a;
    b.samplers.push_back({"s", "sampler2D", "highp"});
    CHECK(a.signature() != b.signature());
    b = a;
    b.addCode(ShaderStage::Vertex, "CUSTOM_X", "x;");
    CHECK(a.signature() != b.signature());
    b = a;
    b.priority = 3;
    CHECK(a.signature() != b.signature());
    b = a;
    b.frameTextures.push_back({"opaqueSceneColor", {}});
    CHECK(a.signature() != b.signature());
}

TEST_CASE("PluginCode: injection order") {
    PluginCode a = makePlugin("a", 1, 0), b = makePlugin("b", 0, 5), c = makePlugin("c", 0, 2), d = makePlugin("d", 0, 2);
    std::vector<const PluginCode*> in = {&a, &b, &c, &d};
    std::vector<const PluginCode*> order = injectionOrder(in);
    CHECK(order == std::vector<const PluginCode*>{&c, &d, &b, &a});
}
