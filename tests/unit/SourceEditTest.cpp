// Raw-source edits (the string side of a raw-source hook): line origins survive, added and
// changed lines name the hook, and a hook that throws or returns nothing is an error.
#include <doctest/doctest.h>

#include <stdexcept>

#include "ShaderTestHelpers.h"
#include "shader/SourceEdit.h"

using namespace th;
using namespace th::test;

TEST_CASE("SourceEdit: unchanged lines keep their origins - new and edited ones name the hook") {
    ShaderText t = ShaderText::fromSource("shader.frag", "a;\nb;\nc;\nd;\n");
    SourceEdit e{"plugin 'Wave'", [](std::string_view s, ShaderStage) {
                     std::string out(s);
                     out.insert(0, "uniform float wave;\n");
                     out.replace(out.find("c;"), 2, "c * wave;");
                     return out;
                 }};
    applySourceEdit(e, ShaderStage::Fragment, t);
    checkLineMap(t);
    CHECK(t.text == "uniform float wave;\na;\nb;\nc * wave;\nd;\n");
    CHECK(t.lines.describe(0) == "plugin 'Wave' source hook:1");
    CHECK(t.lines.describe(1) == "shader.frag:1");
    CHECK(t.lines.describe(2) == "shader.frag:2");
    CHECK(t.lines.describe(3) == "plugin 'Wave' source hook:4");
    CHECK(t.lines.describe(4) == "shader.frag:4");
}

TEST_CASE("SourceEdit: a hook that throws or returns empty source is an error naming it and the stage") {
    ShaderText t = ShaderText::fromSource("shader.frag", "a;\n");
    auto e = errorOf([&] {
        applySourceEdit({"material 'M'", [](std::string_view, ShaderStage) -> std::string { throw std::runtime_error("no marker"); }},
                        ShaderStage::Vertex, t);
    });
    REQUIRE(e);
    CHECK(contains(e->message(), "material 'M': the source hook failed on the vertex stage: no marker"));
    e = errorOf([&] { applySourceEdit({"plugin 'P'", [](std::string_view, ShaderStage) { return std::string("\n"); }}, ShaderStage::Fragment, t); });
    REQUIRE(e);
    CHECK(contains(e->message(), "plugin 'P': the source hook returned an empty fragment source"));
}
