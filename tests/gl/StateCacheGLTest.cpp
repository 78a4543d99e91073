// The state cache must remove redundant binds without changing the image.
#include "support/GlTestSupport.h"

#include "gl/Buffer.h"
#include "gl/GlApi.h"
#include "gl/Program.h"
#include "gl/Readback.h"
#include "gl/StateCache.h"
#include "gl/VertexArray.h"

using namespace th;

namespace {

const char* kVs = R"(#version 300 es
in vec2 position;
uniform vec2 offset;
void main() { gl_Position = vec4(position * 0.2 + offset, 0.0, 1.0); }
)";
const char* kFs = R"(#version 300 es
precision highp float;
uniform sampler2D tint;
out vec4 fragColor;
void main() { fragColor = texture(tint, vec2(0.5)); }
)";

struct Frame {
    ImageRgba8 image;
    StateCache::Counters counters;
};

// Draws a 5×5 grid of squares the way a naive renderer would: every draw re-binds the same
// program, vertex array, texture and state.
Frame drawGrid(Context& context, bool bypass) {
    auto target = test::makeOffscreenTarget(64, 64);
    Program program = Program::build({.label = "grid",
                                      .vertex = ShaderText::fromSource("grid.vert", kVs),
                                      .fragment = ShaderText::fromSource("grid.frag", kFs),
                                      .attributeLocations = {{"position", 0}}});
    const float quad[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
    Buffer vertices(GL_ARRAY_BUFFER, sizeof quad, quad, BufferUsage::Static, "quad");
    VertexArray vao("quad");
    vao.setAttribute(vertices, {.location = 0, .components = 2});
    const uint8_t orange[] = {255, 128, 0, 255};
    Texture tint({.width = 1, .height = 1, .label = "tint"});
    tint.upload(0, 0, orange);

    StateCache& state = context.state();
    state.setBypass(bypass);
    state.invalidate();
    state.resetCounters();
    target.framebuffer.bind();
    state.viewport(0, 0, 64, 64);
    state.clearColor({0, 0, 0, 1});
    state.clear(true, true, false);
    GLint offsetLocation = program.uniformLocation("offset");
    program.setSamplerUnit("tint", 0);
    for (int y = 0; y < 5; ++y) {
        for (int x = 0; x < 5; ++x) {
            target.framebuffer.bind();
            state.viewport(0, 0, 64, 64);
            state.apply(RenderState{.cull = CullMode::None});
            program.use();
            vao.bind();
            tint.bind(0);
            glUniform2f(offsetLocation, -0.8f + 0.4f * float(x), -0.8f + 0.4f * float(y));
            glDrawArrays(GL_TRIANGLES, 0, 6);
        }
    }
    Frame f{readPixels(target.framebuffer.id(), 0, 0, 64, 64), state.counters()};
    state.setBypass(false);
    return f;
}

} // namespace

TEST_CASE("the state cache skips redundant calls and the image is unchanged") {
    auto context = test::makeTestContext(GlApi::Gles30);
    Frame cached = drawGrid(*context, false);
    Frame uncached = drawGrid(*context, true);
    CHECK((cached.image.pixels == uncached.image.pixels));
    auto center = cached.image.rgba(32, 32);
    CHECK((center == std::array<uint8_t, 4>{255, 128, 0, 255}));
    MESSAGE("GL calls: cached ", cached.counters.issued, " (skipped ", cached.counters.skipped, "), uncached ",
            uncached.counters.issued);
    CHECK(uncached.counters.skipped == 0);
    // 25 draws × (fbo, viewport, state, program, vao, texture) re-issued without the cache.
    CHECK(cached.counters.issued * 4 < uncached.counters.issued);
    CHECK(cached.counters.skipped > 100);
    test::requireNoGlErrors(*context);
}

TEST_CASE("no stencil call is made when no state asks for stencil") {
    auto context = test::makeTestContext(GlApi::Gles30);
    StateCache& state = context->state();
    state.resetCounters();
    state.apply(RenderState{});
    auto afterDefault = state.counters().issued;
    state.resetCounters();
    state.apply(RenderState{});
    CHECK(state.counters().issued == 0); // all redundant now
    RenderState withStencil;
    withStencil.stencil = StencilState{.compare = CompareFunc::Equal, .reference = 1};
    state.resetCounters();
    state.apply(withStencil);
    CHECK(state.counters().issued == 4); // enable + func + op + mask
    GLboolean enabled = glIsEnabled(GL_STENCIL_TEST);
    CHECK(enabled == GL_TRUE);
    state.apply(RenderState{});
    CHECK(glIsEnabled(GL_STENCIL_TEST) == GL_FALSE);
    CHECK(afterDefault > 0);
    test::requireNoGlErrors(*context);
}

TEST_CASE("deleting a bound object is forgotten by the cache") {
    auto context = test::makeTestContext(GlApi::Gles30);
    StateCache& state = context->state();
    {
        Texture a({.width = 4, .height = 4, .label = "a"});
        a.bind(3);
    }
    Texture b({.width = 4, .height = 4, .label = "b"});
    b.bind(3);
    GLint bound = 0;
    state.activeTexture(3);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    CHECK(GLuint(bound) == b.id());

    // A driver may hand a deleted texture's name to the next texture made (Mesa happens not
    // to, so name it again by hand): binding that name where the deleted one was must reach
    // GL, which a cache still believing it bound there would skip.
    GLuint reused = 0;
    {
        Texture c({.width = 4, .height = 4, .label = "c"});
        reused = c.id();
        c.bind(5);
    }
    state.activeTexture(5);
    state.resetCounters();
    state.bindTexture(5, GL_TEXTURE_2D, reused); // ES: binding an unused name makes a texture of it
    CHECK(state.counters().issued == 1);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    CHECK(GLuint(bound) == reused);
    glDeleteTextures(1, &reused);
    state.forget(GlObjectKind::Texture, reused);
    test::requireNoGlErrors(*context);
}
