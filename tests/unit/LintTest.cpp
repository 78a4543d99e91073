#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/Lint.h"

using namespace th;
using namespace th::test;

namespace {

const char* kShader =
    "#define CUSTOM_FRAGMENT_DEFINITIONS\n"  // 1
    "#define SHADER_FLAG\n"                  // 2
    "void main() {\n"                        // 3
    "#ifndef UNLIT\n"                        // 4
    "    float aggShadow = 1.0;\n"           // 5
    "    aggShadow = aggShadow / 2.0;\n"     // 6
    "#else\n"                                // 7
    "    float unlitOnly = 0.0;\n"           // 8
    "#endif\n"                               // 9
    "#define CUSTOM_FRAGMENT_MAIN\n"         // 10
    "    reflectivityBlock(vReflectivityColor);\n" // 11
    "}\n";

std::vector<Diagnostic> lint(const std::vector<const PluginCode*>& plugins, std::vector<std::string> declared = {},
                             const char* shader = kShader) {
    InjectionResult injected =
        Injector::inject(ShaderText::fromSource("test.frag", shader), ShaderStage::Fragment, plugins, "test.frag");
    LintContext c;
    c.stage = ShaderStage::Fragment;
    c.injection = &injected;
    c.plugins = plugins;
    c.declaredDefines = std::move(declared);
    c.builtinDefines = {"PASS_MAIN"};
    return Lint::run(c);
}

const Diagnostic* find(const std::vector<Diagnostic>& d, std::string_view text) {
    for (const Diagnostic& x : d)
        if (contains(x.message, text)) return &x;
    return nullptr;
}

} // namespace

TEST_CASE("Lint (a): a gate on a define nobody declares is an error at the snippet line") {
    PluginCode wind = makePlugin("Wind");
    wind.defines.push_back({"WIND", std::nullopt});
    wind.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN", "float w = 0.0;\n#ifdef WIDN\nw = 1.0;\n#endif");
    auto d = lint({&wind});
    REQUIRE(d.size() == 1);
    CHECK((d[0].severity == Severity::Error));
    CHECK(d[0].plugin == "Wind");
    CHECK(d[0].key == "CUSTOM_FRAGMENT_MAIN");
    CHECK(d[0].where.toString() == "plugin 'Wind' key 'CUSTOM_FRAGMENT_MAIN':2");
    CHECK(contains(d[0].message, "plugin 'Wind' key 'CUSTOM_FRAGMENT_MAIN' line 2: '#ifdef WIDN' gates on WIDN"));
    CHECK(contains(d[0].message, "Did you mean WIND?"));
}

TEST_CASE("Lint (a): every source of declarations counts") {
    PluginCode other = makePlugin("Other");
    other.defines.push_back({"OTHER_ON", std::string("1")});
    other.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN", "o;");
    PluginCode p = makePlugin("P");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_DEFINITIONS",
              "#if defined(MATERIAL_ON) && OTHER_ON > 0\n#elif defined PASS_MAIN || SHADER_FLAG\n#endif\n"
              "#define LOCAL_FLAG\n#ifndef LOCAL_FLAG\n#endif\n#if GL_ES\n#endif\n#ifdef UNLIT\n#endif");
    auto d = lint({&p, &other}, {"MATERIAL_ON"});
    // UNLIT is only tested by the shader, never declared: the gate is reported.
    REQUIRE(d.size() == 1);
    CHECK(contains(d[0].message, "gates on UNLIT"));
    CHECK(d[0].where.line == 9);
}

TEST_CASE("Lint (a): disabled plugins are not linted") {
    PluginCode p = makePlugin("P");
    p.enabled = false;
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN", "#ifdef NOBODY\n#endif");
    CHECK(lint({&p}).empty());
}

TEST_CASE("Lint (c): a regex match inside a conditional is reported with its condition") {
    PluginCode band = makePlugin("Banding");
    band.addCode(ShaderStage::Fragment, "!aggShadow = aggShadow / 2.0;", "aggShadow = floor(aggShadow * 4.0) / 4.0;");
    auto d = lint({&band}, {"UNLIT"});
    const Diagnostic* info = find(d, "inside");
    REQUIRE(info);
    CHECK((info->severity == Severity::Info));
    CHECK(info->where.toString() == "test.frag:6");
    CHECK(contains(info->message, "plugin 'Banding' key '!aggShadow = aggShadow / 2.0;' matches at test.frag:6 inside "
                                  "#ifndef UNLIT (test.frag:4)"));

    PluginCode other = makePlugin("Else");
    other.addCode(ShaderStage::Fragment, "!unlitOnly = 0.0", "unlitOnly = 1.0");
    d = lint({&other}, {"UNLIT"});
    REQUIRE(find(d, "the #else of #ifndef UNLIT"));

    PluginCode outside = makePlugin("Outside");
    outside.addCode(ShaderStage::Fragment, "!reflectivityBlock\\(", "reflectivityBlock(");
    CHECK(lint({&outside}).empty());
}

TEST_CASE("Lint (d): a replacement using an identifier declared only under a condition") {
    PluginCode terrain = makePlugin("Terrain");
    terrain.defines.push_back({"TERRAIN", std::nullopt});
    terrain.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN", "#ifdef TERRAIN\nfloat terrainRough = 0.5;\n#endif");
    terrain.addCode(ShaderStage::Fragment, "!reflectivityBlock\\(vReflectivityColor",
                    "reflectivityBlock(vReflectivityColor * terrainRough");
    auto d = lint({&terrain});
    const Diagnostic* w = find(d, "terrainRough");
    REQUIRE(w);
    CHECK((w->severity == Severity::Warning));
    CHECK(w->plugin == "Terrain");
    CHECK(contains(w->message, "declared only inside #ifdef TERRAIN (plugin 'Terrain' key 'CUSTOM_FRAGMENT_MAIN':1)"));

    // Declared outside any #if (the fix the notes describe): nothing to report.
    PluginCode fixed = makePlugin("Fixed");
    fixed.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_MAIN", "float terrainRough = 1.0;\n#ifdef TERRAIN\nterrainRough = 0.5;\n#endif");
    fixed.defines.push_back({"TERRAIN", std::nullopt});
    fixed.addCode(ShaderStage::Fragment, "!reflectivityBlock\\(vReflectivityColor",
                  "reflectivityBlock(vReflectivityColor * terrainRough");
    CHECK(lint({&fixed}).empty());

    // Declared in the sibling #else branch: not visible at the match either.
    PluginCode same = makePlugin("Same");
    same.addCode(ShaderStage::Fragment, "!aggShadow = aggShadow / 2.0;", "aggShadow = aggShadow / unlitOnly;");
    d = lint({&same}, {"UNLIT"});
    CHECK(find(d, "unlitOnly")); // declared only in the #else branch, used in the #ifndef branch
}

TEST_CASE("Lint (e): an enabled plugin without code is reported") {
    PluginCode empty = makePlugin("Empty");
    empty.where = {"plugins.json", 3};
    auto d = lint({&empty});
    REQUIRE(d.size() == 1);
    CHECK((d[0].severity == Severity::Warning));
    CHECK(d[0].where.toString() == "plugins.json:3");
    CHECK(contains(d[0].message, "plugin 'Empty' is enabled but contributes no code"));
    empty.enabled = false;
    CHECK(lint({&empty}).empty());
}
