#include "DemoPanels.h"

#include <imgui.h>

#include "DemoApp.h"
#include "common/AppPaths.h"
#include "common/Presets.h"
#include "common/SceneLibrary.h"
#include "core/Str.h"
#include "scene/ModelAnimation.h"

#include <algorithm>
#include "render/SamplerReport.h"
#include "shader/ShaderBuilder.h"

namespace th {

namespace {
bool combo(const char* label, std::string& value, const std::vector<std::string>& choices) {
    bool changed = false;
    if (ImGui::BeginCombo(label, value.c_str())) {
        for (auto& c : choices) {
            if (ImGui::Selectable(c.c_str(), c == value)) {
                value = c;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}
} // namespace

void DemoPanels::draw(DemoApp& app) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("Trailhead");
    if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) scenePanel(app);
    if (ImGui::CollapsingHeader("View, time and weather", ImGuiTreeNodeFlags_DefaultOpen)) viewPanel(app);
    if (app.scene() && !app.scene()->scene->animations.empty() && ImGui::CollapsingHeader("Animation"))
        animationPanel(app);
    if (ImGui::CollapsingHeader("Plugins")) pluginPanel(app);
    if (ImGui::CollapsingHeader("Statistics", ImGuiTreeNodeFlags_DefaultOpen)) statisticsPanel(app);
    ImGui::End();
    shaderPanel(app);
}

// The first animated model of the scene: clip list, play and pause, scrub, speed, and a
// cross-fade from what plays to the chosen clip.
void DemoPanels::animationPanel(DemoApp& app) {
    ModelAnimation& animation = *app.scene()->scene->animations.front();
    Animator& animator = animation.animator();
    const auto& clips = animation.rig().clips;
    if (clips.empty()) {
        ImGui::TextUnformatted("the model has no clips (skins and morph weights at rest)");
        return;
    }
    mClip = std::clamp(mClip, 0, int(clips.size()) - 1);
    if (ImGui::BeginCombo("clip", clips[size_t(mClip)].name.c_str())) {
        for (size_t i = 0; i < clips.size(); ++i)
            if (ImGui::Selectable(str(clips[i].name, " (", clips[i].duration(), " s)").c_str(), int(i) == mClip)) mClip = int(i);
        ImGui::EndCombo();
    }
    if (ImGui::Button("Play")) {
        animator.stopAll();
        animator.play(mClip);
    }
    ImGui::SameLine();
    if (ImGui::Button("Play all")) {
        animator.stopAll();
        animator.playAll();
    }
    ImGui::SameLine();
    bool anyPlaying = false;
    for (auto& t : animator.tracks()) anyPlaying = anyPlaying || t.playing;
    if (ImGui::Button(anyPlaying ? "Pause" : "Resume"))
        for (auto& t : animator.tracks()) t.playing = !anyPlaying;
    ImGui::SliderFloat("fade (s)", &mFadeSeconds, 0.05f, 3.0f);
    if (ImGui::Button("Cross-fade to clip")) animator.crossFade(mClip, mFadeSeconds);
    for (size_t i = 0; i < animator.tracks().size(); ++i) {
        ClipPlayback& t = animator.tracks()[i];
        ImGui::PushID(int(i));
        const AnimationClip& clip = clips[size_t(t.clip)];
        ImGui::Text("%s  weight %.2f", clip.name.c_str(), t.weight);
        if (ImGui::SliderFloat("time", &t.time, 0.0f, std::max(clip.duration(), 1e-3f))) animation.update(0.0f);
        ImGui::SliderFloat("speed", &t.speed, -2.0f, 3.0f);
        ImGui::PopID();
    }
}

void DemoPanels::scenePanel(DemoApp& app) {
    ImGui::TextWrapped("%s", app.scenePath().string().c_str());
    static std::vector<std::filesystem::path> shipped = shippedSceneFiles(assetsDirectory());
    if (ImGui::BeginCombo("shipped", "open a scene file...")) {
        for (auto& p : shipped)
            if (ImGui::Selectable(p.filename().c_str())) app.requestLoad(p);
        ImGui::EndCombo();
    }
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, "%s", mPathInput.c_str());
    if (ImGui::InputText("path", buffer, sizeof buffer, ImGuiInputTextFlags_EnterReturnsTrue)) app.requestLoad(buffer);
    mPathInput = buffer;
    ImGui::SameLine();
    if (ImGui::Button("Load")) app.requestLoad(mPathInput);
    if (!app.sceneError().empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
        ImGui::TextWrapped("Not loaded (showing the last good scene): %s", app.sceneError().c_str());
        ImGui::PopStyleColor();
    }
    if (ImGui::Button("Screenshot (F12)")) app.requestScreenshot();
    if (!app.lastScreenshot.empty()) ImGui::TextWrapped("saved %s", app.lastScreenshot.c_str());
    if (BuiltScene* s = app.scene()) {
        if (!s->variants.empty() && s->selectVariant) {
            // KHR_materials_variants: a material swap per primitive, instant.
            if (ImGui::BeginCombo("material variant", mVariant.empty() ? "(file defaults)" : mVariant.c_str())) {
                if (ImGui::Selectable("(file defaults)", mVariant.empty())) s->selectVariant(mVariant = "");
                for (const std::string& v : s->variants)
                    if (ImGui::Selectable(v.c_str(), v == mVariant)) s->selectVariant(mVariant = v);
                ImGui::EndCombo();
            }
        }
        for (auto& c : s->controls) {
            float v = c.get();
            bool changed = c.integer ? [&] {
                int i = int(v);
                bool ch = ImGui::SliderInt(c.name.c_str(), &i, int(c.min), int(c.max));
                v = float(i);
                return ch;
            }()
                                     : ImGui::SliderFloat(c.name.c_str(), &v, c.min, c.max);
            if (changed) c.set(v);
        }
    }
}

void DemoPanels::viewPanel(DemoApp& app) {
    BuiltScene* built = app.scene();
    ImGui::Checkbox("fly camera (C; WASD, QE, drag to look)", &app.flyCamera);
    float fov = glm::degrees(app.camera().yfov);
    if (ImGui::SliderFloat("field of view", &fov, 15, 100)) app.camera().yfov = glm::radians(fov);
    ImGui::Checkbox("pause time (Space)", &app.paused);
    if (!built) return;
    if (!built->cameras.empty()) {
        // The file's cameras, as th-capture --camera picks them; "framed" is the demo's view.
        std::vector<std::string> names = {"framed"};
        for (auto& [name, camera] : built->cameras) names.push_back(name);
        if (mCameraScene != built) mCameraChoice = "framed"; // a new scene opens framed
        mCameraScene = built;
        if (combo("camera", mCameraChoice, names)) {
            for (auto& [name, camera] : built->cameras)
                if (name == mCameraChoice) app.lookThrough(camera);
            if (mCameraChoice == "framed") app.lookThrough(built->camera);
        }
    }
    Scene& scene = *built->scene;
    ImGui::SliderFloat("hour", &scene.sky.hour, 0.0f, 24.0f, "%.2f h");
    if (combo("weather", app.weather, weatherPresets())) app.applyWeather(app.weather);
    if (combo("quality", app.quality, qualityTiers())) app.applyQuality(app.quality);
    std::string tonemap = toString(scene.post.toneMapping);
    if (combo("tone mapping", tonemap, {"none", "aces", "neutral", "agx", "agx-punchy"})) scene.post.toneMapping = parseToneMapping(tonemap);
    ImGui::SliderFloat("exposure", &scene.post.exposure, 0.05f, 8.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
    RendererOptions& options = app.renderer().options();
    ImGui::SliderInt("MSAA samples", &options.msaaSamples, 1, 8);
    ImGui::Checkbox("FXAA", &options.fxaa);
    std::string view = toString(options.debugView);
    if (combo("debug view", view, debugViewNames())) options.debugView = parseDebugView(view);
    ImGui::Checkbox("bloom", &scene.post.bloom.enabled);
    if (scene.post.bloom.enabled) {
        ImGui::SliderFloat("bloom strength", &scene.post.bloom.strength, 0.0f, 0.5f);
        ImGui::SliderFloat("bloom radius", &scene.post.bloom.radius, 0.0f, 1.0f);
    }
    ImGui::Checkbox("ambient occlusion", &scene.post.ambientOcclusion.enabled);
    if (scene.post.ambientOcclusion.enabled) {
        ImGui::SliderFloat("AO strength", &scene.post.ambientOcclusion.strength, 0.05f, 4.0f);
        ImGui::SliderFloat("AO radius", &scene.post.ambientOcclusion.radius, 0.05f, 10.0f, "%.2f m", ImGuiSliderFlags_Logarithmic);
    }
    ImGui::Checkbox("fog", &scene.fog.enabled);
    ShadowSettings& shadows = app.renderer().options().shadows;
    ImGui::Checkbox("shadows", &shadows.enabled);
    if (shadows.enabled) {
        bool poisson = shadows.filter == ShadowFilter::Poisson;
        if (ImGui::Checkbox("soft shadows (Poisson)", &poisson)) shadows.filter = poisson ? ShadowFilter::Poisson : ShadowFilter::Pcf3x3;
        if (poisson) ImGui::SliderFloat("shadow filter radius", &shadows.filterRadius, 0.5f, 8.0f, "%.1f texels");
        ImGui::SliderFloat("cascade blend", &shadows.cascadeBlend, 0.0f, 0.5f);
    }
    ImGui::SliderFloat("resolution scale", &app.renderer().options().resolutionScale, 0.25f, 1.0f);
    int lights = int(scene.lights.size());
    ImGui::Text("lights: %d", lights);
}

void DemoPanels::pluginPanel(DemoApp& app) {
    BuiltScene* built = app.scene();
    if (!built) return;
    std::vector<MaterialPlugin*> plugins;
    auto addUnique = [&](MaterialPlugin* p) {
        if (std::find(plugins.begin(), plugins.end(), p) == plugins.end()) plugins.push_back(p);
    };
    for (auto& p : built->plugins) addUnique(p.get());
    for (auto& m : built->materials)
        for (auto& p : m->plugins()) addUnique(p.get());
    if (plugins.empty()) ImGui::TextDisabled("no plugins in this scene");
    for (MaterialPlugin* p : plugins) {
        ImGui::PushID(p);
        bool enabled = p->enabled();
        if (ImGui::Checkbox(p->name().c_str(), &enabled)) p->setEnabled(enabled);
        ImGui::Indent();
        for (PluginParameter& param : p->parameters()) {
            bool changed = false;
            if (param.toggle) changed = ImGui::Checkbox(param.name.c_str(), param.toggle);
            else if (param.value) changed = ImGui::SliderFloat(param.name.c_str(), param.value, param.min, param.max);
            if (changed && param.defines) p->markDefinesDirty();
        }
        ImGui::Unindent();
        ImGui::PopID();
    }
}

void DemoPanels::statisticsPanel(DemoApp& app) {
    const FrameStats& s = app.renderer().stats();
    const auto& cache = app.renderer().effects().stats();
    ImGui::Text("frame %.2f ms (CPU %.2f, outside the driver %.2f)", app.frameMs, s.cpuMs, s.cpuOutsideDriverMs);
    ImGui::Text("draw calls %u (main %u, shadow %u)", s.drawCalls, s.mainDrawCalls, s.shadowDrawCalls);
    ImGui::Text("triangles %llu, instances %llu", (unsigned long long)s.triangles, (unsigned long long)s.instances);
    ImGui::Text("left out: %llu triangles facing away, %llu instances outside the view", (unsigned long long)s.trianglesFacingAway,
                (unsigned long long)s.instancesCulled);
    bool facing = app.renderer().options().instanceFacing;
    if (ImGui::Checkbox("instance facing (only triangles that can face the camera)", &facing))
        app.renderer().options().instanceFacing = facing;
    ImGui::Text("programs: %llu built, %llu compiled, %llu from binary cache, %u pending, %llu failed",
                (unsigned long long)cache.built, (unsigned long long)cache.compiled, (unsigned long long)cache.fromBinary,
                s.effectsPending, (unsigned long long)cache.failed);
    if (s.errorDraws) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%u draws use the error material (see log)", s.errorDraws);
    BuiltScene* built = app.scene();
    if (!built || built->materials.empty()) return;
    if (ImGui::TreeNode("texture units per material")) {
        for (auto& m : built->materials) {
            try {
                SamplerReport r = samplerReport(app.renderer(), *m);
                ImGui::Text("%s: %d of %d", m->name().c_str(), r.unitsUsed, r.unitLimit);
            } catch (const std::exception& e) {
                ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s: %s", m->name().c_str(), e.what());
            }
        }
        ImGui::TreePop();
    }
}

void DemoPanels::shaderPanel(DemoApp& app) {
    BuiltScene* built = app.scene();
    if (!built || built->materials.empty()) return;
    ImGui::SetNextWindowPos(ImVec2(400, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(640, 480), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Shader view", nullptr, ImGuiWindowFlags_None)) {
        ImGui::End();
        return;
    }
    std::vector<std::string> names;
    for (auto& m : built->materials) names.push_back(m->name());
    mShaderMaterial = std::min(mShaderMaterial, int(names.size()) - 1);
    std::string selected = names[size_t(mShaderMaterial)];
    if (combo("material", selected, names))
        mShaderMaterial = int(std::find(names.begin(), names.end(), selected) - names.begin());
    ImGui::RadioButton("vertex", &mShaderStage, 0);
    ImGui::SameLine();
    ImGui::RadioButton("fragment", &mShaderStage, 1);
    ImGui::SameLine();
    ImGui::Combo("pass", &mShaderPass, "main\0depth\0shadow\0");
    Material& material = *built->materials[size_t(mShaderMaterial)];
    DrawInfo draw;
    draw.pass = RenderPass(mShaderPass);
    draw.hasUv0 = true;
    draw.hasTangents = true;
    EffectRequest request = app.renderer().effectRequest(material, draw);
    std::string key = str(mShaderMaterial, '|', mShaderStage, '|', mShaderPass, '|', material.version(), '|',
                          app.renderer().store().generation());
    if (key != mShaderKey) {
        mShaderKey = key;
        try {
            auto [vs, fs] = app.renderer().effects().buildSources(request);
            const ShaderBuildResult& r = mShaderStage == 0 ? vs : fs;
            mShaderText.clear();
            for (auto& d : r.diagnostics) mShaderText += d.toString() + "\n";
            if (!r.diagnostics.empty()) mShaderText += "\n";
            mShaderText += annotate(r.text);
        } catch (const std::exception& e) {
            mShaderText = str("build failed:\n", e.what());
        }
    }
    ImGui::BeginChild("source", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(mShaderText.c_str(), mShaderText.c_str() + mShaderText.size());
    ImGui::EndChild();
    ImGui::End();
}

} // namespace th
