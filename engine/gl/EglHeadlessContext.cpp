#include "gl/EglHeadlessContext.h"

#include <cstdlib>
#include <cstring>
#include <vector>

#include <epoxy/egl.h>

#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/StateCache.h"

namespace th {

namespace {

bool hasClientExtension(const char* name) {
    const char* ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!ext) return false;
    for (std::string_view e : split(ext, ' '))
        if (e == name) return true;
    return false;
}

/// A hardware device's display, if the EGL device platform offers one (skipping Mesa's
/// software device, for which the surfaceless platform is the documented path).
EGLDisplay deviceDisplay() {
    if (!hasClientExtension("EGL_EXT_device_enumeration") || !hasClientExtension("EGL_EXT_platform_device")) return EGL_NO_DISPLAY;
    EGLint count = 0;
    if (!eglQueryDevicesEXT(0, nullptr, &count) || count <= 0) return EGL_NO_DISPLAY;
    std::vector<EGLDeviceEXT> devices(static_cast<size_t>(count));
    eglQueryDevicesEXT(count, devices.data(), &count);
    for (EGLint i = 0; i < count; ++i) {
        const char* ext = eglQueryDeviceStringEXT(devices[size_t(i)], EGL_EXTENSIONS);
        if (ext && std::strstr(ext, "EGL_MESA_device_software")) continue;
        EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[size_t(i)], nullptr);
        EGLint major = 0, minor = 0;
        if (d != EGL_NO_DISPLAY && eglInitialize(d, &major, &minor)) return d;
    }
    return EGL_NO_DISPLAY;
}

EGLContext tryCreate(EGLDisplay display, GlApi api, EGLConfig config) {
    if (api == GlApi::Gles30) {
        eglBindAPI(EGL_OPENGL_ES_API);
        const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
        return eglCreateContext(display, config, EGL_NO_CONTEXT, attribs);
    }
    eglBindAPI(EGL_OPENGL_API);
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    return eglCreateContext(display, config, EGL_NO_CONTEXT, attribs);
}

/// What the driver offers when the asked-for version failed: the version string of a
/// default context of each API, for the error message.
std::string offeredVersions(EGLDisplay display, EGLConfig config) {
    // The newest context of each API the driver will create: ES from 3 down (a default ES
    // context is 1.x), desktop GL by its default (compatibility) profile.
    std::vector<std::string> offers;
    auto probe = [&](EGLenum api, const EGLint* attribs) {
        if (!eglBindAPI(api)) return false;
        EGLContext c = eglCreateContext(display, config, EGL_NO_CONTEXT, attribs);
        if (c == EGL_NO_CONTEXT) return false;
        if (eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
            auto* v = reinterpret_cast<const char*>(glGetString(GL_VERSION));
            offers.push_back(v ? v : "unknown version");
            eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        }
        eglDestroyContext(display, c);
        return true;
    };
    for (EGLint major : {3, 2, 1}) {
        const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_NONE};
        if (probe(EGL_OPENGL_ES_API, attribs)) break;
    }
    const EGLint none[] = {EGL_NONE};
    probe(EGL_OPENGL_API, none);
    return offers.empty() ? "no usable context at all" : join(offers, "; ");
}

} // namespace

EglHeadlessContext::EglHeadlessContext(const ContextDesc& desc) : mSize(desc.width, desc.height) {
    const char* forced = std::getenv("TRAILHEAD_EGL_PLATFORM");
    std::string platform;
    EGLDisplay display = EGL_NO_DISPLAY;
    if (!forced || std::strcmp(forced, "device") == 0) {
        display = deviceDisplay();
        if (display != EGL_NO_DISPLAY) platform = "egl-device";
    }
    if (display == EGL_NO_DISPLAY && (!forced || std::strcmp(forced, "surfaceless") == 0)) {
        if (!hasClientExtension("EGL_MESA_platform_surfaceless"))
            throw Error("headless rendering needs EGL_MESA_platform_surfaceless (Debian: libegl-mesa0) or a GPU driver's "
                        "EGL device platform; neither is available");
        display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        EGLint major = 0, minor = 0;
        if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor))
            throw Error(str("cannot initialise EGL on the surfaceless platform (EGL error 0x", std::hex, eglGetError(), ")"));
        platform = "egl-surfaceless";
    }
    if (display == EGL_NO_DISPLAY)
        throw Error(str("TRAILHEAD_EGL_PLATFORM='", forced ? forced : "", "' is not available; use 'device' or 'surfaceless'"));
    mDisplay = display;

    EGLint renderable = desc.api == GlApi::Gles30 ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT;
    const EGLint configAttribs[] = {EGL_SURFACE_TYPE, 0, EGL_RENDERABLE_TYPE, renderable, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    eglChooseConfig(display, configAttribs, &config, 1, &count);
    if (count == 0) config = EGL_NO_CONFIG_KHR; // configless contexts (EGL_KHR_no_config_context)

    EGLContext context = tryCreate(display, desc.api, config);
    if (context == EGL_NO_CONTEXT) {
        std::string offers = offeredVersions(display, config);
        throw Error(str("cannot create an ", desc.api == GlApi::Gles30 ? "OpenGL ES 3.0" : "OpenGL 3.3 core",
                        " context on ", platform, "; the driver offers: ", offers));
    }
    mContext = context;
    makeCurrent();
    initialiseCommon(desc, true, platform);
}

EglHeadlessContext::~EglHeadlessContext() {
    releaseCurrent();
    eglMakeCurrent(mDisplay, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(mDisplay, mContext);
    // No eglTerminate: a platform display is one per process and shared by every context on
    // it, so terminating it here would pull it from under another live context. The driver
    // stays loaded until the process ends.
}

void EglHeadlessContext::makeCurrent() {
    if (!eglMakeCurrent(mDisplay, EGL_NO_SURFACE, EGL_NO_SURFACE, mContext))
        throw Error(str("eglMakeCurrent failed (EGL error 0x", std::hex, eglGetError(), ")"));
    if (hasState()) state().makeCurrent();
}

} // namespace th
