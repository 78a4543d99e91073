#pragma once
#include <string>

namespace th {

class DemoApp;
struct BuiltScene;

/// The demo's Dear ImGui panels: scene, view, time and weather, animation, plugins,
/// statistics, shaders.
class DemoPanels {
public:
    void draw(DemoApp& app);

private:
    void scenePanel(DemoApp& app);
    void viewPanel(DemoApp& app);
    void pluginPanel(DemoApp& app);
    void statisticsPanel(DemoApp& app);
    void animationPanel(DemoApp& app);
    void shaderPanel(DemoApp& app);

    std::string mPathInput;
    std::string mCameraChoice = "framed";
    const BuiltScene* mCameraScene = nullptr; ///< the scene mCameraChoice belongs to
    std::string mVariant; ///< the material variant the menu selected last ("" = the file's defaults)
    int mClip = 0;
    float mFadeSeconds = 0.5f;
    int mShaderMaterial = 0;
    int mShaderStage = 1;
    int mShaderPass = 0;
    std::string mShaderText;
    std::string mShaderKey;
};

} // namespace th
