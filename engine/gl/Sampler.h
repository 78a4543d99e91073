#pragma once
#include <string_view>

#include "gl/GlObject.h"
#include "gl/RenderState.h"

namespace th {

enum class Filter { Nearest, Linear };
enum class Wrap { Repeat, ClampToEdge, MirroredRepeat };

struct SamplerDesc {
    Filter minFilter = Filter::Linear;
    Filter magFilter = Filter::Linear;
    /// Filtering between mip levels; none samples level 0 only.
    enum class Mip { None, Nearest, Linear } mip = Mip::Linear;
    Wrap wrapS = Wrap::Repeat;
    Wrap wrapT = Wrap::Repeat;
    Wrap wrapR = Wrap::Repeat;
    float anisotropy = 1.0f; ///< clamped to the driver's maximum; 1 = off
    /// Depth comparison for shadow maps (sampler2DShadow); Always = no comparison.
    bool compare = false;
    CompareFunc compareFunc = CompareFunc::LessEqual;
    bool operator==(const SamplerDesc&) const = default;
};

class Sampler : public GlObject {
public:
    Sampler() = default;
    explicit Sampler(const SamplerDesc& desc, float maxAnisotropy = 0, std::string_view label = {});
    const SamplerDesc& desc() const { return mDesc; }
    void bind(unsigned unit) const { StateCache::current()->bindSampler(unit, id()); }

private:
    SamplerDesc mDesc;
};

} // namespace th
