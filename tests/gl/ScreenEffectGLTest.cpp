// ScreenEffect keeps one program per define set: a pass whose defines change between frames or
// views (the tone-mapping pass's curve and bloom) compiles each set once, not at every change.
#include "support/GlTestSupport.h"

#include "render/ScreenEffect.h"
#include "shader/ShaderStore.h"

using namespace th;
using namespace th::test;

TEST_CASE("a screen effect switched between define sets builds each set once and hands back the same program") {
    for (GlApi api : kBothApis) {
        CAPTURE(std::string(toString(api)));
        TestContext context = makeTestContext(api);
        ShaderStore store;
        ScreenEffect pass("post/fullscreen.vert.glsl", "post/tonemap.frag.glsl");
        auto programFor = [&](const char* mode, bool bloom) {
            ShaderDefines defines;
            setDefine(defines, "TONEMAP_MODE", mode);
            if (bloom) setDefine(defines, "BLOOM", "");
            pass.setDefines(std::move(defines));
            return pass.program(store, context->info()).id();
        };
        GLuint neutral = programFor("2", false);
        GLuint agxBloom = programFor("3", true);
        CHECK(neutral != 0);
        CHECK(agxBloom != 0);
        CHECK(agxBloom != neutral);
        // Back and forth, as two views with different curves would go every frame: no rebuild.
        for (int frame = 0; frame < 3; ++frame) {
            CHECK(programFor("2", false) == neutral);
            CHECK(programFor("3", true) == agxBloom);
        }
        requireNoGlErrors(*context);
    }
}
