#include <doctest/doctest.h>

#include "ShaderTestHelpers.h"
#include "shader/IncludeExpander.h"

using namespace th;
using namespace th::test;

namespace {

ShaderText expand(const ShaderStore& store, std::string_view name, const IncludeOptions& options = {}) {
    ShaderText out = IncludeExpander(store).expand(name, options);
    checkLineMap(out);
    return out;
}

} // namespace

TEST_CASE("IncludeExpander: includes are inlined with their origins") {
    ShaderStore store = ShaderStore::empty();
    store.add("main.glsl", "a;\n#include<common>\nb;\n");
    store.add("lib/common.glsl", "c1;\n#include<inner>\nc3;");
    store.add("lib/inner.glsl", "i1;\n");
    ShaderText out = expand(store, "main.glsl");
    CHECK(out.text == "a;\nc1;\ni1;\nc3;\nb;\n");
    CHECK(out.lines.describe(0) == "main.glsl:1");
    CHECK(out.lines.describe(1) == "lib/common.glsl:1");
    CHECK(out.lines.describe(2) == "lib/inner.glsl:1");
    CHECK(out.lines.describe(3) == "lib/common.glsl:3");
    CHECK(out.lines.describe(4) == "main.glsl:3");
}

TEST_CASE("IncludeExpander: parameters replace whole tokens, all at once") {
    ShaderStore store = ShaderStore::empty();
    store.add("fog.glsl", "color.rgb = mix(fogColor, color.rgb, fog); // color, colors, mycolor\n");
    store.add("swap.glsl", "A = B + AB;\n");
    store.add("main.glsl",
              "#include<fog>(color,finalColor)\n#include<swap>(A,B,B,A)\n#include <fog> ( color , vec4(1.0, 2.0) )\n");
    ShaderText out = expand(store, "main.glsl");
    CHECK(lineAt(out.text, 0) == "finalColor.rgb = mix(fogColor, finalColor.rgb, fog); // finalColor, colors, mycolor");
    CHECK(lineAt(out.text, 1) == "B = A + AB;");
    CHECK(lineAt(out.text, 2) == "vec4(1.0, 2.0).rgb = mix(fogColor, vec4(1.0, 2.0).rgb, fog); // vec4(1.0, 2.0), colors, mycolor");
    CHECK(out.lines.describe(0) == "fog.glsl:1");
}

TEST_CASE("IncludeExpander: index ranges repeat with {X}, bounds by number or index parameter") {
    ShaderStore store = ShaderStore::empty();
    store.add("light.glsl", "uniform vec3 lightColor{X};\n#include<lightExtra>\n");
    // {X} is replaced in the repeated include's own text, not in what it includes in turn.
    store.add("lightExtra.glsl", "float extra{X};\n");
    store.add("main.glsl", "#include<light>[0..maxLights]\n#include<light>(lightColor,spotColor)[2..3]\n");
    IncludeOptions options;
    options.indexParameters = {{"maxLights", 2}};
    ShaderText out = expand(store, "main.glsl", options);
    CHECK(out.text ==
          "uniform vec3 lightColor0;\nfloat extra{X};\nuniform vec3 lightColor1;\nfloat extra{X};\n"
          "uniform vec3 spotColor2;\nfloat extra{X};\n");
    CHECK(out.lines.describe(2) == "light.glsl:1");

    options.indexParameters = {{"maxLights", 0}};
    CHECK(expand(store, "main.glsl", options).text == "uniform vec3 spotColor2;\nfloat extra{X};\n");

    auto e = errorOf([&] { expand(store, "main.glsl", IncludeOptions{}); });
    REQUIRE(e);
    CHECK(e->where().toString() == "main.glsl:1");
    CHECK(contains(e->message(), "unknown index parameter 'maxLights'"));
}

TEST_CASE("IncludeExpander: __decl__ picks the uniform-block or the plain variant") {
    ShaderStore store = ShaderStore::empty();
    store.add("scene.glsl", "uniform mat4 viewProjection;\n");
    store.add("scene_ubo.glsl", "uniform Scene { mat4 viewProjection; };\n");
    store.add("main.glsl", "#include<__decl__scene>\n");
    IncludeOptions ubo;
    ubo.uniformBuffers = true;
    CHECK(expand(store, "main.glsl", ubo).text == "uniform Scene { mat4 viewProjection; };\n");
    IncludeOptions plain;
    plain.uniformBuffers = false;
    CHECK(expand(store, "main.glsl", plain).text == "uniform mat4 viewProjection;\n");

    store.remove("scene_ubo.glsl");
    auto e = errorOf([&] { expand(store, "main.glsl", ubo); });
    REQUIRE(e);
    CHECK(contains(e->message(), "uniform-block variant 'scene_ubo' is missing"));
}

TEST_CASE("IncludeExpander: a cycle is an error printing the chain") {
    ShaderStore store = ShaderStore::empty();
    store.add("a.glsl", "x;\ny;\n#include<b>\n");
    store.add("b.glsl", "1\n2\n3\n4\n5\n6\n#include<a>\n");
    auto e = errorOf([&] { expand(store, "a.glsl"); });
    REQUIRE(e);
    CHECK(e->where().toString() == "b.glsl:7");
    CHECK(e->message() == "include cycle: a.glsl:3 -> b.glsl:7 -> a.glsl");
}

TEST_CASE("IncludeExpander: a missing include is an error printing the chain") {
    ShaderStore store = ShaderStore::empty();
    store.add("main.glsl", "#include<middle>\n");
    store.add("middle.glsl", "\n#include<lightFragmnt>\n");
    store.add("lightFragment.glsl", "\n");
    auto e = errorOf([&] { expand(store, "main.glsl"); });
    REQUIRE(e);
    CHECK(e->where().toString() == "middle.glsl:2");
    CHECK(contains(e->message(), "no shader or include named 'lightFragmnt'"));
    CHECK(contains(e->message(), "main.glsl:1 -> middle.glsl:2 -> lightFragmnt"));
}

TEST_CASE("IncludeExpander: #include inside comments or after code is not a directive") {
    ShaderStore store = ShaderStore::empty();
    store.add("main.glsl", "// #include<missing>\n/*\n#include<missing>\n*/ x; #include<missing>\n  #include<real> // note\n");
    store.add("real.glsl", "real;\n");
    ShaderText out = expand(store, "main.glsl");
    CHECK(out.text == "// #include<missing>\n/*\n#include<missing>\n*/ x; #include<missing>\nreal;\n");
}

TEST_CASE("IncludeExpander: malformed directives") {
    ShaderStore store = ShaderStore::empty();
    store.add("x.glsl", "\n");
    for (const char* line : {"#include x", "#include<x", "#include<>", "#include<x>(a,b,c)", "#include<x>[0-3]",
                             "#include<x> junk", "#include<x>[1..y]"}) {
        CAPTURE(line);
        store.add("main.glsl", std::string(line) + "\n");
        auto e = errorOf([&] { expand(store, "main.glsl"); });
        REQUIRE(e);
        CHECK(e->where().toString() == "main.glsl:1");
    }
}

TEST_CASE("IncludeExpander: depth, repetition and output size are bounded") {
    ShaderStore store = ShaderStore::empty();
    for (int i = 0; i < 40; ++i) store.add("d" + std::to_string(i) + ".glsl", "#include<d" + std::to_string(i + 1) + ">\n");
    store.add("d40.glsl", "end;\n");
    auto e = errorOf([&] { expand(store, "d0.glsl"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "nested deeper than"));

    store.add("big.glsl", "#include<x>[0..100000]\n");
    store.add("x.glsl", "x;\n");
    e = errorOf([&] { expand(store, "big.glsl"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "repeats 100000 times"));

    // Doubling includes: 2^20 lines; the output cap stops it with a message.
    for (int i = 0; i < 24; ++i)
        store.add("twice" + std::to_string(i) + ".glsl",
                  "#include<twice" + std::to_string(i + 1) + ">\n#include<twice" + std::to_string(i + 1) + ">\n");
    store.add("twice24.glsl", std::string(200, 'x') + "\n");
    IncludeOptions options;
    options.maxOutputBytes = 1 << 20;
    e = errorOf([&] { expand(store, "twice0.glsl", options); });
    REQUIRE(e);
    CHECK(contains(e->message(), "more than 1048576 bytes"));
}

TEST_CASE("IncludeExpander: a text that is not in the store keeps its own line map") {
    ShaderStore store = ShaderStore::empty();
    store.add("inc.glsl", "i;\n");
    ShaderText in = ShaderText::fromSource("tool-input.frag", "a;\n#include<inc>\nb;");
    ShaderText out = IncludeExpander(store).expand(in);
    checkLineMap(out);
    CHECK(out.text == "a;\ni;\nb;\n");
    CHECK(out.lines.describe(2) == "tool-input.frag:3");
}
