// Material::setStencil refuses combinations that cannot do what they say, at creation time,
// with a message naming the field; sensible portal and mask states are accepted.
#include <doctest/doctest.h>

#include <string>

#include "core/Error.h"
#include "material/PbrMaterial.h"

using namespace th;

namespace {

std::string errorOf(const StencilState& s) {
    PbrMaterial m("portal frame");
    try {
        m.setStencil(s);
    } catch (const Error& e) {
        CHECK_FALSE(m.stencil().has_value()); // a refused state is not half-applied
        return e.what();
    }
    return {};
}

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

} // namespace

TEST_CASE("stencil: portal writers and testers are accepted") {
    PbrMaterial m("m");
    CHECK_NOTHROW(m.setStencil(StencilState{.compare = CompareFunc::Always, .pass = StencilOp::Replace, .reference = 1}));
    CHECK(m.writesStencil());
    CHECK_NOTHROW(m.setStencil(StencilState{.compare = CompareFunc::Equal, .reference = 1}));
    CHECK_FALSE(m.writesStencil());
    CHECK_NOTHROW(m.setStencil(StencilState{.compare = CompareFunc::NotEqual, .reference = 1, .readMask = 0x01}));
    CHECK_NOTHROW(m.setStencil(StencilState{.compare = CompareFunc::Always, .pass = StencilOp::Increment}));
    CHECK_NOTHROW(m.setStencil(StencilState{.compare = CompareFunc::Never, .fail = StencilOp::Replace, .reference = 4}));
    CHECK_NOTHROW(m.setStencil(StencilState{.compare = CompareFunc::Always, .pass = StencilOp::Zero}));
    CHECK_NOTHROW(m.setStencil(std::nullopt));
    CHECK_FALSE(m.stencil().has_value());
}

TEST_CASE("stencil: invalid combinations fail at creation with the field named") {
    struct Case {
        const char* what;
        StencilState state;
        const char* mentions;
    };
    const Case cases[] = {
        {"writes through a zero write mask", {.compare = CompareFunc::Always, .pass = StencilOp::Replace, .reference = 1, .writeMask = 0},
         "write mask is 0"},
        {"replaces with a reference the write mask clears",
         {.compare = CompareFunc::Always, .pass = StencilOp::Replace, .reference = 2, .writeMask = 1}, "reference 2"},
        {"compares through a zero read mask", {.compare = CompareFunc::Equal, .reference = 0, .readMask = 0}, "read mask 0"},
        {"neither tests nor writes", {.compare = CompareFunc::Always}, "does nothing"},
        {"fail operation under 'always'", {.compare = CompareFunc::Always, .fail = StencilOp::Zero, .pass = StencilOp::Keep},
         "fail operation"},
        {"pass operation under 'never'", {.compare = CompareFunc::Never, .pass = StencilOp::Replace, .reference = 1}, "never run"},
        {"'never' that writes nothing", {.compare = CompareFunc::Never}, "neither draws"},
        {"reference outside the read mask", {.compare = CompareFunc::Equal, .reference = 3, .readMask = 1}, "outside the read mask"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        std::string message = errorOf(c.state);
        CHECK_FALSE(message.empty());
        CHECK(contains(message, "portal frame"));
        CHECK(contains(message, c.mentions));
    }
}
