#include "gl/RenderState.h"

#include <cstring>

#include "core/Hash.h"

namespace th {

const char* toString(CompareFunc f) {
    static const char* names[] = {"never", "less", "equal", "less-equal", "greater", "not-equal", "greater-equal", "always"};
    return names[int(f)];
}

const char* toString(StencilOp op) {
    static const char* names[] = {"keep", "zero", "replace", "increment", "increment-wrap", "decrement", "decrement-wrap", "invert"};
    return names[int(op)];
}

uint64_t RenderState::key() const {
    // Pack the small fields explicitly: hashing the struct's bytes would read padding.
    uint64_t bits = uint64_t(depthTest) | uint64_t(depthWrite) << 1 | uint64_t(depthCompare) << 2 |
                    uint64_t(cull) << 5 | uint64_t(frontFaceCounterClockwise) << 7 | uint64_t(blend) << 8 |
                    uint64_t(colorWrite) << 10 | uint64_t(alphaToCoverage) << 11;
    uint32_t factor, units;
    std::memcpy(&factor, &polygonOffsetFactor, 4);
    std::memcpy(&units, &polygonOffsetUnits, 4);
    uint64_t h = hashCombine(bits, uint64_t(factor) << 32 | units);
    if (stencil) {
        const StencilState& s = *stencil;
        uint64_t sb = 1ull << 63 | uint64_t(s.compare) | uint64_t(s.fail) << 3 | uint64_t(s.depthFail) << 6 |
                      uint64_t(s.pass) << 9 | uint64_t(s.reference) << 12 | uint64_t(s.readMask) << 20 |
                      uint64_t(s.writeMask) << 28;
        h = hashCombine(h, sb);
    }
    return h;
}

} // namespace th
