#pragma once
// What the shader pipeline sees of a material plugin: its name and ordering, its declared
// defines, uniforms and samplers, and its code per stage as an ordered list of
// {key, snippet}. A key is
//   CUSTOM_<NAME>   a marker line "#define CUSTOM_<NAME>" in the shader (code goes before it)
//   NAME            a callable target "#hook NAME(signature)" in the shader
//   !pattern        a regex that must match exactly once; "$1" groups in the replacement
//   !*pattern       a regex replacing every match (at least one)
// (see Injector.h). Plugins come from C++ (the material layer builds PluginCode from its
// plugin objects) or from JSON for tools and tests:
//
//   {"plugins": [{"name": "Tint", "priority": 0, "enabled": true,
//                 "defines": {"TINT": false, "TINT_STEPS": 4},
//                 "uniforms": {"tintColor": "vec3"},
//                 "samplers": {"tintMap": "sampler2D", "tintLayers": "highp sampler2DArray"},
//                 "modules": ["noise"],
//                 "vertex": {"KEY": "code"},
//                 "fragment": {"KEY": "code", "KEY2": ["line 1", "line 2"], "KEY3": {"file": "t.glsl"}}}]}
//
// A snippet given as {"file": ...} is read relative to the JSON file and its lines map to that
// file; inline code maps to "plugin 'Tint' key 'KEY'" line by line.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/Error.h"
#include "shader/LineMap.h"
#include "shader/ShaderStage.h"

namespace th {

struct PluginDefine {
    std::string name;
    /// Value when the plugin is fresh: nullopt = not defined (false); true becomes "1".
    std::optional<std::string> defaultValue;
};

struct PluginUniform {
    std::string name;
    std::string type; ///< GLSL type, optionally with an array size: "vec3", "float[4]"
};

struct PluginSampler {
    std::string name;
    std::string type;      ///< sampler2D, sampler2DArray, samplerCube, sampler3D, ...Shadow
    std::string precision; ///< lowp, mediump or highp (defaults to highp)
    /// The define that gates every use of the sampler (HAS_CLEARCOAT_MAP), or empty. A gated
    /// sampler is declared only under its define, so the texture-unit budget may drop it: the
    /// define is cleared and the plugin's code falls back to its factor (EffectCache). A gated
    /// sampler's binding (MaterialPlugin::texture) is also asked for when the material's
    /// interface is built, possibly with no GL context current, so that two slots bound to the
    /// same texture and sampler share one declaration and unit: it must only return what it holds.
    std::string define;
    /// Order in which the budget drops gated samplers: the lowest first (PbrMaterial's own
    /// textures are 60 to 100; extension textures 10 to 50).
    int importance = 0;
};

/// A texture the renderer makes from the frame (material/FrameTexture.h names them), asked for
/// by a plugin described in data; where it was asked for, so an unknown name points there.
struct PluginFrameTexture {
    std::string name;
    SourceLocation where;
};

struct PluginSnippet {
    std::string key;
    ShaderText code;      ///< the snippet with its origin per line
    SourceLocation where; ///< where the key was declared (JSON file:line), for messages
};

struct PluginCode {
    std::string name;
    /// Injection order: lower priority values inject first; ties keep registration order.
    int priority = 0;
    /// Order in which the plugin was registered with its material (tie-breaker).
    uint32_t registration = 0;
    /// A disabled plugin injects nothing (and its gates are not linted).
    bool enabled = true;
    std::vector<PluginDefine> defines;
    std::vector<PluginUniform> uniforms;
    std::vector<PluginSampler> samplers;
    /// Shader modules the plugin's code uses (store names; see ShaderModules.h).
    std::vector<std::string> modules;
    /// Frame textures a plugin from data reads ("frameTextures"): the material layer checks
    /// the names and declares their samplers (PluginDeclaration::frameTextures).
    std::vector<PluginFrameTexture> frameTextures;
    std::vector<PluginSnippet> vertex;
    std::vector<PluginSnippet> fragment;
    SourceLocation where; ///< where the plugin was described, if from data

    const std::vector<PluginSnippet>& code(ShaderStage stage) const {
        return stage == ShaderStage::Vertex ? vertex : fragment;
    }
    std::vector<PluginSnippet>& code(ShaderStage stage) { return stage == ShaderStage::Vertex ? vertex : fragment; }

    /// Appends code for `key`. `origin` names the snippet's lines (a file name when the code
    /// came from a file); by default "plugin '<name>' key '<key>'".
    PluginSnippet& addCode(ShaderStage stage, std::string key, std::string_view code, std::string origin = {},
                           SourceLocation where = {});

    bool declaresDefine(std::string_view define) const;
    bool hasCode() const { return !vertex.empty() || !fragment.empty(); }

    /// Stable 64-bit hash of everything that changes generated code (name, priority,
    /// enabled, declarations and snippets): part of effect-cache keys.
    uint64_t signature() const;
};

/// Plugins in injection order: ascending priority, then ascending registration, then input
/// order (stable). Disabled plugins are kept (the injector skips them).
std::vector<const PluginCode*> injectionOrder(std::span<const PluginCode* const> plugins);

/// Parses the JSON form above. Errors name file, line and key (th::Error). Registration
/// indices follow list order starting at `firstRegistration`. `baseDirectory` resolves
/// {"file": ...} snippets (defaults to the current directory); a snippet file must lie inside
/// it, or inside one of `trustedFolders` (an error naming the key otherwise: a plugin list
/// cannot splice /etc/hostname into a shader).
std::vector<PluginCode> parsePluginList(std::string_view json, std::string_view fileName,
                                        const std::filesystem::path& baseDirectory = {},
                                        uint32_t firstRegistration = 0,
                                        const std::vector<std::filesystem::path>& trustedFolders = {});
/// Reads and parses a plugin JSON file (snippet files relative to it).
std::vector<PluginCode> loadPluginList(const std::filesystem::path& file,
                                       const std::vector<std::filesystem::path>& trustedFolders = {});

/// True for a GLSL sampler type name the pipeline knows (sampler2D, isampler3D, ...).
bool isSamplerType(std::string_view type);

} // namespace th
