#pragma once
// Shared helpers for tests that need a real driver: a headless context per API, an offscreen
// target, and the rule that any GL error or high-severity debug message fails the test.
#include <memory>
#include <string>

#include <doctest/doctest.h>

#include "core/Str.h"
#include "gl/Context.h"
#include "gl/DebugOutput.h"
#include "gl/Framebuffer.h"
#include "gl/Texture.h"

namespace th::test {

inline constexpr GlApi kBothApis[] = {GlApi::Gles30, GlApi::Gl33Core};

/// Deletes a test's context after failing the test with every GL error and high-severity
/// debug message nobody claimed (requireNoGlErrors claims them earlier): a test that forgets
/// to ask still fails for the error it caused.
struct FailOnUnclaimedGlErrors {
    void operator()(Context* context) const {
        if (!context) return;
        context->makeCurrent();
        for (auto& e : context->debug().takeErrors()) {
            std::string message = "GL error left unclaimed when the test's context closed: " + e.text;
            FAIL_CHECK(message);
        }
        delete context;
    }
};
using TestContext = std::unique_ptr<Context, FailOnUnclaimedGlErrors>;

/// A headless context of `api` under the WebGL2 limits profile (unless TRAILHEAD_LIMITS says
/// otherwise), ignoring TRAILHEAD_GL_API so a test always gets the API it names.
inline ContextDesc testContextDesc(GlApi api, int width = 64, int height = 64) {
    ContextDesc desc;
    desc.api = api;
    desc.apiFromEnvironment = false;
    desc.kind = ContextKind::Headless;
    desc.width = width;
    desc.height = height;
    desc.limitsProfile = LimitsProfile::WebGL2;
    return desc;
}

inline TestContext makeTestContext(const ContextDesc& desc) { return TestContext(createContext(desc).release()); }

inline TestContext makeTestContext(GlApi api, int width = 64, int height = 64, bool floatRenderTargets = true) {
    ContextDesc desc = testContextDesc(api, width, height);
    desc.allowFloatRenderTargets = floatRenderTargets;
    return makeTestContext(desc);
}

/// Fails the current test with every GL error and high-severity debug message seen since the
/// last call.
inline void requireNoGlErrors(Context& context) {
    auto errors = context.debug().takeErrors();
    for (auto& e : errors) {
        std::string message = "GL error: " + e.text;
        FAIL_CHECK(message);
    }
    CHECK(errors.empty());
}

struct OffscreenTarget {
    Texture color;
    Texture depth;
    Framebuffer framebuffer;
    int width = 0, height = 0;
};

inline OffscreenTarget makeOffscreenTarget(int width, int height, TextureFormat colorFormat = TextureFormat::RGBA8,
                                           TextureFormat depthFormat = TextureFormat::Depth24Stencil8) {
    OffscreenTarget t;
    t.width = width;
    t.height = height;
    t.color = Texture({.format = colorFormat, .width = width, .height = height, .label = "test colour"});
    t.depth = Texture({.format = depthFormat, .width = width, .height = height, .label = "test depth"});
    t.framebuffer = Framebuffer("test target");
    t.framebuffer.attachColor(0, t.color);
    t.framebuffer.attachDepth(t.depth);
    t.framebuffer.setDrawBuffers(1);
    t.framebuffer.check();
    return t;
}

/// The source directory (for assets and goldens).
inline std::string sourceDir() { return TRAILHEAD_SOURCE_DIR; }

} // namespace th::test
