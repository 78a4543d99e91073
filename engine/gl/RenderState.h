#pragma once
// Fixed-function pipeline state a draw needs: depth, culling, blending, colour writes,
// polygon offset and (optionally) stencil. Materials produce one per pass; the state cache
// applies it and skips whatever is already set.
#include <cstdint>
#include <optional>

namespace th {

enum class CompareFunc : uint8_t { Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always };
enum class CullMode : uint8_t { None, Back, Front };
enum class BlendMode : uint8_t {
    Opaque,        ///< no blending
    Alpha,         ///< src·a + dst·(1−a), straight alpha
    Premultiplied, ///< src + dst·(1−a)
    Additive,      ///< src + dst
};
enum class StencilOp : uint8_t { Keep, Zero, Replace, Increment, IncrementWrap, Decrement, DecrementWrap, Invert };

const char* toString(CompareFunc f);
const char* toString(StencilOp op);

struct StencilState {
    CompareFunc compare = CompareFunc::Always;
    StencilOp fail = StencilOp::Keep;      ///< stencil test fails
    StencilOp depthFail = StencilOp::Keep; ///< stencil passes, depth fails
    StencilOp pass = StencilOp::Keep;      ///< both pass
    uint8_t reference = 0;
    uint8_t readMask = 0xFF;
    uint8_t writeMask = 0xFF;
    bool operator==(const StencilState&) const = default;
};

struct RenderState {
    bool depthTest = true;
    bool depthWrite = true;
    CompareFunc depthCompare = CompareFunc::LessEqual;
    CullMode cull = CullMode::Back;
    bool frontFaceCounterClockwise = true;
    BlendMode blend = BlendMode::Opaque;
    bool colorWrite = true;
    /// The fragment's alpha picks the samples it covers (alpha-tested materials under MSAA).
    bool alphaToCoverage = false;
    float polygonOffsetFactor = 0.0f;
    float polygonOffsetUnits = 0.0f;
    /// Absent: the stencil test is off and no stencil call is ever made for this draw.
    std::optional<StencilState> stencil;

    bool operator==(const RenderState&) const = default;
    /// A stable 64-bit key of every field (stencil included), for sorting and state keys.
    uint64_t key() const;
};

} // namespace th
