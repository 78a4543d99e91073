#pragma once
// What the engine budgets against. The driver's own values can be clamped to the WebGL2 /
// OpenGL ES 3.0 guaranteed minimums, so a material that fits in a test (where llvmpipe offers
// 32 texture units) also fits on any WebGL2-class device. Tests run under that profile.
#include <string>
#include <string_view>

namespace th {

enum class LimitsProfile {
    Native, ///< what the driver reports
    WebGL2, ///< min(driver, the OpenGL ES 3.0 / WebGL2 guaranteed minimums)
};

struct Limits {
    int maxTextureImageUnits = 0;         ///< fragment stage: 16
    int maxVertexTextureImageUnits = 0;   ///< 16
    int maxCombinedTextureImageUnits = 0; ///< 32
    int maxVertexUniformBlocks = 0;       ///< 12
    int maxFragmentUniformBlocks = 0;     ///< 12
    int maxCombinedUniformBlocks = 0;     ///< 24
    int maxUniformBlockSize = 0;          ///< 16384 bytes
    int maxUniformBufferBindings = 0;     ///< 24
    int uniformBufferOffsetAlignment = 0; ///< a maximum, not a minimum: 256 is the most a driver may ask
    int maxVertexUniformVectors = 0;      ///< 256
    int maxFragmentUniformVectors = 0;    ///< 224
    int maxVaryingVectors = 0;            ///< 15
    int maxVertexAttribs = 0;             ///< 16
    int maxTextureSize = 0;               ///< 2048
    int maxCubeMapTextureSize = 0;        ///< 2048
    int max3DTextureSize = 0;             ///< 256
    int maxArrayTextureLayers = 0;        ///< 256
    int maxRenderbufferSize = 0;          ///< 2048
    int maxColorAttachments = 0;          ///< 4
    int maxDrawBuffers = 0;               ///< 4
    int maxSamples = 0;                   ///< 4
    float maxTextureLodBias = 0;          ///< 2.0
    float maxAnisotropy = 0;              ///< 0 when EXT_texture_filter_anisotropic is absent

    /// The guaranteed minimums of OpenGL ES 3.0 (which WebGL2 inherits).
    static Limits webgl2Minimums();
    /// Each field clamped to at most `ceiling`'s (alignment: at least).
    Limits clampedTo(const Limits& ceiling) const;
    /// One line per field, for logs and `th-shader`.
    std::string describe() const;
};

/// Parses "native" or "webgl2"; throws th::Error listing the choices otherwise.
LimitsProfile parseLimitsProfile(std::string_view name);
const char* toString(LimitsProfile profile);
/// TRAILHEAD_LIMITS from the environment, else `fallback`.
LimitsProfile limitsProfileFromEnvironment(LimitsProfile fallback);

} // namespace th
