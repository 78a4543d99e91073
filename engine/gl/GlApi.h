#pragma once
// The one place the engine includes GL declarations. libepoxy resolves entry points for
// whichever context is current (GLX, EGL, desktop or ES), so the same binary runs on a window
// and headless, on Mesa and on a vendor driver.
#include <epoxy/gl.h>
