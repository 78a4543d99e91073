#pragma once
// 64-bit FNV-1a: fast, stable across runs and platforms, good enough to key caches (effect
// cache, program binary cache) where a collision is also checked by comparing the full key.
#include <cstdint>
#include <string_view>

namespace th {

constexpr uint64_t kHashSeed = 0xcbf29ce484222325ull;

constexpr uint64_t hash64(std::string_view bytes, uint64_t seed = kHashSeed) {
    uint64_t h = seed;
    for (char c : bytes) {
        h ^= uint8_t(c);
        h *= 0x100000001b3ull;
    }
    return h;
}

constexpr uint64_t hashCombine(uint64_t a, uint64_t b) {
    // Mixes b through a 64-bit finaliser (splitmix64) so combining is order-sensitive.
    uint64_t x = b + 0x9e3779b97f4a7c15ull + (a << 6) + (a >> 2);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return a ^ (x ^ (x >> 31));
}

} // namespace th
