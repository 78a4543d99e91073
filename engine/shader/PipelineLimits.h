#pragma once
// Bounds that keep every stage finite on any input (a recursive include, a regex that matches
// everywhere, a fuzzer's worst case): exceeding one is an error naming the limit, never a hang
// or an out-of-memory crash. A real PBR shader is ~300 KB, far below these.
#include <cstddef>

namespace th {

/// Largest text any stage produces.
constexpr size_t kMaxShaderBytes = 16u << 20;
/// Deepest chain of nested #include.
constexpr int kMaxIncludeDepth = 32;
/// Most repetitions of one `#include<x>[A..B]`.
constexpr int kMaxIncludeRepeat = 1024;
/// Deepest nesting of #if blocks and of parentheses/operators in one #if expression.
constexpr int kMaxConditionalDepth = 256;
constexpr int kMaxExpressionDepth = 256;

} // namespace th
