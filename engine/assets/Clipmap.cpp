#include "assets/Clipmap.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <utility>

#include "core/Error.h"
#include "core/SteadyClock.h"
#include "core/Str.h"

namespace th {

namespace {

/// The chord of an edge at its midpoint. One expression everywhere (the finer ring's border
/// and the coarser ring's stitch), so both produce the same float.
float chord(float a, float b) { return 0.5f * (a + b); }

int floorDiv(float value, float step) { return int(std::floor(value / step)); }

} // namespace

Clipmap::Clipmap(HeightFunction height, ClipmapSettings settings, ClipmapVertexFunction vertexData)
    : mHeight(std::move(height)), mVertexData(std::move(vertexData)), mSettings(settings) {
    if (!mHeight) throw Error("clipmap: no height function");
    if (settings.rings < 1 || settings.rings > 16)
        throw Error(str("clipmap: ", settings.rings, " rings; expected 1 to 16"));
    if (settings.cells < 8 || settings.cells % 4 != 0 || settings.cells > 252)
        throw Error(str("clipmap: ", settings.cells, " cells per ring side; expected a multiple of 4 from 8 to 252 "
                        "(16-bit indices)"));
    float log2Spacing = std::log2(settings.baseSpacing);
    if (!(settings.baseSpacing > 0) || log2Spacing != std::round(log2Spacing))
        throw Error(str("clipmap: base spacing ", settings.baseSpacing, " m must be a power of two (exact vertex positions)"));
    if (settings.blendCells < 1 || settings.blendCells > settings.cells / 4 - 2)
        throw Error(str("clipmap: blend band of ", settings.blendCells, " cells; expected 1 to ", settings.cells / 4 - 2,
                        " (it must stay clear of the hole)"));
    mRings.resize(size_t(settings.rings));
    for (int L = 0; L < settings.rings; ++L) {
        ClipmapRing& r = mRings[size_t(L)].ring;
        r.level = L;
        r.spacing = std::ldexp(settings.baseSpacing, L);
    }
}

glm::ivec2 Clipmap::snapOrigin(glm::vec2 camera, float spacing, int cells) {
    // Centre the ring on the camera, then round the corner down to an even index.
    float half = float(cells / 2);
    return {2 * floorDiv(camera.x / spacing - half, 2.0f), 2 * floorDiv(camera.y / spacing - half, 2.0f)};
}

float Clipmap::extent() const { return float(mSettings.cells) * mRings.back().ring.spacing; }

uint64_t Clipmap::quadCount() const {
    uint64_t n = uint64_t(mSettings.cells);
    return n * n + uint64_t(mSettings.rings - 1) * (n * n - n * n / 4);
}

glm::vec2 Clipmap::halfLatticePoint(const RingData& r, int I, int J) const {
    // Integer times a power of two: exact, so rings that share a point agree to the bit.
    float half = r.ring.spacing * 0.5f;
    return {float(2 * r.ring.origin.x + I) * half, float(2 * r.ring.origin.y + J) * half};
}

uint64_t Clipmap::resample(RingData& r, glm::ivec2 origin) {
    const int n = mSettings.cells, N = 2 * n + 1, V = n + 1;
    glm::ivec2 delta = origin - r.ring.origin;
    bool keep = r.built;
    std::vector<float> lattice(size_t(N) * size_t(N));
    std::vector<glm::vec2> gradient(size_t(V) * size_t(V));
    std::vector<ClipmapVertexData> vertexData(mVertexData ? size_t(V) * size_t(V) : 0);
    uint64_t evaluated = 0;
    r.ring.origin = origin;
    for (int J = 0; J < N; ++J) {
        for (int I = 0; I < N; ++I) {
            size_t k = size_t(J) * size_t(N) + size_t(I);
            int oldI = I + 2 * delta.x, oldJ = J + 2 * delta.y;
            bool vertex = I % 2 == 0 && J % 2 == 0;
            size_t v = size_t(J / 2) * size_t(V) + size_t(I / 2);
            if (keep && oldI >= 0 && oldI < N && oldJ >= 0 && oldJ < N) {
                lattice[k] = r.lattice[size_t(oldJ) * size_t(N) + size_t(oldI)];
                if (vertex) {
                    size_t ov = size_t(oldJ / 2) * size_t(V) + size_t(oldI / 2);
                    gradient[v] = r.gradient[ov];
                    if (mVertexData) vertexData[v] = r.vertexData[ov];
                }
                continue;
            }
            glm::vec2 p = halfLatticePoint(r, I, J);
            HeightSample s = mHeight(p.x, p.y);
            ++evaluated;
            lattice[k] = s.height;
            if (vertex) {
                gradient[v] = s.gradient;
                if (mVertexData) vertexData[v] = mVertexData({p.x, s.height, p.y}, s);
            }
        }
    }
    r.lattice = std::move(lattice);
    r.gradient = std::move(gradient);
    r.vertexData = std::move(vertexData);
    r.built = true;
    return evaluated;
}

void Clipmap::computeLift(RingData& r) {
    const int n = mSettings.cells, N = 2 * n + 1, V = n + 1;
    auto L = [&](int I, int J) { return r.lattice[size_t(J) * size_t(N) + size_t(I)]; };
    r.drawn.assign(size_t(V) * size_t(V), 0.0f);
    // The six drawn edges of a vertex: ±x, ±z and the b–c diagonals (+x −z, −x +z).
    const int edges[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}};
    for (int j = 0; j <= n; ++j) {
        for (int i = 0; i <= n; ++i) {
            float base = L(2 * i, 2 * j);
            float lift = 0.0f;
            if (mSettings.lift) {
                for (auto& e : edges) {
                    int ni = i + e[0], nj = j + e[1];
                    if (ni < 0 || nj < 0 || ni > n || nj > n) continue;
                    float excess = L(2 * i + e[0], 2 * j + e[1]) - chord(base, L(2 * ni, 2 * nj));
                    lift = std::max(lift, excess);
                }
                if (lift <= mSettings.liftDeadband) lift = 0.0f;
            }
            r.drawn[size_t(j) * size_t(V) + size_t(i)] = base + lift;
        }
    }
}

float Clipmap::coarseDrawn(int level, int i, int j) const {
    // Vertex (i, j) of ring `level` in the coarser ring's half-lattice (its cells are two of ours).
    const RingData& c = mRings[size_t(level + 1)];
    const int V = mSettings.cells + 1;
    int I = i + 2 * c.ring.hole.x, J = j + 2 * c.ring.hole.y;
    auto D = [&](int ci, int cj) { return c.drawn[size_t(cj) * size_t(V) + size_t(ci)]; };
    bool oddI = I % 2 != 0, oddJ = J % 2 != 0;
    if (!oddI && !oddJ) return D(I / 2, J / 2);
    if (oddI && !oddJ) return chord(D(I / 2, J / 2), D(I / 2 + 1, J / 2));
    if (!oddI && oddJ) return chord(D(I / 2, J / 2), D(I / 2, J / 2 + 1));
    // A cell centre lies on the drawn diagonal b–c: (ci + 1, cj) to (ci, cj + 1).
    return chord(D(I / 2 + 1, J / 2), D(I / 2, J / 2 + 1));
}

void Clipmap::emit(int level) {
    RingData& r = mRings[size_t(level)];
    ClipmapRing& ring = r.ring;
    const int n = mSettings.cells, V = n + 1, h = n / 2;
    const bool blends = level + 1 < int(mRings.size());
    const int band = mSettings.blendCells;
    MeshData& m = ring.mesh;
    m = MeshData{};
    m.name = str("terrain ring ", level);
    size_t count = size_t(V) * size_t(V);
    m.positions.resize(count);
    m.normals.resize(count);
    if (mVertexData) {
        m.colors.resize(count);
        m.uv1.resize(count);
    }
    for (int j = 0; j <= n; ++j) {
        for (int i = 0; i <= n; ++i) {
            size_t v = size_t(j) * size_t(V) + size_t(i);
            glm::vec2 p = halfLatticePoint(r, 2 * i, 2 * j);
            float y = r.drawn[v];
            if (blends) {
                int border = std::min(std::min(i, j), std::min(n - i, n - j));
                if (border == 0) {
                    y = coarseDrawn(level, i, j); // exactly what the coarser ring draws here
                } else if (border < band) {
                    float a = 1.0f - float(border) / float(band);
                    y += (coarseDrawn(level, i, j) - y) * a;
                }
            }
            m.positions[v] = {p.x, y, p.y};
            glm::vec2 g = r.gradient[v];
            m.normals[v] = glm::normalize(glm::vec3(-g.x, 1.0f, -g.y));
            if (mVertexData) {
                m.colors[v] = r.vertexData[v].color;
                m.uv1[v] = r.vertexData[v].uv1;
            }
        }
    }

    auto index = [&](int i, int j) { return uint32_t(j * V + i); };
    m.indices.reserve(size_t(n) * size_t(n) * 6);
    const glm::ivec2 hole = ring.hole;
    const bool holed = level > 0;
    auto inHole = [&](int ci, int cj) {
        return holed && ci >= hole.x && ci < hole.x + h && cj >= hole.y && cj < hole.y + h;
    };
    // Stitch vertices: midpoints of the hole's border edges, with the finer ring's heights
    // there (the chord of this ring's two vertices), normals and vertex data.
    auto stitchVertex = [&](int I, int J, float y) {
        glm::vec2 p = halfLatticePoint(r, I, J);
        HeightSample s = mHeight(p.x, p.y);
        m.positions.push_back({p.x, y, p.y});
        m.normals.push_back(s.normal());
        if (mVertexData) {
            ClipmapVertexData d = mVertexData({p.x, s.height, p.y}, s);
            m.colors.push_back(d.color);
            m.uv1.push_back(d.uv1);
        }
        return uint32_t(m.positions.size() - 1);
    };
    auto D = [&](int i, int j) { return r.drawn[size_t(j) * size_t(V) + size_t(i)]; };
    for (int cj = 0; cj < n; ++cj) {
        for (int ci = 0; ci < n; ++ci) {
            if (inHole(ci, cj)) continue;
            uint32_t a = index(ci, cj), b = index(ci + 1, cj), c = index(ci, cj + 1), d = index(ci + 1, cj + 1);
            bool alongX = holed && ci >= hole.x && ci < hole.x + h;
            bool alongZ = holed && cj >= hole.y && cj < hole.y + h;
            // Counter-clockwise order of the quad seen from above: a, c, d, b. With a midpoint
            // m on the edge p→q of that cycle (r, s following): (m, q, r), (m, r, s), (m, s, p).
            if (alongX && cj == hole.y - 1) { // top edge c→d borders the hole
                uint32_t mid = stitchVertex(2 * ci + 1, 2 * (cj + 1), chord(D(ci, cj + 1), D(ci + 1, cj + 1)));
                m.indices.insert(m.indices.end(), {mid, d, b, mid, b, a, mid, a, c});
            } else if (alongX && cj == hole.y + h) { // bottom edge b→a
                uint32_t mid = stitchVertex(2 * ci + 1, 2 * cj, chord(D(ci, cj), D(ci + 1, cj)));
                m.indices.insert(m.indices.end(), {mid, a, c, mid, c, d, mid, d, b});
            } else if (alongZ && ci == hole.x - 1) { // right edge d→b
                uint32_t mid = stitchVertex(2 * (ci + 1), 2 * cj + 1, chord(D(ci + 1, cj), D(ci + 1, cj + 1)));
                m.indices.insert(m.indices.end(), {mid, b, a, mid, a, c, mid, c, d});
            } else if (alongZ && ci == hole.x + h) { // left edge a→c
                uint32_t mid = stitchVertex(2 * ci, 2 * cj + 1, chord(D(ci, cj), D(ci, cj + 1)));
                m.indices.insert(m.indices.end(), {mid, c, d, mid, d, b, mid, b, a});
            } else {
                m.indices.insert(m.indices.end(), {a, c, b, b, c, d});
            }
        }
    }
    ring.stitchVertices = int(m.positions.size() - count);
    ++ring.version;
}

ClipmapUpdate Clipmap::update(glm::vec2 camera) {
    ClipmapUpdate u;
    const int rings = int(mRings.size());
    std::vector<glm::ivec2> origins(mRings.size());
    std::vector<bool> moved(mRings.size(), false);
    for (int L = 0; L < rings; ++L) {
        RingData& r = mRings[size_t(L)];
        origins[size_t(L)] = snapOrigin(camera, r.ring.spacing, mSettings.cells);
        moved[size_t(L)] = !r.built || origins[size_t(L)] != r.ring.origin;
        if (moved[size_t(L)]) u.moved.push_back(L);
    }
    if (u.moved.empty()) return u;

    auto t0 = SteadyClock::now();
    // Full builds run on worker threads (one ring each); scrolls are cheap and stay here.
    std::vector<std::future<uint64_t>> jobs;
    for (int L : u.moved) {
        RingData& r = mRings[size_t(L)];
        auto job = [this, &r, origin = origins[size_t(L)]] {
            uint64_t n = resample(r, origin);
            computeLift(r);
            return n;
        };
        if (!r.built && u.moved.size() > 1) jobs.push_back(std::async(std::launch::async, job));
        else u.samplesEvaluated += job();
    }
    for (auto& j : jobs) u.samplesEvaluated += j.get();
    for (int L = 1; L < rings; ++L) {
        const ClipmapRing& fine = mRings[size_t(L - 1)].ring;
        mRings[size_t(L)].ring.hole = fine.origin / 2 - mRings[size_t(L)].ring.origin;
    }
    u.sampleMs = msSince(t0);

    auto t1 = SteadyClock::now();
    for (int L = 0; L < rings; ++L) {
        // A ring changes when it moved or when the finer ring (its hole) moved.
        if (moved[size_t(L)] || (L > 0 && moved[size_t(L - 1)])) {
            emit(L);
            u.emitted.push_back(L);
        }
    }
    u.emitMs = msSince(t1);
    return u;
}

} // namespace th
