// A driver that cannot give the asked-for API is an error naming what was asked and what the
// driver offers. Mesa's version overrides stand in for an older driver.
#include "support/GlTestSupport.h"

#include <cstdlib>

#include "core/Error.h"

using namespace th;

TEST_CASE("asking for OpenGL 3.3 core from a 3.0 driver names both versions") {
    setenv("MESA_GL_VERSION_OVERRIDE", "3.0", 1);
    try {
        auto context = test::makeTestContext(GlApi::Gl33Core);
        FAIL("expected an error");
    } catch (const Error& e) {
        std::string m = e.what();
        MESSAGE(m);
        CHECK(m.find("OpenGL 3.3 core") != std::string::npos);
        CHECK(m.find("offers") != std::string::npos);
        CHECK(m.find("3.0") != std::string::npos);
    }
    unsetenv("MESA_GL_VERSION_OVERRIDE");
}

TEST_CASE("asking for OpenGL ES 3.0 from an ES 2.0 driver names both versions") {
    setenv("MESA_GLES_VERSION_OVERRIDE", "2.0", 1);
    try {
        auto context = test::makeTestContext(GlApi::Gles30);
        FAIL("expected an error");
    } catch (const Error& e) {
        std::string m = e.what();
        MESSAGE(m);
        CHECK(m.find("OpenGL ES 3.0") != std::string::npos);
        CHECK(m.find("OpenGL ES 2.0") != std::string::npos);
    }
    unsetenv("MESA_GLES_VERSION_OVERRIDE");
}
