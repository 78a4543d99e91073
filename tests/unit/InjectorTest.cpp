#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "core/Str.h"
#include "shader/Injector.h"

using namespace th;
using namespace th::test;

namespace {

const char* kShader =
    "uniform vec3 color;\n"              // 1
    "#define CUSTOM_FRAGMENT_DEFINITIONS\n" // 2
    "#hook FILTER_COLOR(inout vec4 c)\n"    // 3
    "void main() {\n"                       // 4
    "    vec4 c = vec4(color, 1.0);\n"      // 5
    "    FILTER_COLOR(c);\n"                // 6
    "#define CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR\n" // 7
    "    gl_FragColor = c;\n"               // 8
    "}\n";                                  // 9

InjectionResult inject(const std::vector<const PluginCode*>& plugins, std::string_view text = kShader,
                       ShaderStage stage = ShaderStage::Fragment) {
    InjectionResult r = Injector::inject(ShaderText::fromSource("test.frag", text), stage, plugins, "test.frag");
    checkLineMap(r.text);
    return r;
}

} // namespace

TEST_CASE("Injector: marker code goes on the lines before the marker, with snippet origins") {
    PluginCode p = makePlugin("Tint");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_DEFINITIONS", "uniform vec3 tint;\nuniform float amount;");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR", "c.rgb *= tint;");
    InjectionResult r = inject({&p});
    size_t tint = findLine(r.text.text, "uniform vec3 tint;");
    REQUIRE(tint != SIZE_MAX);
    CHECK(lineAt(r.text.text, tint + 1) == "uniform float amount;");
    CHECK(lineAt(r.text.text, tint + 2) == "#define CUSTOM_FRAGMENT_DEFINITIONS");
    CHECK(r.text.lines.describe(tint) == "plugin 'Tint' key 'CUSTOM_FRAGMENT_DEFINITIONS':1");
    CHECK(r.text.lines.describe(tint + 1) == "plugin 'Tint' key 'CUSTOM_FRAGMENT_DEFINITIONS':2");
    CHECK(r.text.lines.describe(tint + 2) == "test.frag:2");
    size_t mul = findLine(r.text.text, "c.rgb *= tint;");
    CHECK(lineAt(r.text.text, mul + 1) == "#define CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR");
    CHECK(r.text.lines.describe(mul + 2) == "test.frag:8");
    REQUIRE(r.records.size() == 2);
    CHECK((r.records[0].kind == InjectionKind::Marker));
    CHECK(r.records[0].target.toString() == "test.frag:2");
    CHECK(r.records[0].firstLine == tint);
    CHECK(r.records[0].lineCount == 2);
}

TEST_CASE("Injector: order is ascending priority, then registration, then list order") {
    PluginCode late = makePlugin("Late", 10, 0);
    PluginCode early = makePlugin("Early", -5, 3);
    PluginCode firstRegistered = makePlugin("First", 0, 1);
    PluginCode secondRegistered = makePlugin("Second", 0, 2);
    for (PluginCode* p : {&late, &early, &firstRegistered, &secondRegistered})
        p->addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR", "// " + p->name);
    InjectionResult r = inject({&late, &secondRegistered, &firstRegistered, &early});
    size_t at = findLine(r.text.text, "// Early");
    CHECK(lineAt(r.text.text, at + 1) == "// First");
    CHECK(lineAt(r.text.text, at + 2) == "// Second");
    CHECK(lineAt(r.text.text, at + 3) == "// Late");
}

TEST_CASE("Injector: callable targets become functions, empty or with statements in order") {
    InjectionResult empty = inject({});
    CHECK(contains(empty.text.text, "void FILTER_COLOR(inout vec4 c) {}\n"));
    CHECK(empty.text.lines.describe(findLine(empty.text.text, "void FILTER_COLOR")) == "test.frag:3");
    CHECK(empty.hooks.size() == 1);
    CHECK(empty.hooks[0].signature == "inout vec4 c");

    PluginCode scale = makePlugin("Scale", -10);
    scale.addCode(ShaderStage::Fragment, "FILTER_COLOR", "c.rgb *= 2.0;");
    PluginCode shift = makePlugin("Shift", 10);
    shift.addCode(ShaderStage::Fragment, "FILTER_COLOR", "c.r -= 0.5;\nc.g -= 0.5;");
    InjectionResult r = inject({&shift, &scale});
    size_t header = findLine(r.text.text, "void FILTER_COLOR(inout vec4 c) {");
    REQUIRE(header != SIZE_MAX);
    CHECK(lineAt(r.text.text, header + 1) == "c.rgb *= 2.0;");
    CHECK(lineAt(r.text.text, header + 2) == "c.r -= 0.5;");
    CHECK(lineAt(r.text.text, header + 3) == "c.g -= 0.5;");
    CHECK(lineAt(r.text.text, header + 4) == "}");
    CHECK(r.text.lines.describe(header) == "test.frag:3");
    CHECK(r.text.lines.describe(header + 1) == "plugin 'Scale' key 'FILTER_COLOR':1");
    CHECK(r.text.lines.describe(header + 3) == "plugin 'Shift' key 'FILTER_COLOR':2");
    CHECK(r.text.lines.describe(header + 4) == "test.frag:3");
    CHECK(contains(r.text.text, "    FILTER_COLOR(c);")); // the call stays
}

TEST_CASE("Injector: malformed and duplicate hooks are errors") {
    auto e = errorOf([] { inject({}, "#hook NOPARENS\n"); });
    REQUIRE(e);
    CHECK(e->where().toString() == "test.frag:1");
    CHECK(contains(e->message(), "malformed #hook"));
    e = errorOf([] { inject({}, "#hook F(float x)\n#hook F(float y)\n"); });
    REQUIRE(e);
    CHECK(e->where().toString() == "test.frag:2");
    CHECK(contains(e->message(), "declared twice"));
}

TEST_CASE("Injector: a regex key must match exactly once - groups in the replacement") {
    PluginCode p = makePlugin("Terrain");
    p.addCode(ShaderStage::Fragment, "!gl_FragColor\\s*=\\s*(\\w+);", "gl_FragColor = vec4($1.rgb * 0.5, $1.a); // $$1");
    InjectionResult r = inject({&p});
    size_t line = findLine(r.text.text, "gl_FragColor = vec4(c.rgb * 0.5, c.a); // $1");
    REQUIRE(line != SIZE_MAX);
    CHECK(r.text.lines.describe(line) == "plugin 'Terrain' key '!gl_FragColor\\s*=\\s*(\\w+);':1");
    REQUIRE(r.records.size() == 1);
    CHECK((r.records[0].kind == InjectionKind::Regex));
    CHECK(r.records[0].target.toString() == "test.frag:8");
    CHECK(r.records[0].replaced == "gl_FragColor = c;");

    PluginCode twice = makePlugin("Twice");
    twice.addCode(ShaderStage::Fragment, "!vec4", "vec4");
    auto e = errorOf([&] { inject({&twice}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'Twice' fragment key '!vec4' must match exactly once but matches 3 times, at "
                                 "test.frag:3, test.frag:5, test.frag:5"));
    CHECK(contains(e->message(), "'!*vec4'"));

    PluginCode all = makePlugin("All");
    all.addCode(ShaderStage::Fragment, "!*vec4", "highp vec4");
    InjectionResult r2 = inject({&all}, "vec4 a = vec4(1.0);\nvec4 b;\n");
    CHECK(r2.text.text == "highp vec4 a = highp vec4(1.0);\nhighp vec4 b;\n");
    CHECK(r2.records.size() == 3);
}

TEST_CASE("Injector: regex errors name plugin and key") {
    PluginCode bad = makePlugin("Bad");
    bad.addCode(ShaderStage::Fragment, "!foo(", "x", {}, SourceLocation{"plugins.json", 12, 5});
    auto e = errorOf([&] { inject({&bad}); });
    REQUIRE(e);
    CHECK(e->where().toString() == "plugins.json:12:5");
    CHECK(contains(e->message(), "plugin 'Bad' fragment key '!foo(': bad regex"));

    PluginCode group = makePlugin("Group");
    group.addCode(ShaderStage::Fragment, "!gl_FragColor", "$2");
    e = errorOf([&] { inject({&group}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "group $2 but the pattern has 0 capture groups"));

    PluginCode none = makePlugin("None");
    none.addCode(ShaderStage::Fragment, "!*doesNotExist", "x");
    e = errorOf([&] { inject({&none}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "matches nothing in test.frag"));

    PluginCode slow = makePlugin("Slow");
    slow.addCode(ShaderStage::Fragment, "!(a+)+$", "x");
    std::string text(3000, 'a');
    text += "b\n";
    e = errorOf([&] { inject({&slow}, text); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'Slow'"));
}

TEST_CASE("Injector: a key naming nothing lists the markers and targets that exist") {
    PluginCode p = makePlugin("Typo");
    p.addCode(ShaderStage::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLR", "x;");
    auto e = errorOf([&] { inject({&p}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'Typo' fragment key 'CUSTOM_FRAGMENT_BEFORE_FRAGCOLR' names no injection point in test.frag"));
    CHECK(contains(e->message(), "did you mean CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR?"));
    CHECK(contains(e->message(), "Markers (#define CUSTOM_...): CUSTOM_FRAGMENT_DEFINITIONS, CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR"));
    CHECK(contains(e->message(), "callable targets (#hook): FILTER_COLOR(inout vec4 c)"));
}

TEST_CASE("Injector: markers and hooks inside comments do not count") {
    const char* text = "// #define CUSTOM_A\n/*\n#define CUSTOM_B\n#hook H(float x)\n*/\n#define CUSTOM_C\n";
    InjectionResult points = Injector::scanPoints(ShaderText::fromSource("t", text));
    REQUIRE(points.markers.size() == 1);
    CHECK(points.markers[0].name == "CUSTOM_C");
    CHECK(points.hooks.empty());
}

TEST_CASE("Injector: a marker that appears twice receives the code twice") {
    const char* text = "#ifdef A\n#define CUSTOM_X\n#else\n#define CUSTOM_X\n#endif\n";
    PluginCode p = makePlugin("P");
    p.addCode(ShaderStage::Fragment, "CUSTOM_X", "x;");
    InjectionResult r = inject({&p}, text);
    CHECK(r.text.text == "#ifdef A\nx;\n#define CUSTOM_X\n#else\nx;\n#define CUSTOM_X\n#endif\n");
}

TEST_CASE("Injector: overlapping edits are an error naming both keys") {
    PluginCode a = makePlugin("A", 0, 0);
    a.addCode(ShaderStage::Fragment, "!vec4 c = vec4", "vec4 c = vec4");
    PluginCode b = makePlugin("B", 0, 1);
    b.addCode(ShaderStage::Fragment, "!c = vec4\\(color", "c = vec4(color");
    auto e = errorOf([&] { inject({&a, &b}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'B' fragment key '!c = vec4\\(color' overlaps plugin 'A' fragment key '!vec4 c = vec4'"));

    PluginCode hook = makePlugin("H");
    hook.addCode(ShaderStage::Fragment, "!#hook FILTER_COLOR", "x");
    e = errorOf([&] { inject({&hook}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "#hook FILTER_COLOR"));
    CHECK(contains(e->message(), "plugin 'H' fragment key '!#hook FILTER_COLOR'"));
}

TEST_CASE("Injector: stages are separate - a regex spanning lines keeps the map consistent") {
    PluginCode p = makePlugin("P");
    p.addCode(ShaderStage::Vertex, "CUSTOM_FRAGMENT_DEFINITIONS", "vertex only;");
    p.addCode(ShaderStage::Fragment, "!void main\\(\\) \\{\\n    vec4 c", "void main() {\n    // injected\n    vec4 c");
    InjectionResult r = inject({&p});
    CHECK(!contains(r.text.text, "vertex only;"));
    size_t comment = findLine(r.text.text, "// injected");
    CHECK(r.text.lines.describe(comment) == "plugin 'P' key '!void main\\(\\) \\{\\n    vec4 c':2");
    CHECK(r.text.lines.describe(comment + 2) == "test.frag:6");
}

TEST_CASE("Injector: injected size is bounded") {
    PluginCode p = makePlugin("Huge");
    p.addCode(ShaderStage::Fragment, "!*a", std::string(1000, 'x'));
    auto e = errorOf([&] { inject({&p}, std::string(20000, 'a')); });
    REQUIRE(e);
    CHECK(contains(e->message(), "larger than"));
}

TEST_CASE("Injector: a callable target may return a value - header and footer wrap the statements") {
    const char* text =
        "#hook vec3 TONE(vec3 color, float gain) header { vec3 c = color * gain; } footer { return c; }\n" // 1
        "void main() { o = vec4(TONE(vec3(1.0), 0.5), 1.0); }\n";                                        // 2
    InjectionResult empty = inject({}, text);
    REQUIRE(empty.hooks.size() == 1);
    CHECK(empty.hooks[0].returnType == "vec3");
    CHECK(contains(empty.text.text, "vec3 TONE(vec3 color, float gain) {\n    vec3 c = color * gain;\n    return c;\n}\n"));
    PluginCode warm = makePlugin("Warm");
    warm.addCode(ShaderStage::Fragment, "TONE", "c.r += 0.1;");
    InjectionResult r = inject({&warm}, text);
    CHECK(contains(r.text.text, "vec3 TONE(vec3 color, float gain) {\n    vec3 c = color * gain;\nc.r += 0.1;\n    return c;\n}\n"));
    size_t body = findLine(r.text.text, "c.r += 0.1;");
    CHECK(r.text.lines.describe(body) == "plugin 'Warm' key 'TONE':1");
    CHECK(r.text.lines.describe(body - 1) == "test.frag:1");
    CHECK(r.text.lines.describe(body + 1) == "test.frag:1");
    // A plugin may return early itself; a precision qualifier is part of the type.
    InjectionResult q = inject({}, "#hook highp float F(float x) footer { return x; }\n");
    CHECK(q.hooks[0].returnType == "highp float");
    CHECK(contains(q.text.text, "highp float F(float x) {\n    return x;\n}\n"));
    if (auto v = validateGlsl(str("#version 300 es\nprecision highp float;\nout vec4 o;\n", r.text.text), "frag"); v.available)
        CHECK_MESSAGE(v.ok, v.log);
}

TEST_CASE("Injector: a return-type target without a return, or a malformed header, is an error at its line") {
    auto e = errorOf([] { inject({}, "float a;\n#hook vec3 TONE(vec3 color) header { vec3 c = color; }\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 2);
    CHECK_MESSAGE(contains(e->message(), "callable target 'TONE' returns vec3 but neither a header nor a footer returns"),
                  e->message());
    e = errorOf([] { inject({}, "#hook vec3 TONE(vec3 color) footer { return color;\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "not closed"));
    e = errorOf([] { inject({}, "#hook vec3 TONE(vec3 color) after { return color; }\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "unexpected 'after"));
}

TEST_CASE("Injector: a plugin's code for a target the shader does not declare names the target") {
    PluginCode p = makePlugin("Glow");
    p.addCode(ShaderStage::Fragment, "FILTER_COLOUR", "c *= 2.0;");
    auto e = errorOf([&] { inject({&p}); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'Glow' fragment key 'FILTER_COLOUR' names no injection point"));
    CHECK(contains(e->message(), "did you mean FILTER_COLOR"));
}
