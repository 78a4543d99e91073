// th-demo: the desktop demo. `th-demo [--scene FILE.json | MODEL.gltf]`. Without a display it
// renders the scene headless to a PNG and prints the path.
#include <cstdio>
#include <cstring>
#include <string>

#include "DemoApp.h"
#include "common/AppPaths.h"
#include "common/Capture.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/Context.h"
#include "gl/Readback.h"

using namespace th;

int main(int argc, char** argv) {
    DemoOptions options;
    options.scene = assetsDirectory() / "scenes" / "hike.json";
    bool headless = false;
    std::filesystem::path out;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "th-demo: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--scene") options.scene = value();
        else if (a == "--frames") options.maxFrames = std::stoi(value());
        else if (a == "--screenshot-dir") options.screenshotDirectory = value();
        else if (a == "--headless") headless = true;
        else if (a == "--out") out = value();
        else if (a == "--no-hot-reload") options.hotReload = false;
        else if (a == "--help" || a == "-h") {
            std::puts("usage: th-demo [--scene FILE.json | MODEL.gltf] [--headless [--out FILE.png]] [--frames N]\n"
                      "               [--screenshot-dir DIR] [--no-hot-reload]\n"
                      "keys: F12/P screenshot, F5 reload the scene file, C fly/orbit camera, Space pause, Esc quit; drag to orbit, right-drag to pan,\n"
                      "      wheel to zoom; drop a .gltf or scene file on the window to open it");
            return 0;
        } else if (a[0] != '-') options.scene = a;
        else {
            std::fprintf(stderr, "th-demo: unknown option '%s' (see --help)\n", a.c_str());
            return 2;
        }
    }
    try {
        ContextDesc desc;
        // Dear ImGui's OpenGL 3 backend loads desktop GL entry points: the window uses GL 3.3
        // core unless TRAILHEAD_GL_API asks for ES.
        desc.api = GlApi::Gl33Core;
        desc.kind = headless ? ContextKind::Headless : ContextKind::Auto;
        desc.title = "Trailhead";
        auto context = createContext(desc);
        if (!context->isWindow()) {
            // No display: the main job still produces its picture.
            if (out.empty()) out = std::filesystem::absolute(str("trailhead-", options.scene.stem().string(), ".png"));
            ImageRgba8 image;
            {
                Renderer renderer(*context);
                SceneBuildContext build{renderer, assetsDirectory(), sharedDirectory(), 1};
                image = captureSceneFile(renderer, options.scene, build);
            }
            writePng(out, image);
            std::printf("%s\n", out.c_str());
            return 0;
        }
        DemoApp app(*context, options);
        return app.run();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "th-demo: %s\n", e.what());
        return 1;
    }
}
