#pragma once
// A desktop window through GLFW 3.3 with an OpenGL 3.3 core or OpenGL ES 3.0 context.
#include <string>

#include "core/Error.h"
#include "gl/Context.h"

struct GLFWwindow;

namespace th {

/// GLFW could not reach a display at all (as opposed to a context it could not create);
/// the Auto context kind falls back to headless on this one.
class GlfwUnavailable : public Error {
public:
    using Error::Error;
};

class GlfwWindowContext final : public Context {
public:
    explicit GlfwWindowContext(const ContextDesc& desc);
    ~GlfwWindowContext() override;

    void makeCurrent() override;
    bool isWindow() const override { return true; }
    glm::ivec2 framebufferSize() const override;
    void swapBuffers() override;
    void pollEvents() override;
    bool shouldClose() const override;
    void requestClose() override;
    glm::vec2 contentScale() const override;
    void* nativeWindow() const override { return mWindow; }

private:
    GLFWwindow* mWindow = nullptr;
};

} // namespace th
