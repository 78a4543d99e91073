#pragma once
// How a range of indices is assembled into primitives (glTF's primitive modes). Triangle
// strips and fans become triangle lists at import; points and the three line modes are drawn
// as such. A material sees the topology in DrawInfo: points need gl_PointSize written.
#include <cstdint>

namespace th {

enum class PrimitiveTopology : uint8_t { Triangles, Points, Lines, LineStrip, LineLoop };

constexpr bool isTriangles(PrimitiveTopology t) { return t == PrimitiveTopology::Triangles; }

constexpr const char* toString(PrimitiveTopology t) {
    switch (t) {
    case PrimitiveTopology::Triangles: return "triangles";
    case PrimitiveTopology::Points: return "points";
    case PrimitiveTopology::Lines: return "lines";
    case PrimitiveTopology::LineStrip: return "a line strip";
    case PrimitiveTopology::LineLoop: return "a line loop";
    }
    return "?";
}

} // namespace th
