#pragma once
// Scene files: a small JSON format under assets/scenes/ saying what to render, so every
// capture is reproducible. See assets/scenes/README.md for the format. Every key is checked:
// a typo is an error naming file, line and key; a value of the wrong type names the key and
// the type expected.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/Json.h"
#include "hike/QualityTier.h"
#include "scene/Atmosphere.h"

namespace th {

struct SceneFileCamera {
    std::optional<glm::vec3> position, target, up;
    std::optional<float> yfov; ///< radians
    std::optional<float> nearPlane, farPlane;
};

struct SceneFile {
    std::filesystem::path path;
    std::string name;
    std::string kind;
    std::string description;
    uint64_t seed = 1;
    int width = 1280, height = 720;
    SceneFileCamera camera;
    std::optional<float> hour;
    std::string weather = "clear";
    QualityTier quality = QualityTier::High;
    std::optional<ToneMapping> toneMapping;
    std::optional<float> exposure;
    std::optional<glm::vec3> background; ///< flat sRGB clear colour (0–1)
    std::optional<bool> sun, ibl, shadows, fog;
    double seconds = 0.0; ///< the time a capture renders at (animations are deterministic)
    /// Kind-specific settings and the whole document, for builders that read more.
    const json::Value* params = nullptr;
    std::shared_ptr<json::Value> document;
};

/// An asset a scene needs is absent (the shared glTF samples on a user's machine): tools skip
/// such scenes with this message instead of failing.
class MissingAssetError : public Error {
public:
    using Error::Error;
};

/// Reads and checks a scene file. `kindKeys(kind)` lists the extra top-level keys a kind
/// accepts (documentation of standard scenes for other renderers). Throws th::Error with file,
/// line and key.
SceneFile loadSceneFile(const std::filesystem::path& path,
                        const std::vector<std::string>& (*kindKeys)(const std::string& kind) = nullptr);

/// Parses "none" | "aces" | "neutral" | "khronos-pbr-neutral"; throws naming the choices.
ToneMapping parseToneMapping(std::string_view name, const SourceLocation& where = {});

/// Reads [x, y, z] (numbers) at `value`, naming `what` in errors.
glm::vec3 readVec3(const json::Value& value, std::string_view what);

} // namespace th
