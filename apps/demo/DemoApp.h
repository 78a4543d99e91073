#pragma once
// The demo: one scene at a time from a scene file or a glTF model, orbit and fly cameras,
// panels for plugins, time of day, weather, quality, tone mapping and statistics, a shader
// view, screenshots, hot reload of shader and plugin files. A scene that fails to load leaves
// the last good one on screen with the error shown.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/scenes/BuiltScene.h"
#include "gl/Context.h"
#include "plugins/common/SnippetFile.h"
#include "render/Renderer.h"
#include "scene/CameraControllers.h"

struct GLFWwindow;

namespace th {

struct DemoOptions {
    std::filesystem::path scene;     ///< a scene file, or a .gltf/.glb model
    std::filesystem::path screenshotDirectory = ".";
    int maxFrames = 0;               ///< quit after this many frames (0 = run until closed)
    bool hotReload = true;
    std::vector<std::filesystem::path> trustedFolders; ///< --allow-path: folders scene files may name
};

class DemoApp {
public:
    DemoApp(Context& context, DemoOptions options);
    ~DemoApp();
    /// Runs until the window closes; returns the exit code.
    int run();

    // What the panels work on.
    Renderer& renderer() { return *mRenderer; }
    BuiltScene* scene() { return mScene.get(); }
    Camera& camera() { return mCamera; }
    /// Looks through `camera` (one of the scene's, or its framed view); the orbit and fly
    /// controllers carry on from there.
    void lookThrough(const Camera& camera);
    const std::string& sceneError() const { return mSceneError; }
    const std::filesystem::path& scenePath() const { return mOptions.scene; }
    void requestLoad(std::filesystem::path path) { mPendingLoad = std::move(path); }
    void requestScreenshot() { mScreenshotRequested = true; }
    std::string lastScreenshot;
    bool flyCamera = false;
    std::string weather = "clear";
    std::string quality = "high";
    double frameMs = 0;
    double seconds = 0;
    bool paused = false;

    void applyQuality(const std::string& tier);
    void applyWeather(const std::string& preset);

private:
    void load(const std::filesystem::path& path);
    void logSamplerReports();
    void handleInput(float dt);
    void hotReload();
    void takeScreenshot(int width, int height);

    Context& mContext;
    DemoOptions mOptions;
    GLFWwindow* mWindow = nullptr;
    std::unique_ptr<Renderer> mRenderer;
    std::unique_ptr<BuiltScene> mScene;
    Camera mCamera;
    OrbitController mOrbit;
    FlyController mFly;
    std::string mSceneError;
    std::optional<std::filesystem::path> mPendingLoad;
    bool mScreenshotRequested = false;
    double mLastReload = 0;
    SnippetReloader mSnippets;
    std::string mLastReloadError;
    double mLastMouseX = 0, mLastMouseY = 0;
    bool mDragging = false;
};

} // namespace th
