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
#include "core/NumberRange.h"
#include "hike/QualityTier.h"
#include "render/ShadowCascades.h"
#include "scene/Atmosphere.h"
#include "scene/Exposure.h"

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
    /// The camera's exposure value, direct ("ev100") or from "physicalCamera".
    std::optional<float> ev100;
    std::optional<glm::vec3> background; ///< flat sRGB clear colour (0–1)
    std::optional<bool> sun, ibl, shadows, fog;
    /// "shadows" as an object: the filter, its radius and the cascade blend over the tier's.
    std::optional<ShadowFilter> shadowFilter;
    std::optional<float> shadowFilterRadius, cascadeBlend;
    /// Effects over the quality tier's choice: MSAA samples (1 = off), FXAA, bloom, ambient
    /// occlusion.
    std::optional<int> msaa;
    std::optional<bool> fxaa;
    std::optional<BloomSettings> bloom;
    std::optional<AmbientOcclusionSettings> ambientOcclusion;
    double seconds = 0.0; ///< the time a capture renders at (animations are deterministic)
    /// Kind-specific settings and the whole document, for builders that read more.
    const json::Value* params = nullptr;
    std::shared_ptr<json::Value> document;
};

/// The ranges scene files and the command lines share, so both reject the same values.
inline const NumberRange kExposureRange = NumberRange::above(0.0, 1.0e4);
inline const NumberRange kEv100Range = NumberRange::closed(kMinEv100, kMaxEv100);
inline const NumberRange kApertureRange = NumberRange::closed(0.5, 128.0);   ///< f-number
inline const NumberRange kShutterRange = NumberRange::above(0.0, 3600.0);    ///< seconds
inline const NumberRange kIsoRange = NumberRange::closed(1.0, 1.0e7);
inline const NumberRange kIntensityRange = NumberRange::closed(0.0, 1.0e4);
inline const NumberRange kHourRange = NumberRange::closed(0.0, 24.0);
inline const NumberRange kCoordinateRange = NumberRange::closed(-1.0e9, 1.0e9);
inline const NumberRange kClipRange = NumberRange::above(0.0, 1.0e9);
inline const NumberRange kAoStrengthRange = NumberRange::above(0.0, 4.0); ///< the occlusion's exponent
inline const NumberRange kAoRadiusRange = NumberRange::above(0.0, 100.0); ///< metres
inline const NumberRange kShadowFilterRadiusRange = NumberRange::above(0.0, 8.0); ///< shadow texels
inline const NumberRange kCascadeBlendRange = NumberRange::closed(0.0, 0.5);      ///< of a cascade's depth range

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
/// The same from text already read (`path` names it in messages and resolves its paths).
SceneFile parseSceneFile(std::string_view text, const std::filesystem::path& path,
                         const std::vector<std::string>& (*kindKeys)(const std::string& kind) = nullptr);

/// Parses "none" | "aces" | "neutral" | "khronos-pbr-neutral" | "agx" | "agx-punchy"; throws
/// naming the choices.
ToneMapping parseToneMapping(std::string_view name, const SourceLocation& where = {});

/// Reads [x, y, z] (numbers in `range`) at `value`, naming `what` in errors.
glm::vec3 readVec3(const json::Value& value, std::string_view what, const NumberRange& range = kCoordinateRange);

/// Throws th::Error at `where` for a camera that cannot make a picture: position on the
/// target, a zero up vector or one along the view, a field of view outside (0, 180) degrees,
/// clip planes not 0 < near < far.
void checkCamera(const glm::vec3& position, const glm::vec3& target, const glm::vec3& up, float yfov, float nearPlane,
                 float farPlane, const SourceLocation& where, std::string_view what);

} // namespace th
