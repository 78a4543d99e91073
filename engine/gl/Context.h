#pragma once
// One interface over the two ways to get a GL context: a GLFW window and a headless EGL
// context. Either speaks OpenGL 3.3 core or OpenGL ES 3.0; the renderer above is the same
// code for both. The context owns the state cache and the debug-output monitor of its thread.
#include <memory>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "gl/Limits.h"

namespace th {

class StateCache;
class DebugOutput;

enum class GlApi { Gles30, Gl33Core };
const char* toString(GlApi api);
/// Parses "es30"/"es" or "gl33"/"gl"; throws th::Error listing the choices.
GlApi parseGlApi(std::string_view name);

enum class ContextKind {
    Auto,     ///< a window when a display exists, else headless (with one line saying so)
    Window,   ///< a GLFW window; an error when there is no display
    Headless, ///< EGL without a window: Mesa's surfaceless platform or a GPU's device platform
};

struct ContextDesc {
    /// Overridden by TRAILHEAD_GL_API=es30|gl33 when `apiFromEnvironment` is set.
    GlApi api = GlApi::Gles30;
    bool apiFromEnvironment = true;
    /// Overridden by TRAILHEAD_HEADLESS=1 (forces Headless).
    ContextKind kind = ContextKind::Auto;
    /// Window size in screen coordinates, or the headless default target size.
    int width = 1280;
    int height = 720;
    std::string title = "Trailhead";
    bool vsync = true;
    bool visible = true;
    /// KHR_debug output into the engine's log (and into DebugOutput's counters).
    bool debug = true;
    /// Overridden by TRAILHEAD_LIMITS=native|webgl2 when `limitsFromEnvironment` is set.
    LimitsProfile limitsProfile = LimitsProfile::Native;
    bool limitsFromEnvironment = true;
    /// False: behave as a device without float colour attachments (an ES 3.0 device lacking
    /// EXT_color_buffer_float) even where the driver has them, to run that path anywhere.
    bool allowFloatRenderTargets = true;
    /// False: behave as a context that lets no fragment write gl_SampleMask (WebGL2, or ES 3.0
    /// without GL_OES_sample_variables) even where the driver can, to run that path anywhere.
    bool allowSampleVariables = true;
};

struct ContextInfo {
    GlApi api = GlApi::Gles30;
    bool headless = false;
    std::string platform; ///< "glfw", "egl-surfaceless", "egl-device"
    std::string vendor, renderer, version, glslVersion;
    int majorVersion = 0, minorVersion = 0;
    std::vector<std::string> extensions;
    Limits driverLimits;  ///< what the driver reports
    Limits limits;        ///< what the engine budgets against (profile applied)
    LimitsProfile limitsProfile = LimitsProfile::Native;
    bool khrDebug = false;
    bool floatRenderTargets = false;    ///< RGBA16F/32F colour attachments (core in GL 3.3, EXT_color_buffer_float on ES)
    bool floatLinearFiltering = false;  ///< OES_texture_float_linear (RGBA32F); RGBA16F always filters
    bool parallelShaderCompile = false; ///< KHR_parallel_shader_compile
    bool programBinary = false;         ///< at least one program binary format
    bool anisotropicFiltering = false;
    /// A fragment may write gl_SampleMask: GL_OES_sample_variables on ES, GL_ARB_sample_shading
    /// on GL (WebGL2 has neither).
    bool sampleVariables = false;
    /// The sizes gl_PointSize may take, from the driver (not the limits profile: a point size
    /// is a look, not a budget). ES 3.0 and GL 3.3 guarantee 1 as the largest.
    float minPointSize = 1.0f, maxPointSize = 1.0f;

    bool hasExtension(std::string_view name) const;
    /// "llvmpipe (LLVM 15.0.6, 256 bits) | OpenGL ES 3.2 Mesa 22.3.6 | es30 headless egl-surfaceless"
    std::string summary() const;
    /// A context's description without a context: `api` under the WebGL2 minimum limits, with
    /// float render targets. What tools need to build and budget effects offline.
    static ContextInfo webgl2(GlApi api);
};

class Context {
public:
    virtual ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    const ContextInfo& info() const { return mInfo; }
    GlApi api() const { return mInfo.api; }
    const Limits& limits() const { return mInfo.limits; }
    StateCache& state() { return *mState; }
    DebugOutput& debug() { return *mDebug; }

    /// Makes this context current on the calling thread (and its state cache the current one).
    virtual void makeCurrent() = 0;
    virtual bool isWindow() const = 0;
    /// Size of the default framebuffer in pixels (window) or the configured size (headless).
    virtual glm::ivec2 framebufferSize() const = 0;
    /// Presents the default framebuffer (no-op headless).
    virtual void swapBuffers() {}
    virtual void pollEvents() {}
    virtual bool shouldClose() const { return false; }
    virtual void requestClose() {}
    /// Content scale for high-DPI displays (1 headless).
    virtual glm::vec2 contentScale() const { return {1.0f, 1.0f}; }
    /// The GLFWwindow* for a window context (the demo's UI needs it), nullptr headless.
    virtual void* nativeWindow() const { return nullptr; }

protected:
    Context();
    /// Called by implementations once their context is current: loads info and limits,
    /// turns on debug output, creates the state cache.
    void initialiseCommon(const ContextDesc& desc, bool headless, std::string platform);
    bool hasState() const { return mState != nullptr; }
    /// Implementations call this before destroying their context: GL objects released later
    /// must not call into a dead context.
    void releaseCurrent();

private:
    ContextInfo mInfo;
    std::unique_ptr<StateCache> mState;
    std::unique_ptr<DebugOutput> mDebug;
};

/// Creates a context as `desc` asks (after applying the environment overrides). With
/// ContextKind::Auto and no display, falls back to headless and logs one line saying so.
/// Throws th::Error naming the API asked for and what the driver offers when it cannot.
std::unique_ptr<Context> createContext(ContextDesc desc);

} // namespace th
