#include "DemoApp.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <unordered_map>

#include "gl/GlApi.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include "DemoPanels.h"
#include "ModelScene.h"
#include "common/AppPaths.h"
#include "common/Presets.h"
#include "common/SceneLibrary.h"
#include "common/scenes/GltfScene.h"
#include "core/Log.h"
#include "core/SteadyClock.h"
#include "core/Str.h"
#include "gl/Readback.h"
#include "gl/StateCache.h"
#include "plugins/common/SnippetFile.h"
#include "render/SamplerReport.h"

namespace th {

namespace {
DemoApp* gApp = nullptr; // GLFW callbacks carry no context pointer of ours beyond the window's
} // namespace

DemoApp::DemoApp(Context& context, DemoOptions options) : mContext(context), mOptions(std::move(options)) {
    mWindow = static_cast<GLFWwindow*>(context.nativeWindow());
    RendererOptions ro;
    // Hot reload reads the shaders from the source tree the demo was built from.
    std::filesystem::path shaders = sourceDirectory() / "shaders";
    if (mOptions.hotReload && std::filesystem::exists(shaders)) {
        ro.shaderDirectory = shaders;
        if (!std::getenv("TRAILHEAD_PLUGIN_DIR")) setenv("TRAILHEAD_PLUGIN_DIR", (sourceDirectory() / "plugins").c_str(), 0);
    }
    mRenderer = std::make_unique<Renderer>(context, ro);
    gApp = this;
    glfwSetKeyCallback(mWindow, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
        ImGui_ImplGlfw_KeyCallback(w, key, scancode, action, mods);
        if (action != GLFW_PRESS) return;
        // Function keys and Escape work even while a panel has keyboard focus.
        if (key == GLFW_KEY_F12) gApp->requestScreenshot();
        // F5 reads the scene file again (after editing it); a broken file keeps the scene.
        if (key == GLFW_KEY_F5) gApp->requestLoad(gApp->scenePath());
        if (key == GLFW_KEY_ESCAPE) glfwSetWindowShouldClose(w, GLFW_TRUE);
        if (ImGui::GetIO().WantCaptureKeyboard) return;
        if (key == GLFW_KEY_P) gApp->requestScreenshot();
        if (key == GLFW_KEY_C) gApp->flyCamera = !gApp->flyCamera;
        if (key == GLFW_KEY_SPACE) gApp->paused = !gApp->paused;
    });
    glfwSetScrollCallback(mWindow, [](GLFWwindow* w, double x, double y) {
        ImGui_ImplGlfw_ScrollCallback(w, x, y);
        if (!ImGui::GetIO().WantCaptureMouse && !gApp->flyCamera) gApp->mOrbit.zoom(gApp->mCamera, float(y));
    });
    glfwSetDropCallback(mWindow, [](GLFWwindow*, int count, const char** paths) {
        if (count > 0) gApp->requestLoad(paths[0]);
    });
    load(mOptions.scene);
}

DemoApp::~DemoApp() {
    mContext.makeCurrent();
    mScene.reset();
    mRenderer.reset();
    gApp = nullptr;
}

void DemoApp::load(const std::filesystem::path& path) {
    try {
        SceneBuildContext context{*mRenderer, assetsDirectory(), sharedDirectory(), 1, mOptions.trustedFolders};
        std::unique_ptr<BuiltScene> built;
        if (isModelFile(path)) {
            built = std::make_unique<BuiltScene>(buildModelScene(context, path));
        } else {
            SceneFile file = loadSceneFile(path, sceneKindKeys);
            context.seed = file.seed;
            built = std::make_unique<BuiltScene>(buildSceneFile(context, file));
            weather = file.weather;
            quality = toString(file.quality);
        }
        mScene = std::move(built);
        mCamera = mScene->camera;
        mOrbit.attach(mCamera);
        mFly.attach(mCamera);
        mOptions.scene = path;
        mSceneError.clear();
        glfwSetWindowTitle(mWindow, str("Trailhead — ", path.filename().string()).c_str());
        logSamplerReports();
    } catch (const std::exception& e) {
        // Keep showing the last good scene; say what is wrong and where.
        mSceneError = e.what();
        logError("cannot load ", path.string(), ": ", e.what());
    }
}

namespace {
/// The main-pass draw facts of the first mesh drawn with each material: a report built for
/// another kind of mesh could count other units (and trip plugins' per-mesh warnings).
void collectDrawInfo(const Node& node, std::unordered_map<const Material*, DrawInfo>& out) {
    if (node.mesh)
        for (const MeshPart& part : node.mesh->parts())
            if (part.material) out.try_emplace(part.material.get(), node.mesh->drawInfo(RenderPass::Main));
    for (const auto& child : node.children()) collectDrawInfo(*child, out);
}
} // namespace

// The texture units of each material, once per scene, in the log where runs can be compared
// (the statistics panel shows the totals). Materials whose units match share one entry, so a
// hundred sphere materials do not print a hundred tables.
void DemoApp::logSamplerReports() {
    std::unordered_map<const Material*, DrawInfo> draws;
    collectDrawInfo(mScene->scene->root(), draws);
    // Materials no mesh uses yet (streamed scenery): a mesh with every common stream.
    DrawInfo typical;
    typical.hasUv0 = typical.hasColors = typical.hasTangents = true;
    struct Group {
        std::string report;
        std::string units; ///< the report less its label: what materials must share
        std::vector<std::string> names;
    };
    std::vector<Group> groups;
    for (auto& m : mScene->materials) {
        try {
            auto draw = draws.find(m.get());
            SamplerReport r = samplerReport(*mRenderer, *m, draw != draws.end() ? draw->second : typical);
            std::string text = r.toString();
            std::string units = text.substr(r.label.size());
            auto same = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.units == units; });
            if (same != groups.end()) same->names.push_back(m->name());
            else groups.push_back({text, units, {m->name()}});
        } catch (const std::exception& e) {
            // The renderer reports the failed effect itself when it draws the material.
            logWarning("texture units of material '", m->name(), "': ", e.what());
        }
    }
    for (const Group& g : groups) {
        std::string others;
        if (g.names.size() > 1) {
            size_t shown = std::min<size_t>(g.names.size() - 1, 4);
            for (size_t i = 1; i <= shown; ++i) others += str(i > 1 ? ", '" : "'", g.names[i], "'");
            if (g.names.size() - 1 > shown) others += str(" and ", g.names.size() - 1 - shown, " more");
            others = str("\n  the same for ", others);
        }
        logInfo("texture units, ", g.report, others);
    }
}

void DemoApp::applyQuality(const std::string& tier) {
    quality = tier;
    if (mScene) applyQualityTier(*mRenderer, *mScene, parseQualityTier(tier));
}

void DemoApp::applyWeather(const std::string& preset) {
    weather = preset;
    if (mScene) applyWeatherPreset(*mScene, preset);
}

void DemoApp::lookThrough(const Camera& camera) {
    const float aspect = mCamera.aspect;
    mCamera = camera;
    mCamera.aspect = aspect;
    mOrbit.attach(mCamera);
    mFly.attach(mCamera);
}

void DemoApp::handleInput(float dt) {
    ImGuiIO& io = ImGui::GetIO();
    double x, y;
    glfwGetCursorPos(mWindow, &x, &y);
    glm::vec2 delta(float(x - mLastMouseX), float(y - mLastMouseY));
    mLastMouseX = x;
    mLastMouseY = y;
    bool left = glfwGetMouseButton(mWindow, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
    bool right = glfwGetMouseButton(mWindow, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
    if (!io.WantCaptureMouse && (left || right)) mDragging = true;
    if (!left && !right) mDragging = false;
    if (flyCamera) {
        glm::vec3 move(0.0f);
        if (!io.WantCaptureKeyboard) {
            auto key = [&](int k) { return glfwGetKey(mWindow, k) == GLFW_PRESS ? 1.0f : 0.0f; };
            move = {key(GLFW_KEY_D) - key(GLFW_KEY_A), key(GLFW_KEY_E) - key(GLFW_KEY_Q), key(GLFW_KEY_W) - key(GLFW_KEY_S)};
            if (glfwGetKey(mWindow, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS) move *= 5.0f;
        }
        mFly.update(mCamera, move, mDragging && left ? delta : glm::vec2(0.0f), dt);
    } else if (mDragging) {
        if (left) mOrbit.rotate(mCamera, delta);
        if (right) mOrbit.pan(mCamera, delta);
    }
}

void DemoApp::hotReload() {
    if (seconds - mLastReload < 0.5) return;
    mLastReload = seconds;
    try {
        auto changed = mRenderer->store().reload();
        for (auto& name : changed) logInfo("shader reloaded: ", name);
        if (mScene)
            for (auto& p : mScene->plugins)
                if (mSnippets.reload(*p)) logInfo("plugin snippets reloaded: ", p->name());
        mLastReloadError.clear();
    } catch (const std::exception& e) {
        // Polled twice a second: the same broken file is reported once.
        if (mLastReloadError != e.what()) logError("hot reload: ", e.what());
        mLastReloadError = e.what();
    }
}

void DemoApp::takeScreenshot(int width, int height) {
    ImageRgba8 image = readPixels(0, 0, 0, width, height);
    auto stamp = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    std::filesystem::path path = mOptions.screenshotDirectory / str("trailhead-", stamp, ".png");
    writePng(path, image);
    lastScreenshot = path.string();
    std::printf("screenshot: %s\n", path.c_str());
    std::fflush(stdout);
}

int DemoApp::run() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsDark();
    float scale = mContext.contentScale().x;
    ImGui::GetStyle().ScaleAllSizes(scale);
    ImGui::GetIO().FontGlobalScale = scale;
    ImGui_ImplGlfw_InitForOpenGL(mWindow, false); // our callbacks forward to ImGui's
    glfwSetMouseButtonCallback(mWindow, ImGui_ImplGlfw_MouseButtonCallback);
    glfwSetCharCallback(mWindow, ImGui_ImplGlfw_CharCallback);
    ImGui_ImplOpenGL3_Init(mContext.api() == GlApi::Gles30 ? "#version 300 es" : "#version 330 core");

    DemoPanels panels;
    auto start = SteadyClock::now(), last = start;
    int frames = 0;
    while (!mContext.shouldClose()) {
        mContext.pollEvents();
        auto now = SteadyClock::now();
        float dt = std::chrono::duration<float>(now - last).count();
        last = now;
        if (!paused) seconds += dt;
        if (mPendingLoad) {
            auto path = *mPendingLoad;
            mPendingLoad.reset();
            load(path);
        }
        if (mOptions.hotReload) hotReload();

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        handleInput(dt);

        glm::ivec2 size = mContext.framebufferSize();
        if (size.x > 0 && size.y > 0 && mScene) {
            mCamera.aspect = float(size.x) / float(size.y);
            if (mScene->update) mScene->update(seconds, mCamera);
            mScene->scene->animate(paused ? 0.0f : dt); // clips, poses, joint uploads
            auto t0 = SteadyClock::now();
            mRenderer->render(*mScene->scene, mCamera, RenderTarget::defaultFramebuffer(size.x, size.y), seconds);
            frameMs = msSince(t0);
        } else if (size.x > 0) {
            mContext.state().bindFramebuffer(GL_FRAMEBUFFER, 0);
            mContext.state().clearColor({0.1f, 0.1f, 0.12f, 1.0f});
            mContext.state().clear(true, true, false);
        }
        panels.draw(*this);
        ImGui::Render();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        mContext.state().invalidate(); // Dear ImGui set GL state behind the cache's back
        if (mScreenshotRequested) {
            takeScreenshot(size.x, size.y);
            mScreenshotRequested = false;
        }
        mContext.swapBuffers();
        ++frames;
        if (mOptions.maxFrames > 0 && frames >= mOptions.maxFrames) break;
    }
    // Scripts (the Xvfb test) read this to know the demo really drew.
    logInfo("th-demo: ", frames, " frames rendered");
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    return 0;
}

} // namespace th
