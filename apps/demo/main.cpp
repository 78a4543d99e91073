// th-demo: the desktop demo. `th-demo [--scene FILE.json | MODEL.gltf]`. Without a display it
// renders the scene headless to a PNG and prints the path.
#include <cstdio>
#include <cstring>
#include <string>

#include "DemoApp.h"
#include "ModelScene.h"
#include "common/AppPaths.h"
#include "common/Capture.h"
#include "common/CommandLine.h"
#include "common/SceneLibrary.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/Context.h"
#include "gl/Readback.h"

using namespace th;

namespace {

const char* kUsage =
    "usage: th-demo [--scene FILE.json | MODEL.gltf | MODEL.glb] [--headless [--out FILE.png]] [--frames N]\n"
    "               [--screenshot-dir DIR] [--no-hot-reload] [--allow-path DIR]\n"
    "keys: F12/P screenshot, F5 reload the scene file, C fly/orbit camera, Space pause, Esc quit; drag to orbit, right-drag to pan,\n"
    "      wheel to zoom; drop a .gltf or scene file on the window to open it\n"
    "--frames, --screenshot-dir and --no-hot-reload apply to the window, --out to a headless run (--headless, or no display).";

enum Mode : uint32_t { kWindow = 1, kHeadless = 2 };

const CommandLine& demoCommandLine() {
    static const CommandLine cl("th-demo",
                                {
                                    {"--help", false, kWindow | kHeadless},
                                    {"-h", false, kWindow | kHeadless},
                                    {"--scene", true, kWindow | kHeadless},
                                    {"--frames", true, kWindow},
                                    {"--screenshot-dir", true, kWindow},
                                    {"--no-hot-reload", false, kWindow},
                                    {"--headless", false, kHeadless},
                                    {"--out", true, kHeadless},
                                    {"--allow-path", true, kWindow | kHeadless, true},
                                },
                                {"the window", "a headless run"}, true);
    return cl;
}

struct DemoCommand {
    DemoOptions options;
    bool headless = false;
    std::filesystem::path out;
    std::vector<ParsedOption> parsed;
};

DemoCommand parse(int argc, char** argv) {
    DemoCommand c;
    c.options.scene = assetsDirectory() / "scenes" / "hike.json";
    const CommandLine& cl = demoCommandLine();
    c.parsed = cl.parse(argc, argv);
    bool sceneGiven = false;
    for (const ParsedOption& p : c.parsed) {
        if (p.name == "--help" || p.name == "-h") {
            std::puts(kUsage);
            std::exit(0);
        }
        if (p.name.empty() || p.name == "--scene") {
            if (sceneGiven) throw UsageError(str("one scene or model at a time; '", p.value, "' is a second"));
            sceneGiven = true;
            c.options.scene = p.value;
        } else if (p.name == "--frames") c.options.maxFrames = int(parseIntegerOption(p.name, p.value, 0, 1000000000));
        else if (p.name == "--screenshot-dir") c.options.screenshotDirectory = p.value;
        else if (p.name == "--headless") c.headless = true;
        else if (p.name == "--out") c.out = p.value;
        else if (p.name == "--no-hot-reload") c.options.hotReload = false;
        else if (p.name == "--allow-path") c.options.trustedFolders.push_back(p.value);
    }
    // With --headless the window's options are errors; without it, a display decides later.
    if (c.headless) cl.checkModes(c.parsed, kHeadless);
    return c;
}

} // namespace

int run(int argc, char** argv);

int main(int argc, char** argv) { return finishStandardOutput("th-demo", run(argc, argv)); }

int run(int argc, char** argv) {
    reportFileSizeLimitAsError();
    DemoCommand command;
    try {
        command = parse(argc, argv);
    } catch (const UsageError& e) {
        std::fprintf(stderr, "th-demo: %s (see --help)\n", e.what());
        return 2;
    }
    DemoOptions& options = command.options;
    try {
        ContextDesc desc;
        // Dear ImGui's OpenGL 3 backend loads desktop GL entry points: the window uses GL 3.3
        // core unless TRAILHEAD_GL_API asks for ES.
        desc.api = GlApi::Gl33Core;
        desc.kind = command.headless ? ContextKind::Headless : ContextKind::Auto;
        desc.title = "Trailhead";
        auto context = createContext(desc);
        // Options for the mode the display did not allow are named, not dropped in silence.
        const CommandLine& cl = demoCommandLine();
        for (const ParsedOption& p : command.parsed) {
            const OptionSpec* spec = p.name.empty() ? nullptr : cl.find(p.name);
            uint32_t mode = context->isWindow() ? kWindow : kHeadless;
            if (spec && !(spec->modes & mode))
                logWarning("th-demo: ", p.name, " applies to ", cl.describeModes(spec->modes), "; ignored in ",
                           cl.describeModes(mode));
        }
        if (!context->isWindow()) {
            // No display: the main job still produces its picture.
            std::filesystem::path out = command.out;
            if (out.empty()) out = std::filesystem::absolute(str("trailhead-", options.scene.stem().string(), ".png"));
            ImageRgba8 image;
            {
                Renderer renderer(*context);
                SceneBuildContext build{renderer, assetsDirectory(), sharedDirectory(), 1, options.trustedFolders};
                if (isModelFile(options.scene)) {
                    BuiltScene built = buildModelScene(build, options.scene);
                    image = captureBuiltScene(renderer, built, desc.width, desc.height, 0.0);
                } else {
                    image = captureSceneFile(renderer, options.scene, build);
                }
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
