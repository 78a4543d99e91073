#include "gl/DebugOutput.h"

#include <algorithm>

#include "core/Log.h"
#include "gl/GlApi.h"

namespace th {

const char* glErrorName(unsigned error) {
    switch (error) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "unknown GL error";
    }
}

static const char* sourceName(GLenum source) {
    switch (source) {
    case GL_DEBUG_SOURCE_API: return "api";
    case GL_DEBUG_SOURCE_WINDOW_SYSTEM: return "window system";
    case GL_DEBUG_SOURCE_SHADER_COMPILER: return "shader compiler";
    case GL_DEBUG_SOURCE_THIRD_PARTY: return "third party";
    case GL_DEBUG_SOURCE_APPLICATION: return "application";
    default: return "other";
    }
}

static void GLAPIENTRY onDebugMessage(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                      const GLchar* message, const void* user) {
    auto* self = static_cast<DebugOutput*>(const_cast<void*>(user));
    std::string text(message, length >= 0 ? size_t(length) : std::char_traits<char>::length(message));
    bool high = severity == GL_DEBUG_SEVERITY_HIGH || type == GL_DEBUG_TYPE_ERROR;
    std::string line = str("GL ", sourceName(source), " #", id, ": ", text);
    if (high) logError(line);
    else if (severity == GL_DEBUG_SEVERITY_MEDIUM) logWarning(line);
    else logDebug(line);
    self->record({high, std::move(text)});
}

DebugOutput::DebugOutput(bool enable, bool khrDebugAvailable, bool es) {
    if (!enable || !khrDebugAvailable) return;
    // ES 3.0 drivers expose KHR_debug with the KHR suffix; GL 4.3+/ES 3.2 have it in core.
    bool core = !es || epoxy_gl_version() >= 32;
    if (core) {
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        glDebugMessageCallback(onDebugMessage, this);
        // Notifications (buffer placement hints and the like) are noise at this level.
        glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, nullptr, GL_FALSE);
    } else {
        glEnable(GL_DEBUG_OUTPUT_KHR);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR);
        glDebugMessageCallbackKHR(onDebugMessage, this);
        glDebugMessageControlKHR(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION_KHR, 0, nullptr, GL_FALSE);
    }
    mActive = true;
}

DebugOutput::~DebugOutput() = default;

void DebugOutput::record(GlMessage message) { mMessages.push_back(std::move(message)); }

std::vector<GlMessage> DebugOutput::takeErrors() {
    for (int guard = 0; guard < 64; ++guard) {
        GLenum e = glGetError();
        if (e == GL_NO_ERROR) break;
        mMessages.push_back({true, str("glGetError: ", glErrorName(e))});
    }
    std::vector<GlMessage> errors;
    for (auto& m : mMessages)
        if (m.highSeverity) errors.push_back(m);
    mMessages.clear();
    return errors;
}

std::vector<GlMessage> DebugOutput::takeAll() {
    std::vector<GlMessage> all = std::move(mMessages);
    mMessages.clear();
    return all;
}

} // namespace th
