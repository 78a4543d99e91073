// A plugin's declared uniforms laid out in std140 as the material's "Plugins" block does, and
// a malformed declaration named with the uniform and its type.
#include <doctest/doctest.h>

#include <string>

#include "core/Error.h"
#include "gl/Std140Layout.h"
#include "material/PluginUniforms.h"

using namespace th;

TEST_CASE("plugin uniforms: plain and array types are laid out, a malformed type names the uniform") {
    Std140Layout layout;
    addPluginUniform(layout, {"windDirection", "vec2"});
    addPluginUniform(layout, {"bands", "float[4]"});
    CHECK(layout.members().size() == 2);
    CHECK(layout.size() >= 8 + 4 * 16); // a vec2, then four floats at a 16-byte stride
    for (const char* type : {"float[x]", "float[0]", "float[4", "float[4]]", "vec9"}) {
        std::string message;
        try {
            addPluginUniform(layout, {"broken", type});
        } catch (const Error& e) {
            message = e.what();
        }
        CAPTURE(type);
        CHECK(message.find(type) != std::string::npos);
        CHECK(message.find("plugin uniform 'broken'") != std::string::npos);
    }
}
