#pragma once
// Sky, sun, fog and environment settings of a scene: plain data the renderer reads.
#include <memory>
#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "core/Image.h"

namespace th {

/// The sun's direction for a time of day: it rises in the east (+X), peaks in the south
/// (−Z, tilted by latitude) at 12:00 and sets in the west; below the horizon at night.
/// Returns the direction the light travels (from the sun towards the ground), unit length.
glm::vec3 sunDirectionForHour(float hour, float latitudeDegrees = 45.0f);

struct SkySettings {
    bool enabled = true;
    float hour = 12.0f;           ///< 0–24
    float latitude = 45.0f;       ///< degrees
    float turbidity = 2.5f;       ///< haze: 2 clear, 10 overcast
    float sunIlluminance = 10.0f; ///< the sun's light at zenith, in the renderer's units
    float skyIntensity = 1.0f;
    /// Light that keeps night readable (moon and sky glow), added when the sun is down.
    glm::vec3 nightFill{0.02f, 0.03f, 0.06f};
    /// Reflectance of the flat ground the procedural sky shows below the horizon (linear).
    glm::vec3 groundAlbedo{0.2f};
};

struct FogSettings {
    bool enabled = false;
    glm::vec3 color{0.7f, 0.75f, 0.8f}; ///< linear
    float density = 0.002f;             ///< per metre at the base height
    float heightFalloff = 0.05f;        ///< per metre
    float baseHeight = 0.0f;
    float startDistance = 0.0f;
};

enum class EnvironmentSource { None, Sky, HdrFile, Uniform };

struct EnvironmentSettings {
    EnvironmentSource source = EnvironmentSource::Sky;
    std::string hdrPath;          ///< equirectangular Radiance .hdr for HdrFile (a label; see hdrImage)
    /// The decoded equirectangular image for HdrFile (linear, top row first; the image's centre
    /// column looks along +X, its quarter column along −Z). The caller decodes hdrPath (the
    /// render layer does not read files); a new pointer rebuilds the environment.
    std::shared_ptr<const ImageRgbaF> hdrImage;
    glm::vec3 uniformColor{1.0f}; ///< for Uniform (a white furnace)
    float intensity = 1.0f;
    /// Draw the environment as the background (else the clear colour).
    bool showAsBackground = true;
    /// Face size of the environment cube; 0 picks 128 for the sky and 256 for an image.
    int cubeSize = 0;
};

/// AgX is Troy Sobotka's view transform (Blender 4's default); AgxPunchy adds its "punchy"
/// look (more contrast and saturation).
enum class ToneMapping { None, Aces, PbrNeutral, Agx, AgxPunchy };
const char* toString(ToneMapping t);

/// Bloom from a down/up-sample chain of the HDR frame (Jimenez, "Next generation post
/// processing in Call of Duty: Advanced Warfare", 2014), without a threshold: every pixel
/// spreads a little and the frame's energy stays where it was, only moved.
struct BloomSettings {
    bool enabled = false;
    /// The share of the frame replaced by its blurred copy, in [0, 1].
    float strength = 0.04f;
    /// How much each wider level carries into the next finer one, in [0, 1]: larger is a
    /// wider glow.
    float radius = 0.75f;
};

/// Screen-space ambient occlusion (GTAO, Jimenez et al. 2016) from the depth pre-pass: it
/// darkens the ambient and image-based light only, never the sun or the punctual lights.
struct AmbientOcclusionSettings {
    bool enabled = false;
    /// The occlusion's exponent: 0 leaves the light as it is, 1 is the measured occlusion,
    /// larger darkens further. In [0, 4].
    float strength = 1.0f;
    /// How far (world metres) geometry occludes a point. In (0, 100].
    float radius = 1.0f;
};

struct PostSettings {
    ToneMapping toneMapping = ToneMapping::PbrNeutral;
    /// A multiplier before tone mapping, on top of the camera's exposure.
    float exposure = 1.0f;
    /// A camera's exposure value at ISO 100 (scene/Exposure.h); none leaves the scale at 1.
    /// A physical camera sets it through ev100FromCamera.
    std::optional<float> ev100;
    glm::vec3 clearColor{0.0f}; ///< sRGB 0–1, used when no background is drawn
    /// Write coverage into the output's alpha (bakes) instead of an opaque 1.
    bool keepAlpha = false;
    BloomSettings bloom;
    AmbientOcclusionSettings ambientOcclusion;

    /// What the HDR colour is multiplied by before tone mapping: the multiplier times the
    /// camera's scale (1 / (1.2 · 2^EV100)) when an EV100 is set.
    float exposureScale() const;
};

} // namespace th
