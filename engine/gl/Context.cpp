#include "gl/Context.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/DebugOutput.h"
#include "gl/EglHeadlessContext.h"
#include "gl/GlApi.h"
#include "gl/GlfwWindowContext.h"
#include "gl/StateCache.h"

namespace th {

const char* toString(GlApi api) { return api == GlApi::Gles30 ? "es30" : "gl33"; }

GlApi parseGlApi(std::string_view name) {
    if (name == "es30" || name == "es" || name == "gles") return GlApi::Gles30;
    if (name == "gl33" || name == "gl" || name == "core") return GlApi::Gl33Core;
    throw Error(str("unknown GL API '", name, "'; expected 'es30' (OpenGL ES 3.0) or 'gl33' (OpenGL 3.3 core)"));
}

bool ContextInfo::hasExtension(std::string_view name) const {
    return std::find(extensions.begin(), extensions.end(), name) != extensions.end();
}

ContextInfo ContextInfo::webgl2(GlApi api) {
    ContextInfo info;
    info.api = api;
    info.limitsProfile = LimitsProfile::WebGL2;
    info.limits = info.driverLimits = Limits::webgl2Minimums();
    info.floatRenderTargets = true;
    return info;
}

std::string ContextInfo::summary() const {
    return str(renderer, " | ", version, " | ", toString(api), headless ? " headless " : " window ", platform,
               " | limits ", toString(limitsProfile));
}

Context::Context() = default;
Context::~Context() = default;

void Context::releaseCurrent() {
    if (mState && StateCache::current() == mState.get()) StateCache::clearCurrent();
}

static int getInt(GLenum e) {
    GLint v = 0;
    glGetIntegerv(e, &v);
    return v;
}

static Limits queryLimits(const ContextInfo& info) {
    Limits l;
    l.maxTextureImageUnits = getInt(GL_MAX_TEXTURE_IMAGE_UNITS);
    l.maxVertexTextureImageUnits = getInt(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS);
    l.maxCombinedTextureImageUnits = getInt(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS);
    l.maxVertexUniformBlocks = getInt(GL_MAX_VERTEX_UNIFORM_BLOCKS);
    l.maxFragmentUniformBlocks = getInt(GL_MAX_FRAGMENT_UNIFORM_BLOCKS);
    l.maxCombinedUniformBlocks = getInt(GL_MAX_COMBINED_UNIFORM_BLOCKS);
    l.maxUniformBlockSize = getInt(GL_MAX_UNIFORM_BLOCK_SIZE);
    l.maxUniformBufferBindings = getInt(GL_MAX_UNIFORM_BUFFER_BINDINGS);
    l.uniformBufferOffsetAlignment = getInt(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT);
    if (info.api == GlApi::Gles30) {
        l.maxVertexUniformVectors = getInt(GL_MAX_VERTEX_UNIFORM_VECTORS);
        l.maxFragmentUniformVectors = getInt(GL_MAX_FRAGMENT_UNIFORM_VECTORS);
        l.maxVaryingVectors = getInt(GL_MAX_VARYING_VECTORS);
    } else {
        l.maxVertexUniformVectors = getInt(GL_MAX_VERTEX_UNIFORM_COMPONENTS) / 4;
        l.maxFragmentUniformVectors = getInt(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS) / 4;
        l.maxVaryingVectors = getInt(GL_MAX_VARYING_COMPONENTS) / 4;
    }
    l.maxVertexAttribs = getInt(GL_MAX_VERTEX_ATTRIBS);
    l.maxTextureSize = getInt(GL_MAX_TEXTURE_SIZE);
    l.maxCubeMapTextureSize = getInt(GL_MAX_CUBE_MAP_TEXTURE_SIZE);
    l.max3DTextureSize = getInt(GL_MAX_3D_TEXTURE_SIZE);
    l.maxArrayTextureLayers = getInt(GL_MAX_ARRAY_TEXTURE_LAYERS);
    l.maxRenderbufferSize = getInt(GL_MAX_RENDERBUFFER_SIZE);
    l.maxColorAttachments = getInt(GL_MAX_COLOR_ATTACHMENTS);
    l.maxDrawBuffers = getInt(GL_MAX_DRAW_BUFFERS);
    l.maxSamples = getInt(GL_MAX_SAMPLES);
    glGetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &l.maxTextureLodBias);
    if (info.anisotropicFiltering) glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, &l.maxAnisotropy);
    return l;
}

void Context::initialiseCommon(const ContextDesc& desc, bool headless, std::string platform) {
    ContextInfo& info = mInfo;
    info.api = desc.api;
    info.headless = headless;
    info.platform = std::move(platform);
    auto text = [](GLenum e) {
        auto* s = reinterpret_cast<const char*>(glGetString(e));
        return std::string(s ? s : "");
    };
    info.vendor = text(GL_VENDOR);
    info.renderer = text(GL_RENDERER);
    info.version = text(GL_VERSION);
    info.glslVersion = text(GL_SHADING_LANGUAGE_VERSION);
    glGetIntegerv(GL_MAJOR_VERSION, &info.majorVersion);
    glGetIntegerv(GL_MINOR_VERSION, &info.minorVersion);
    GLint count = getInt(GL_NUM_EXTENSIONS);
    for (GLint i = 0; i < count; ++i) {
        auto* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
        if (e) info.extensions.emplace_back(e);
    }
    bool desktop = desc.api == GlApi::Gl33Core;
    int version = info.majorVersion * 10 + info.minorVersion;
    info.khrDebug = info.hasExtension("GL_KHR_debug") || (desktop ? version >= 43 : version >= 32);
    info.floatRenderTargets = desc.allowFloatRenderTargets && (desktop || info.hasExtension("GL_EXT_color_buffer_float"));
    info.floatLinearFiltering = desktop || info.hasExtension("GL_OES_texture_float_linear");
    info.parallelShaderCompile = info.hasExtension("GL_KHR_parallel_shader_compile");
    info.programBinary = getInt(GL_NUM_PROGRAM_BINARY_FORMATS) > 0;
    info.anisotropicFiltering = info.hasExtension("GL_EXT_texture_filter_anisotropic") ||
                                info.hasExtension("GL_ARB_texture_filter_anisotropic");
    info.sampleVariables = desc.allowSampleVariables && info.hasExtension(desktop ? "GL_ARB_sample_shading" : "GL_OES_sample_variables");
    info.driverLimits = queryLimits(info);
    {
        // Desktop core profiles name the range GL_POINT_SIZE_RANGE; ES only has the aliased one.
        GLfloat range[2] = {1.0f, 1.0f};
        glGetFloatv(desktop ? GL_POINT_SIZE_RANGE : GL_ALIASED_POINT_SIZE_RANGE, range);
        info.minPointSize = range[0];
        info.maxPointSize = std::max(range[0], range[1]);
    }
    info.limitsProfile = desc.limitsProfile;
    info.limits = desc.limitsProfile == LimitsProfile::WebGL2 ? info.driverLimits.clampedTo(Limits::webgl2Minimums())
                                                              : info.driverLimits;
    mState = std::make_unique<StateCache>();
    mState->makeCurrent();
    mDebug = std::make_unique<DebugOutput>(desc.debug, info.khrDebug, !desktop);
    if (desktop) {
        // Seamless cube filtering is always on in ES 3.0; desktop GL needs it switched on so
        // prefiltered environment maps do not show face seams.
        glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
        // Points take their size from the vertex shader, as they always do in ES 3.0.
        glEnable(GL_PROGRAM_POINT_SIZE);
    }
    logInfo("GL context: ", info.summary());
}

static bool displayAvailable() {
    const char* x = std::getenv("DISPLAY");
    const char* wl = std::getenv("WAYLAND_DISPLAY");
    return (x && *x) || (wl && *wl);
}

std::unique_ptr<Context> createContext(ContextDesc desc) {
    if (desc.apiFromEnvironment) {
        if (const char* api = std::getenv("TRAILHEAD_GL_API"); api && *api) desc.api = parseGlApi(api);
    }
    if (const char* h = std::getenv("TRAILHEAD_HEADLESS"); h && *h && std::strcmp(h, "0") != 0) desc.kind = ContextKind::Headless;
    if (desc.limitsFromEnvironment) desc.limitsProfile = limitsProfileFromEnvironment(desc.limitsProfile);

    if (desc.kind == ContextKind::Headless) return std::make_unique<EglHeadlessContext>(desc);
    if (!displayAvailable()) {
        if (desc.kind == ContextKind::Window) throw Error("a window was asked for, but there is no display (DISPLAY and WAYLAND_DISPLAY are unset)");
        logInfo("no display (DISPLAY and WAYLAND_DISPLAY are unset): rendering headless through EGL");
        return std::make_unique<EglHeadlessContext>(desc);
    }
    try {
        return std::make_unique<GlfwWindowContext>(desc);
    } catch (const GlfwUnavailable& e) {
        if (desc.kind == ContextKind::Window) throw;
        logInfo("no usable display (", e.what(), "): rendering headless through EGL");
        return std::make_unique<EglHeadlessContext>(desc);
    }
}

} // namespace th
