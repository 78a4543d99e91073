#include "render/LightClusters.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/Error.h"
#include "core/Hash.h"
#include "core/Log.h"
#include "core/Str.h"
#include "core/SteadyClock.h"

namespace th {

namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

/// The smallest sphere around a spot light's volume (its cone capped by the range sphere),
/// or the range sphere for a point light and for cones of half angle ≥ 90°.
glm::vec4 boundingSphere(const ClusterLight& l) {
    float range = l.range > 0.0f ? l.range : kInfinity;
    if (!l.spot || l.outerConeAngle >= 1.5707f || !std::isfinite(range)) return glm::vec4(l.position, range);
    float c = std::cos(l.outerConeAngle);
    if (l.outerConeAngle > 0.785398f) {
        // Wide cone: the sphere on the base circle holds the apex and the cap.
        return glm::vec4(l.position + l.direction * (range * c), range * std::sin(l.outerConeAngle));
    }
    // Narrow cone: the sphere through the apex and the base circle holds the cap too.
    float r = range / (2.0f * c);
    return glm::vec4(l.position + l.direction * r, r);
}

float distanceSquaredToBox(const glm::vec3& p, const Bounds& b) {
    glm::vec3 d = glm::max(glm::max(b.min - p, p - b.max), glm::vec3(0.0f));
    return glm::dot(d, d);
}

/// Whether a sphere (centre, radius) may touch a spot cone (apex, unit axis, half angle,
/// range): the closest point of the cone's lateral surface to the centre is farther than the
/// radius (angle test), or the sphere lies wholly behind the apex or past the range along the
/// axis. Conservative: may keep a sphere the cone misses near its rim, never drops one it touches.
bool sphereTouchesCone(const glm::vec3& centre, float radius, const ClusterLight& l, float cosAngle, float sinAngle) {
    glm::vec3 v = centre - l.position;
    float lengthSquared = glm::dot(v, v);
    float alongAxis = glm::dot(v, l.direction);
    float acrossAxis = std::sqrt(std::max(lengthSquared - alongAxis * alongAxis, 0.0f));
    float closest = cosAngle * acrossAxis - alongAxis * sinAngle;
    if (closest > radius) return false;
    if (alongAxis < -radius) return false;
    if (l.range > 0.0f && alongAxis > radius + l.range) return false;
    return true;
}

uint64_t hashFloats(uint64_t h, const float* values, size_t count) {
    return hash64(std::string_view(reinterpret_cast<const char*>(values), count * sizeof(float)), h);
}

} // namespace

ClusterSettings LightClusters::fitTexture(ClusterSettings settings, int maxTextureSize) {
    long long clusters = (long long)std::clamp(settings.tilesX, 1, 256) * std::clamp(settings.tilesY, 1, 256) * std::clamp(settings.slices, 1, 256);
    long long fit = ((long long)std::max(maxTextureSize, 1) * kTextureWidth - clusters) / 3;
    if (fit < 1) throw Error(str("light clusters: ", clusters, " clusters do not fit a ", kTextureWidth, " x ", maxTextureSize,
                                 " texture (the context's largest); use a coarser grid"));
    if (settings.maxIndices > fit) {
        logInfo("light clusters: a budget of ", settings.maxIndices, " light-cluster pairs needs more than this context's largest texture (",
                kTextureWidth, " x ", maxTextureSize, ") holds; it is ", fit);
        settings.maxIndices = int(fit);
    }
    return settings;
}

LightClusters::LightClusters(ClusterSettings settings) : mSettings(settings) {
    mSettings.tilesX = std::clamp(mSettings.tilesX, 1, 256);
    mSettings.tilesY = std::clamp(mSettings.tilesY, 1, 256);
    mSettings.slices = std::clamp(mSettings.slices, 1, 256);
    mSettings.maxLightsPerCluster = std::max(mSettings.maxLightsPerCluster, 1);
    mSettings.maxIndices = std::max(mSettings.maxIndices, 1);
    mBounds.resize(size_t(clusterCount()));
    mBoundSpheres.resize(size_t(clusterCount()));
    mCounts.assign(size_t(clusterCount()), 0);
    mShadowedCounts.assign(size_t(clusterCount()), 0);
    mMasks.assign(size_t(clusterCount()), 0);
    mListStart.assign(size_t(clusterCount()), 0);
}

int LightClusters::sliceForDepth(float viewDepth) const {
    if (!(viewDepth > 0.0f)) return 0;
    float s = std::floor(std::log(viewDepth) * mSliceScale + mSliceBias);
    return int(std::clamp(s, 0.0f, float(mSettings.slices - 1)));
}

glm::ivec2 LightClusters::tileForNdc(glm::vec2 ndc) const {
    int x = int(std::floor((ndc.x * 0.5f + 0.5f) * float(mSettings.tilesX)));
    int y = int(std::floor((ndc.y * 0.5f + 0.5f) * float(mSettings.tilesY)));
    return {std::clamp(x, 0, mSettings.tilesX - 1), std::clamp(y, 0, mSettings.tilesY - 1)};
}

int LightClusters::clusterForViewPosition(const glm::vec3& p) const {
    glm::vec4 clip = mView.projection * glm::vec4(p, 1.0f);
    glm::vec2 ndc = clip.w > 0.0f ? glm::vec2(clip) / clip.w : glm::vec2(0.0f);
    glm::ivec2 tile = tileForNdc(ndc);
    return clusterIndex(tile.x, tile.y, sliceForDepth(-p.z));
}

std::span<const uint32_t> LightClusters::lights(int cluster) const {
    if (cluster < 0 || cluster >= clusterCount()) return {};
    return {mEntries.data() + mListStart[size_t(cluster)], mCounts[size_t(cluster)]};
}

void LightClusters::computeGeometry(const ClusterView& view, std::span<const ClusterLight> lights) {
    const ClusterSettings& s = mSettings;
    mView = view;
    float cameraNear = std::max(view.nearPlane, 1e-4f);
    float cameraFar = std::max(view.farPlane, cameraNear * 1.001f);

    // The depth range the lights occupy (bounding spheres), inside the camera's.
    float lightNear = kInfinity, lightFar = 0.0f;
    for (const ClusterLight& l : lights) {
        glm::vec4 sphere = boundingSphere(l);
        float depth = -sphere.z;
        lightNear = std::min(lightNear, depth - sphere.w);
        lightFar = std::max(lightFar, depth + sphere.w);
    }
    float depthNear = std::max({cameraNear, s.minSliceNear, std::isfinite(lightNear) ? lightNear : 0.0f});
    float depthFar = std::min(cameraFar, lights.empty() ? cameraFar : lightFar);
    if (s.farDepth > 0.0f) depthFar = std::min(depthFar, s.farDepth);
    depthNear = std::max(std::min(depthNear, depthFar / 1.05f), cameraNear);
    depthFar = std::max(depthFar, depthNear * 1.05f);
    mDepthNear = depthNear;
    mDepthFar = depthFar;
    mSliceScale = float(s.slices) / std::log(depthFar / depthNear);
    mSliceBias = -std::log(depthNear) * mSliceScale;

    // Slice boundaries: exponential inside, open-ended at both ends (camera planes).
    std::vector<float> boundary(size_t(s.slices) + 1);
    for (int k = 0; k <= s.slices; ++k)
        boundary[size_t(k)] = depthNear * std::pow(depthFar / depthNear, float(k) / float(s.slices));
    boundary[0] = cameraNear;
    boundary[size_t(s.slices)] = std::max(cameraFar, boundary[size_t(s.slices) - 1]);
    mSliceNear.assign(boundary.begin(), boundary.end() - 1);
    mSliceFar.assign(boundary.begin() + 1, boundary.end());

    const glm::mat4& p = view.projection;
    float p00 = p[0][0], p11 = p[1][1], p20 = p[2][0], p21 = p[2][1];
    auto ndcX = [&](int i) { return -1.0f + 2.0f * float(i) / float(s.tilesX); };
    auto ndcY = [&](int i) { return -1.0f + 2.0f * float(i) / float(s.tilesY); };
    // Boundary planes through the eye; a point with dot(n, p) > 0 lies right of (above) it.
    mPlanesX.resize(size_t(s.tilesX) + 1);
    mPlanesY.resize(size_t(s.tilesY) + 1);
    for (int i = 0; i <= s.tilesX; ++i) mPlanesX[size_t(i)] = glm::normalize(glm::vec3(p00, 0.0f, ndcX(i) + p20));
    for (int i = 0; i <= s.tilesY; ++i) mPlanesY[size_t(i)] = glm::normalize(glm::vec3(0.0f, p11, ndcY(i) + p21));

    for (int k = 0; k < s.slices; ++k) {
        // A hair of padding so a fragment on a boundary, rounded either way by the shader,
        // finds its light in both neighbours.
        float d0 = boundary[size_t(k)] * (1.0f - 1e-4f), d1 = boundary[size_t(k) + 1] * (1.0f + 1e-4f);
        for (int y = 0; y < s.tilesY; ++y) {
            float y0 = ndcY(y) - 1e-4f, y1 = ndcY(y + 1) + 1e-4f;
            for (int x = 0; x < s.tilesX; ++x) {
                float x0 = ndcX(x) - 1e-4f, x1 = ndcX(x + 1) + 1e-4f;
                Bounds b;
                for (float d : {d0, d1}) {
                    for (float nx : {x0, x1})
                        for (float ny : {y0, y1}) b.add(glm::vec3(d * (nx + p20) / p00, d * (ny + p21) / p11, -d));
                }
                int c = clusterIndex(x, y, k);
                mBounds[size_t(c)] = b;
                mBoundSpheres[size_t(c)] = glm::vec4(b.center(), b.radius());
            }
        }
    }
}

bool LightClusters::build(std::span<const ClusterLight> lights, const ClusterView& view) {
    auto start = SteadyClock::now();
    // Same lights, same view: the lists are the same (static scenes and a still camera).
    uint64_t h = hashFloats(kHashSeed, &view.projection[0][0], 16);
    float depthPlanes[2] = {view.nearPlane, view.farPlane};
    h = hashFloats(h, depthPlanes, 2);
    for (const ClusterLight& l : lights) {
        float v[11] = {l.position.x, l.position.y, l.position.z, l.range, l.direction.x, l.direction.y, l.direction.z,
                       l.outerConeAngle, l.spot ? 1.0f : 0.0f, l.shadowed ? 1.0f : 0.0f, float(l.index)};
        h = hashCombine(hashFloats(h, v, 11), l.mask);
    }
    h = hashCombine(h, lights.size());
    if (mSettings.reuseUnchanged && mBuilt && h == mInputHash) {
        mStats.skipped = true;
        mStats.buildMs = msSince(start);
        return false;
    }
    mInputHash = h;
    mBuilt = true;

    const ClusterSettings& s = mSettings;
    computeGeometry(view, lights);
    mStats = Stats{};
    mStats.lights = int(lights.size());
    mPairs.clear();
    float cameraNear = std::max(view.nearPlane, 1e-4f);
    float cameraFar = std::max(view.farPlane, cameraNear * 1.001f);

    // Shadowed lights first, so they lead every list (the shader's shadow loop).
    std::vector<uint32_t> order;
    order.reserve(lights.size());
    for (int shadowedPass = 1; shadowedPass >= 0; --shadowedPass)
        for (uint32_t li = 0; li < uint32_t(lights.size()); ++li)
            if (lights[li].shadowed == bool(shadowedPass)) order.push_back(li);
    for (uint32_t li : order) {
        const ClusterLight& l = lights[li];
        glm::vec4 sphere = boundingSphere(l);
        glm::vec3 centre(sphere);
        float radius = sphere.w;
        bool bounded = std::isfinite(radius);
        float depth = -centre.z;
        if (bounded && (depth + radius < cameraNear || depth - radius > cameraFar)) continue; // wholly outside
        int k0 = bounded ? sliceForDepth(depth - radius) : 0;
        int k1 = bounded ? sliceForDepth(depth + radius) : s.slices - 1;
        // Tile columns and rows a sphere may touch: not wholly left of a column's left plane,
        // nor wholly right of its right plane.
        auto range = [&](const std::vector<glm::vec3>& planes, int tiles, const glm::vec3& c, float r, int& first, int& last) {
            first = tiles;
            last = -1;
            for (int t = 0; t < tiles; ++t) {
                bool inside = !bounded || (glm::dot(planes[size_t(t)], c) > -r && glm::dot(planes[size_t(t) + 1], c) < r);
                if (inside) {
                    first = std::min(first, t);
                    last = t;
                }
            }
        };
        bool cone = s.coneTest && l.spot && l.outerConeAngle < 1.5707f;
        float cosAngle = std::cos(l.outerConeAngle), sinAngle = std::sin(l.outerConeAngle);
        float radiusSquared = radius * radius;
        bool any = false;
        for (int k = k0; k <= k1; ++k) {
            // Within slice k the sphere is no wider than its cross-section at the slice depth
            // nearest its centre: the tiles of that smaller sphere are the ones to test (a
            // sphere spanning many thin slices would otherwise test its whole rectangle in each).
            glm::vec3 sliceCentre = centre;
            float sliceRadius = radius;
            if (bounded) {
                float nearest = std::clamp(depth, mSliceNear[size_t(k)], mSliceFar[size_t(k)]);
                float off = nearest - depth;
                sliceRadius = std::sqrt(std::max(radiusSquared - off * off, 0.0f));
                sliceCentre.z = -nearest;
            }
            int x0, x1, y0, y1;
            range(mPlanesX, s.tilesX, sliceCentre, sliceRadius, x0, x1);
            range(mPlanesY, s.tilesY, sliceCentre, sliceRadius, y0, y1);
            for (int y = y0; y <= y1; ++y)
                for (int x = x0; x <= x1; ++x) {
                    int c = clusterIndex(x, y, k);
                    ++mStats.testsRun;
                    if (bounded && distanceSquaredToBox(centre, mBounds[size_t(c)]) > radiusSquared) continue;
                    if (cone) {
                        const glm::vec4& cs = mBoundSpheres[size_t(c)];
                        if (!sphereTouchesCone(glm::vec3(cs), cs.w, l, cosAngle, sinAngle)) continue;
                    }
                    mPairs.push_back((uint64_t(uint32_t(c)) << 32) | li);
                    any = true;
                }
        }
        if (any) ++mStats.lightsBinned;
    }

    // Keep, per cluster, the first lights (the most important) up to the cap and the budget.
    std::fill(mCounts.begin(), mCounts.end(), 0u);
    std::fill(mShadowedCounts.begin(), mShadowedCounts.end(), 0u);
    std::fill(mMasks.begin(), mMasks.end(), 0u);
    size_t kept = 0;
    for (uint64_t pair : mPairs) {
        uint32_t c = uint32_t(pair >> 32);
        if (mCounts[c] >= uint32_t(s.maxLightsPerCluster) || kept >= size_t(s.maxIndices)) {
            ++mStats.droppedEntries;
            continue;
        }
        ++mCounts[c];
        if (lights[uint32_t(pair)].shadowed) ++mShadowedCounts[c];
        mMasks[c] |= lights[uint32_t(pair)].mask;
        mPairs[kept++] = pair;
    }
    mPairs.resize(kept);
    uint32_t total = 0;
    for (size_t c = 0; c < mCounts.size(); ++c) {
        mListStart[c] = total;
        total += mCounts[c];
        mStats.maxPerCluster = std::max(mStats.maxPerCluster, int(mCounts[c]));
        if (mCounts[c] > 0) ++mStats.occupiedClusters;
    }
    mEntries.resize(total);
    std::vector<uint32_t> cursor(mListStart);
    for (uint64_t pair : mPairs) {
        uint32_t c = uint32_t(pair >> 32);
        mEntries[cursor[c]++] = lights[uint32_t(pair)].index;
    }
    mStats.entries = total;

    mStats.buildMs = msSince(start);
    return true;
}

void LightClusters::writeTexels(const ClusterRecords& records) {
    const int shadowedTexels = std::clamp(records.shadowedTexels, 1, records.wordsPerLight / 4);
    const int otherTexels = std::clamp(records.otherTexels, 1, records.wordsPerLight / 4);
    size_t clusters = mCounts.size();
    size_t texels = clusters;
    for (size_t c = 0; c < clusters; ++c)
        texels += size_t(mShadowedCounts[c]) * size_t(shadowedTexels) + size_t(mCounts[c] - mShadowedCounts[c]) * size_t(otherTexels);
    size_t rows = (texels + kTextureWidth - 1) / kTextureWidth;
    mTexels.resize(rows * kTextureWidth * 4);
    size_t next = clusters;
    for (size_t c = 0; c < clusters; ++c) {
        uint32_t* header = &mTexels[c * 4];
        header[0] = uint32_t(next);
        header[1] = mCounts[c];
        header[2] = mShadowedCounts[c];
        header[3] = mMasks[c];
        for (uint32_t i = 0; i < mCounts[c]; ++i) {
            uint32_t light = mEntries[mListStart[c] + i];
            size_t words = size_t(i < mShadowedCounts[c] ? shadowedTexels : otherTexels) * 4;
            size_t from = size_t(light) * size_t(records.wordsPerLight);
            uint32_t* to = &mTexels[next * 4];
            // A light index past the records (a caller's mismatch) reads as a record of zeros:
            // no position, no colour, so it lights nothing.
            if (from + words <= records.words.size()) std::copy_n(records.words.data() + from, words, to);
            else std::fill_n(to, words, 0u);
            next += words / 4;
        }
    }
    std::fill(mTexels.begin() + std::ptrdiff_t(next * 4), mTexels.end(), 0u);
}

} // namespace th
