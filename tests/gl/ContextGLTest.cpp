// The foundation's promise: a real shader draws a coloured, depth-tested shape into an FBO in
// both an OpenGL ES 3.0 and an OpenGL 3.3 core headless context, and the pixels come back.
#include <array>

#include "support/GlTestSupport.h"

#include "gl/Buffer.h"
#include "gl/GlApi.h"
#include "gl/Program.h"
#include "gl/Readback.h"
#include "gl/StateCache.h"
#include "gl/VertexArray.h"

using namespace th;

namespace {

std::string versionLine(GlApi api) { return api == GlApi::Gles30 ? "#version 300 es\nprecision highp float;\n" : "#version 330 core\n"; }

Program buildColourProgram(GlApi api) {
    std::string vs = versionLine(api) + R"(
in vec3 position;
in vec3 color;
out vec3 vColor;
void main() {
    vColor = color;
    gl_Position = vec4(position, 1.0);
}
)";
    std::string fs = versionLine(api) + R"(
in vec3 vColor;
out vec4 fragColor;
void main() { fragColor = vec4(vColor, 1.0); }
)";
    return Program::build({.label = "colour",
                           .vertex = ShaderText::fromSource("test.vert", vs),
                           .fragment = ShaderText::fromSource("test.frag", fs),
                           .attributeLocations = {{"position", 0}, {"color", 1}}});
}

struct Vertex {
    float x, y, z, r, g, b;
};

// Two overlapping quads: red at depth 0.5 covering the left 3/4, green at depth -0.5 (nearer)
// covering the right 3/4, drawn red LAST so depth testing, not draw order, decides the middle.
const std::array<Vertex, 12> kQuads = {{
    {-0.5f, -1, -0.5f, 0, 1, 0}, {1, -1, -0.5f, 0, 1, 0}, {1, 1, -0.5f, 0, 1, 0},
    {-0.5f, -1, -0.5f, 0, 1, 0}, {1, 1, -0.5f, 0, 1, 0}, {-0.5f, 1, -0.5f, 0, 1, 0},
    {-1, -1, 0.5f, 1, 0, 0}, {0.5f, -1, 0.5f, 1, 0, 0}, {0.5f, 1, 0.5f, 1, 0, 0},
    {-1, -1, 0.5f, 1, 0, 0}, {0.5f, 1, 0.5f, 1, 0, 0}, {-1, 1, 0.5f, 1, 0, 0},
}};

} // namespace

TEST_CASE("a depth-tested coloured shape renders and reads back in ES 3.0 and GL 3.3 core") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api);
        CHECK((context->api() == api));
        CHECK_FALSE(context->isWindow());
        CHECK(context->limits().maxTextureImageUnits == 16); // WebGL2 profile
        {
            auto target = test::makeOffscreenTarget(64, 32);
            Program program = buildColourProgram(api);
            Buffer vertices(GL_ARRAY_BUFFER, sizeof kQuads, kQuads.data(), BufferUsage::Static, "quads");
            VertexArray vao("quads");
            vao.setAttribute(vertices, {.location = 0, .components = 3, .stride = sizeof(Vertex), .offset = 0});
            vao.setAttribute(vertices, {.location = 1, .components = 3, .stride = sizeof(Vertex), .offset = 12});

            StateCache& state = context->state();
            target.framebuffer.bind();
            state.viewport(0, 0, 64, 32);
            state.clearColor({0, 0, 1, 1});
            state.clear(true, true, false);
            state.apply(RenderState{.depthCompare = CompareFunc::Less, .cull = CullMode::None});
            program.use();
            vao.bind();
            glDrawArrays(GL_TRIANGLES, 0, 12);

            ImageRgba8 image = readPixels(target.framebuffer.id(), 0, 0, 64, 32);
            auto left = image.rgba(4, 16), middle = image.rgba(32, 16), right = image.rgba(60, 16);
            CHECK((left == std::array<uint8_t, 4>{255, 0, 0, 255}));   // only red
            CHECK((middle == std::array<uint8_t, 4>{0, 255, 0, 255})); // green is nearer
            CHECK((right == std::array<uint8_t, 4>{0, 255, 0, 255}));  // only green
            test::requireNoGlErrors(*context);
        }
    }
}

TEST_CASE("context reports renderer, version and limits, clamped by the WebGL2 profile") {
    for (GlApi api : test::kBothApis) {
        CAPTURE(toString(api));
        auto context = test::makeTestContext(api);
        const ContextInfo& info = context->info();
        CHECK_FALSE(info.renderer.empty());
        CHECK_FALSE(info.version.empty());
        CHECK(info.majorVersion >= 3);
        CHECK(info.limits.maxFragmentUniformBlocks == 12);
        CHECK(info.limits.maxUniformBlockSize == 16384);
        CHECK(info.limits.maxArrayTextureLayers == 256);
        CHECK(info.driverLimits.maxTextureImageUnits >= info.limits.maxTextureImageUnits);
        CHECK(info.khrDebug);
        CHECK(context->debug().active());
    }
}

TEST_CASE("a GL error is caught by the debug monitor") {
    auto context = test::makeTestContext(GlApi::Gles30);
    glBindTexture(0x1234, 0); // GL_INVALID_ENUM on purpose
    auto errors = context->debug().takeErrors();
    CHECK_FALSE(errors.empty());
    CHECK(context->debug().takeErrors().empty());
}

TEST_CASE("a shader compile error names the source file and line") {
    auto context = test::makeTestContext(GlApi::Gles30);
    std::string vs = "#version 300 es\nin vec3 position;\nvoid main() { gl_Position = vec4(position, 1.0); }\n";
    std::string fs = "#version 300 es\nprecision highp float;\nout vec4 c;\nvoid main() {\n  c = vec4(undeclaredThing);\n}\n";
    try {
        Program::build({.label = "broken", .vertex = ShaderText::fromSource("ok.vert", vs),
                        .fragment = ShaderText::fromSource("plugins/x/broken.frag.glsl", fs)});
        FAIL("expected a compile error");
    } catch (const ShaderCompileError& e) {
        CHECK(e.stage() == "fragment compile");
        CHECK(std::string(e.what()).find("plugins/x/broken.frag.glsl:5") != std::string::npos);
        CHECK(std::string(e.what()).find("undeclaredThing") != std::string::npos);
    }
    context->debug().takeAll(); // the driver may also report the failure through KHR_debug
}
