#include "render/FacingBins.h"

#include <algorithm>
#include <cmath>

namespace th {

namespace {

constexpr float kPi = 3.14159265358979f;
/// How far below zero the largest n · u over a cell must be: covers the rounding of the
/// eye's direction and of the GPU's own facing test.
constexpr float kFacingMargin = 1e-3f;

float radians(float degrees) { return degrees * kPi / 180.0f; }

/// The largest n · u for u with azimuth in [a0, a1] and elevation in [e0, e1] (radians),
/// u = (cos e cos a, sin e, cos e sin a).
float largestDot(const glm::vec3& n, float a0, float a1, float e0, float e1) {
    // n · u = n.y sin e + cos e · h cos(a − an): first the best azimuth.
    float h = std::hypot(n.x, n.z);
    float g = 0.0f;
    if (h > 0.0f) {
        float an = std::atan2(n.z, n.x);
        float centre = 0.5f * (a0 + a1), half = 0.5f * (a1 - a0);
        float off = std::abs(std::remainder(an - centre, 2.0f * kPi)); // in [0, π]
        g = h * std::cos(std::max(0.0f, off - half));
    }
    // Then n.y sin e + g cos e = r cos(e − e*), largest at e* or at an end of the band.
    float best = std::max(n.y * std::sin(e0) + g * std::cos(e0), n.y * std::sin(e1) + g * std::cos(e1));
    float peak = std::atan2(n.y, g);
    if (peak >= e0 && peak <= e1) best = std::hypot(n.y, g);
    return best;
}

} // namespace

FacingBins::FacingBins(std::span<const glm::vec3> positions, std::span<const uint32_t> indices)
    : mIndices(indices.begin(), indices.end() - std::ptrdiff_t(indices.size() % 3)) {
    float reach = 0.0f;
    for (const glm::vec3& p : positions) reach = std::max(reach, glm::length(p));
    mMinDistance = 16.0f * std::max(reach, 1e-6f);
    const size_t triangles = mIndices.size() / 3;
    mNormals.resize(triangles);
    mOffsets.resize(triangles);
    for (size_t t = 0; t < triangles; ++t) {
        const glm::vec3 &a = positions[mIndices[3 * t]], &b = positions[mIndices[3 * t + 1]], &c = positions[mIndices[3 * t + 2]];
        glm::vec3 n = glm::cross(b - a, c - a);
        float length = glm::length(n);
        // A degenerate triangle draws nothing whatever its bin; keeping it everywhere is simplest.
        mNormals[t] = length > 1e-12f && std::isfinite(length) ? n / length : glm::vec3(0.0f);
        mOffsets[t] = glm::dot(mNormals[t], a);
    }
}

int FacingBins::binOf(const glm::vec3& eye) const {
    float distance = glm::length(eye);
    if (!(distance >= mMinDistance) || !std::isfinite(distance)) return kAll;
    glm::vec3 u = eye / distance;
    float azimuth = std::atan2(u.z, u.x); // [−π, π]
    int sector = std::clamp(int((azimuth + kPi) / (2.0f * kPi) * float(kSectors)), 0, kSectors - 1);
    float elevation = std::asin(std::clamp(u.y, -1.0f, 1.0f)) * 180.0f / kPi;
    int band = int(std::upper_bound(kBandEdges.begin() + 1, kBandEdges.end() - 1, elevation) - (kBandEdges.begin() + 1));
    return band * kSectors + sector;
}

const std::vector<uint32_t>& FacingBins::indices(int bin) {
    if (bin < 0 || bin >= kBins) return mIndices;
    std::vector<uint32_t>& list = mLists[size_t(bin)];
    if (mBuilt[size_t(bin)]) return list;
    const int sector = bin % kSectors, band = bin / kSectors;
    const float a0 = -kPi + 2.0f * kPi * float(sector) / float(kSectors), a1 = -kPi + 2.0f * kPi * float(sector + 1) / float(kSectors);
    const float e0 = radians(kBandEdges[size_t(band)]), e1 = radians(kBandEdges[size_t(band) + 1]);
    list.clear();
    for (size_t t = 0; t < mNormals.size(); ++t) {
        const glm::vec3& n = mNormals[t];
        bool away = false;
        if (n != glm::vec3(0.0f)) {
            float most = largestDot(n, a0, a1, e0, e1) + kFacingMargin;
            // n · (t u − a) is largest at the nearest eye when n · u < 0.
            away = most < 0.0f && mOffsets[t] > most * mMinDistance;
        }
        if (!away) list.insert(list.end(), mIndices.begin() + std::ptrdiff_t(3 * t), mIndices.begin() + std::ptrdiff_t(3 * t + 3));
    }
    mBuilt[size_t(bin)] = true;
    return list;
}

} // namespace th
