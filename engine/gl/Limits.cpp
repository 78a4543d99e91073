#include "gl/Limits.h"

#include <algorithm>
#include <cstdlib>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

Limits Limits::webgl2Minimums() {
    Limits l;
    l.maxTextureImageUnits = 16;
    l.maxVertexTextureImageUnits = 16;
    l.maxCombinedTextureImageUnits = 32;
    l.maxVertexUniformBlocks = 12;
    l.maxFragmentUniformBlocks = 12;
    l.maxCombinedUniformBlocks = 24;
    l.maxUniformBlockSize = 16384;
    l.maxUniformBufferBindings = 24;
    l.uniformBufferOffsetAlignment = 256;
    l.maxVertexUniformVectors = 256;
    l.maxFragmentUniformVectors = 224;
    l.maxVaryingVectors = 15;
    l.maxVertexAttribs = 16;
    l.maxTextureSize = 2048;
    l.maxCubeMapTextureSize = 2048;
    l.max3DTextureSize = 256;
    l.maxArrayTextureLayers = 256;
    l.maxRenderbufferSize = 2048;
    l.maxColorAttachments = 4;
    l.maxDrawBuffers = 4;
    l.maxSamples = 4;
    l.maxTextureLodBias = 2.0f;
    l.maxAnisotropy = 0;
    return l;
}

Limits Limits::clampedTo(const Limits& c) const {
    Limits l = *this;
    auto lo = [](auto& a, auto b) { a = std::min(a, b); };
    lo(l.maxTextureImageUnits, c.maxTextureImageUnits);
    lo(l.maxVertexTextureImageUnits, c.maxVertexTextureImageUnits);
    lo(l.maxCombinedTextureImageUnits, c.maxCombinedTextureImageUnits);
    lo(l.maxVertexUniformBlocks, c.maxVertexUniformBlocks);
    lo(l.maxFragmentUniformBlocks, c.maxFragmentUniformBlocks);
    lo(l.maxCombinedUniformBlocks, c.maxCombinedUniformBlocks);
    lo(l.maxUniformBlockSize, c.maxUniformBlockSize);
    lo(l.maxUniformBufferBindings, c.maxUniformBufferBindings);
    // Offset alignment is a requirement the driver imposes: the stricter (larger) one wins.
    l.uniformBufferOffsetAlignment = std::max(l.uniformBufferOffsetAlignment, c.uniformBufferOffsetAlignment);
    lo(l.maxVertexUniformVectors, c.maxVertexUniformVectors);
    lo(l.maxFragmentUniformVectors, c.maxFragmentUniformVectors);
    lo(l.maxVaryingVectors, c.maxVaryingVectors);
    lo(l.maxVertexAttribs, c.maxVertexAttribs);
    lo(l.maxTextureSize, c.maxTextureSize);
    lo(l.maxCubeMapTextureSize, c.maxCubeMapTextureSize);
    lo(l.max3DTextureSize, c.max3DTextureSize);
    lo(l.maxArrayTextureLayers, c.maxArrayTextureLayers);
    lo(l.maxRenderbufferSize, c.maxRenderbufferSize);
    lo(l.maxColorAttachments, c.maxColorAttachments);
    lo(l.maxDrawBuffers, c.maxDrawBuffers);
    lo(l.maxSamples, c.maxSamples);
    lo(l.maxTextureLodBias, c.maxTextureLodBias);
    lo(l.maxAnisotropy, c.maxAnisotropy);
    return l;
}

std::string Limits::describe() const {
    return str("texture units: fragment ", maxTextureImageUnits, ", vertex ", maxVertexTextureImageUnits,
               ", combined ", maxCombinedTextureImageUnits, "\nuniform blocks: vertex ", maxVertexUniformBlocks,
               ", fragment ", maxFragmentUniformBlocks, ", combined ", maxCombinedUniformBlocks, ", bindings ",
               maxUniformBufferBindings, ", size ", maxUniformBlockSize, " B, offset alignment ",
               uniformBufferOffsetAlignment, "\nuniform vectors: vertex ", maxVertexUniformVectors, ", fragment ",
               maxFragmentUniformVectors, "; varyings ", maxVaryingVectors, "; vertex attributes ", maxVertexAttribs,
               "\ntexture size ", maxTextureSize, ", cube ", maxCubeMapTextureSize, ", 3D ", max3DTextureSize,
               ", array layers ", maxArrayTextureLayers, ", renderbuffer ", maxRenderbufferSize,
               "\ncolour attachments ", maxColorAttachments, ", draw buffers ", maxDrawBuffers, ", samples ",
               maxSamples, ", anisotropy ", maxAnisotropy);
}

LimitsProfile parseLimitsProfile(std::string_view name) {
    if (name == "native") return LimitsProfile::Native;
    if (name == "webgl2") return LimitsProfile::WebGL2;
    throw Error(str("unknown limits profile '", name, "'; expected 'native' or 'webgl2'"));
}

const char* toString(LimitsProfile profile) { return profile == LimitsProfile::Native ? "native" : "webgl2"; }

LimitsProfile limitsProfileFromEnvironment(LimitsProfile fallback) {
    const char* env = std::getenv("TRAILHEAD_LIMITS");
    return env && *env ? parseLimitsProfile(env) : fallback;
}

} // namespace th
