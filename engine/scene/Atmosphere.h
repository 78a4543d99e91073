#pragma once
// Sky, sun, fog and environment settings of a scene: plain data the renderer reads.
#include <memory>
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

enum class ToneMapping { None, Aces, PbrNeutral };
const char* toString(ToneMapping t);

struct PostSettings {
    ToneMapping toneMapping = ToneMapping::PbrNeutral;
    float exposure = 1.0f;
    glm::vec3 clearColor{0.0f}; ///< sRGB 0–1, used when no background is drawn
    /// Write coverage into the output's alpha (bakes) instead of an opaque 1.
    bool keepAlpha = false;
};

} // namespace th
