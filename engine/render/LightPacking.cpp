#include "render/LightPacking.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace th {

uint16_t halfBits(float value) {
    uint32_t u = std::bit_cast<uint32_t>(value);
    uint32_t sign = (u >> 16) & 0x8000u;
    float magnitude = std::fabs(value);
    if (!(magnitude >= 6.103515625e-5f)) return uint16_t(sign); // below the smallest normal half (NaN too): 0
    if (magnitude >= kMaxPackedLightColour) return uint16_t(sign | 0x7BFFu);
    uint32_t exponent = ((u >> 23) & 0xFFu) - 127u + 15u; // 1..30 here
    uint32_t mantissa = u & 0x7FFFFFu;
    uint32_t h = (exponent << 10) | (mantissa >> 13);
    uint32_t rest = mantissa & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h; // to nearest, ties to even (a carry moves the exponent)
    return uint16_t(sign | h);
}

float halfToFloat(uint16_t bits) {
    uint32_t magnitude = bits & 0x7FFFu;
    if (magnitude == 0) return 0.0f;
    return std::bit_cast<float>((uint32_t(bits & 0x8000u) << 16) | ((magnitude << 13) + 0x38000000u));
}

uint32_t packHalves(float low, float high) { return uint32_t(halfBits(low)) | (uint32_t(halfBits(high)) << 16); }

namespace {
float signNotZero(float v) { return v >= 0.0f ? 1.0f : -1.0f; }
uint32_t snorm16(float v) { return uint32_t(uint16_t(int16_t(std::lround(std::clamp(v, -1.0f, 1.0f) * 32767.0f)))); }
float fromSnorm16(uint32_t v) { return std::max(float(int16_t(uint16_t(v))) / 32767.0f, -1.0f); }
uint32_t floatBits(float v) { return std::bit_cast<uint32_t>(v); }
} // namespace

uint32_t octahedralSnorm(const glm::vec3& unit) {
    glm::vec3 n = unit / (std::fabs(unit.x) + std::fabs(unit.y) + std::fabs(unit.z));
    glm::vec2 p(n.x, n.y);
    if (n.z < 0.0f) p = glm::vec2((1.0f - std::fabs(n.y)) * signNotZero(n.x), (1.0f - std::fabs(n.x)) * signNotZero(n.y));
    return snorm16(p.x) | (snorm16(p.y) << 16);
}

glm::vec3 octahedralDirection(uint32_t packed) {
    glm::vec2 e(fromSnorm16(packed & 0xFFFFu), fromSnorm16(packed >> 16));
    glm::vec3 n(e, 1.0f - std::fabs(e.x) - std::fabs(e.y));
    if (n.z < 0.0f) n = glm::vec3((1.0f - std::fabs(n.y)) * signNotZero(n.x), (1.0f - std::fabs(n.x)) * signNotZero(n.y), n.z);
    return glm::normalize(n);
}

std::array<uint32_t, 16> packLight(const Light& l, int shadowLayer, bool* clamped) {
    std::array<uint32_t, 16> t{};
    glm::vec3 colour = l.color * l.intensity;
    // A zero or non-finite direction (a point light needs none) packs as straight down, not NaN.
    float length = glm::length(l.direction);
    glm::vec3 direction = std::isfinite(length) && length > 0.0f ? l.direction / length : glm::vec3(0.0f, -1.0f, 0.0f);
    uint32_t type = l.type == LightType::Directional ? 0u : l.type == LightType::Point ? 1u : 2u;
    if (clamped) *clamped = false;
    if (l.type == LightType::Directional) {
        t = {floatBits(colour.r), floatBits(colour.g), floatBits(colour.b), 0u,
             floatBits(direction.x), floatBits(direction.y), floatBits(direction.z), 0u};
    } else {
        float cosOuter = -2.0f, scale = 1.0f; // a point light: the cone factor is 1 everywhere
        if (l.type == LightType::Spot) {
            cosOuter = std::cos(l.outerConeAngle);
            float cosInner = std::cos(std::min(l.innerConeAngle, l.outerConeAngle - 1e-3f));
            scale = 1.0f / std::max(cosInner - cosOuter, 1e-3f);
        }
        if (clamped) *clamped = std::max({colour.r, colour.g, colour.b}) > kMaxPackedLightColour;
        t = {floatBits(l.position.x), floatBits(l.position.y), floatBits(l.position.z),
             floatBits(l.range > 0.0f ? 1.0f / (l.range * l.range) : 0.0f),
             octahedralSnorm(direction), floatBits(cosOuter), packHalves(colour.r, colour.g), packHalves(colour.b, scale)};
    }
    t[8] = uint32_t(shadowLayer);
    t[9] = type;
    t[10] = l.mask;
    return t;
}

} // namespace th
