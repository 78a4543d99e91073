#pragma once
// KHR_debug output routed into the engine's log, plus a tally that tests use to fail on any
// GL error or high-severity debug message caused by what they ran.
#include <string>
#include <vector>

namespace th {

struct GlMessage {
    bool highSeverity = false; ///< GL_DEBUG_SEVERITY_HIGH or a GL error
    std::string text;
};

class DebugOutput {
public:
    /// Installs the KHR_debug callback on the current context when `enable` and available.
    DebugOutput(bool enable, bool khrDebugAvailable, bool es);
    ~DebugOutput();
    DebugOutput(const DebugOutput&) = delete;
    DebugOutput& operator=(const DebugOutput&) = delete;

    bool active() const { return mActive; }

    /// Drains glGetError and returns (and forgets) every high-severity message and GL error
    /// seen since the last call. A test calls this after its GL work and asserts it is empty.
    std::vector<GlMessage> takeErrors();
    /// Every message (any severity) seen since the last call; for diagnostics.
    std::vector<GlMessage> takeAll();

    /// Called by the callback; public for the C trampoline only.
    void record(GlMessage message);

private:
    bool mActive = false;
    std::vector<GlMessage> mMessages;
};

/// Names a GL error code ("GL_INVALID_ENUM").
const char* glErrorName(unsigned error);

} // namespace th
