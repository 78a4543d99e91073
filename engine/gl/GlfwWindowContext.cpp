#include "gl/GlfwWindowContext.h"

// epoxy's GL declarations first; GLFW must not pull in the system GL header.
#include "gl/GlApi.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "core/Log.h"
#include "core/Str.h"
#include "gl/StateCache.h"

namespace th {

namespace {
std::string gLastGlfwError;

void onGlfwError(int code, const char* description) {
    gLastGlfwError = str(description ? description : "unknown", " (GLFW error 0x", std::hex, code, ")");
}

int gWindowCount = 0;
} // namespace

GlfwWindowContext::GlfwWindowContext(const ContextDesc& desc) {
    glfwSetErrorCallback(onGlfwError);
    if (gWindowCount == 0 && !glfwInit()) throw GlfwUnavailable(str("GLFW cannot start: ", gLastGlfwError));
    ++gWindowCount;
    glfwDefaultWindowHints();
    if (desc.api == GlApi::Gles30) {
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    } else {
        glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    }
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, desc.visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_DEPTH_BITS, 24);
    glfwWindowHint(GLFW_STENCIL_BITS, 8);
    glfwWindowHint(GLFW_SRGB_CAPABLE, GLFW_FALSE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, desc.debug ? GLFW_TRUE : GLFW_FALSE);
    mWindow = glfwCreateWindow(desc.width, desc.height, desc.title.c_str(), nullptr, nullptr);
    if (!mWindow) {
        std::string why = gLastGlfwError;
        // Ask for any context to report what the driver does offer.
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        std::string offered = "nothing usable";
        if (GLFWwindow* probe = glfwCreateWindow(16, 16, "probe", nullptr, nullptr)) {
            glfwMakeContextCurrent(probe);
            if (auto* v = reinterpret_cast<const char*>(glGetString(GL_VERSION))) offered = v;
            glfwDestroyWindow(probe);
        }
        if (--gWindowCount == 0) glfwTerminate();
        throw Error(str("cannot create a window with an ", desc.api == GlApi::Gles30 ? "OpenGL ES 3.0" : "OpenGL 3.3 core",
                        " context: ", why, "; the driver offers: ", offered));
    }
    makeCurrent();
    glfwSwapInterval(desc.vsync ? 1 : 0);
    initialiseCommon(desc, false, "glfw");
}

GlfwWindowContext::~GlfwWindowContext() {
    releaseCurrent();
    glfwDestroyWindow(mWindow);
    if (--gWindowCount == 0) glfwTerminate();
}

void GlfwWindowContext::makeCurrent() {
    glfwMakeContextCurrent(mWindow);
    if (hasState()) state().makeCurrent();
}

glm::ivec2 GlfwWindowContext::framebufferSize() const {
    int w = 0, h = 0;
    glfwGetFramebufferSize(mWindow, &w, &h);
    return {w, h};
}

void GlfwWindowContext::swapBuffers() { glfwSwapBuffers(mWindow); }
void GlfwWindowContext::pollEvents() { glfwPollEvents(); }
bool GlfwWindowContext::shouldClose() const { return glfwWindowShouldClose(mWindow); }
void GlfwWindowContext::requestClose() { glfwSetWindowShouldClose(mWindow, GLFW_TRUE); }

glm::vec2 GlfwWindowContext::contentScale() const {
    float x = 1, y = 1;
    glfwGetWindowContentScale(mWindow, &x, &y);
    return {x, y};
}

} // namespace th
