#include "common/FlipMeasure.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {
constexpr double kPi = 3.14159265358979323846;

// The paper's constants. qc and qf compress the colour and feature differences; colour differences up to pc·cmax
// are spread over [0, pt] and the rest over (pt, 1], so that most visible differences get most of the range.
constexpr double kQc = 0.7, kQf = 0.5, kPc = 0.4, kPt = 0.95;
// Peak-to-trough width (two standard deviations), in degrees, of the eye's edge detector.
constexpr double kFeatureWidth = 0.082;

// Linear sRGB → XYZ for D65, in the exact fractions the authors use, with Y of white exactly 1. The rows' sums are
// the XYZ of linear RGB (1, 1, 1): the white that YCxCz and L*a*b* are taken relative to.
constexpr double kToXyz[3][3] = {{10135552.0 / 24577794.0, 8788810.0 / 24577794.0, 4435075.0 / 24577794.0},
                                 {2613072.0 / 12288897.0, 8788810.0 / 12288897.0, 887015.0 / 12288897.0},
                                 {1425312.0 / 73733382.0, 8788810.0 / 73733382.0, 70074185.0 / 73733382.0}};
constexpr double kWhite[3] = {kToXyz[0][0] + kToXyz[0][1] + kToXyz[0][2], kToXyz[1][0] + kToXyz[1][1] + kToXyz[1][2],
                              kToXyz[2][0] + kToXyz[2][1] + kToXyz[2][2]};

// The contrast sensitivity of each opponent channel (achromatic, red-green, blue-yellow) as a sum of two Gaussians
// a·sqrt(π/b)·exp(−π²d²/b) over the distance d in degrees. The first two channels have one Gaussian (a2 = 0; b2
// only keeps the form finite).
struct Csf {
    double a1, b1, a2, b2;
};
constexpr Csf kCsfs[3] = {{1.0, 0.0047, 0.0, 1e-5}, {1.0, 0.0053, 0.0, 1e-5}, {34.1, 0.04, 13.5, 0.025}};

// Every 32nd entry and the last of the magma colour map (sRGB) that FLIP's own images use: dark where images agree.
constexpr float kMagma[9][3] = {
    {0.001462f, 0.000466f, 0.013866f}, {0.113094f, 0.065492f, 0.276784f}, {0.316654f, 0.071690f, 0.485380f},
    {0.512831f, 0.148179f, 0.507648f}, {0.716387f, 0.214982f, 0.475290f}, {0.904281f, 0.319610f, 0.388137f},
    {0.986700f, 0.535582f, 0.382210f}, {0.996898f, 0.769591f, 0.534892f}, {0.987053f, 0.991438f, 0.749504f}};

using Colour = std::array<double, 3>;
using Plane = std::vector<float>;
using Planes = std::array<Plane, 3>;

Colour multiply(const double m[3][3], const Colour& c) {
    return {m[0][0] * c[0] + m[0][1] * c[1] + m[0][2] * c[2], m[1][0] * c[0] + m[1][1] * c[1] + m[1][2] * c[2],
            m[2][0] * c[0] + m[2][1] * c[1] + m[2][2] * c[2]};
}

// XYZ → linear sRGB, inverted here rather than written out so that a colour survives the round trip unchanged.
struct ToRgb {
    double m[3][3];
    ToRgb() {
        const auto& a = kToXyz;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) {
                // The cofactor of a[c][r], by cyclic indices, is the inverse's (r, c) entry times the determinant.
                int r1 = (c + 1) % 3, r2 = (c + 2) % 3, c1 = (r + 1) % 3, c2 = (r + 2) % 3;
                m[r][c] = a[r1][c1] * a[r2][c2] - a[r1][c2] * a[r2][c1];
            }
        double det = a[0][0] * m[0][0] + a[0][1] * m[1][0] + a[0][2] * m[2][0];
        for (auto& row : m)
            for (double& v : row) v /= det;
    }
};

double labF(double t) {
    const double delta = 6.0 / 29.0;
    return t > delta * delta * delta ? std::cbrt(t) : t / (3.0 * delta * delta) + 4.0 / 29.0;
}

// Linear RGB → L*a*b*, then the Hunt adjustment: colourfulness is seen to fade in the dark, so a* and b* are scaled
// by L*/100.
Colour huntLab(const Colour& rgb) {
    Colour xyz = multiply(kToXyz, rgb);
    double fx = labF(xyz[0] / kWhite[0]), fy = labF(xyz[1] / kWhite[1]), fz = labF(xyz[2] / kWhite[2]);
    double l = 116.0 * fy - 16.0;
    return {l, 0.01 * l * 500.0 * (fx - fy), 0.01 * l * 200.0 * (fy - fz)};
}

// HyAB: city-block in lightness, Euclidean in chroma, which matches large colour differences better than ΔE76.
double hyab(const Colour& a, const Colour& b) { return std::abs(a[0] - b[0]) + std::hypot(a[1] - b[1], a[2] - b[2]); }

// YCxCz: L*a*b* without the cube root, so that the opponent channels stay linear in light and can be filtered.
Planes opponent(const ImageRgba8& image) {
    std::array<double, 256> toLinear;
    for (int v = 0; v < 256; ++v) {
        double c = v / 255.0;
        toLinear[size_t(v)] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    }
    size_t n = size_t(image.width) * size_t(image.height);
    Planes out{Plane(n), Plane(n), Plane(n)};
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* p = &image.pixels[i * 4];
        Colour xyz = multiply(kToXyz, {toLinear[p[0]], toLinear[p[1]], toLinear[p[2]]});
        double x = xyz[0] / kWhite[0], y = xyz[1] / kWhite[1], z = xyz[2] / kWhite[2];
        out[0][i] = float(116.0 * y - 16.0);
        out[1][i] = float(500.0 * (x - y));
        out[2][i] = float(200.0 * (y - z));
    }
    return out;
}

// One Gaussian of a contrast sensitivity filter: 1-D taps summing to 1, run along rows and then columns, and its
// share of the whole 2-D filter's weight.
struct SeparableGaussian {
    std::vector<float> taps;
    float share = 0;
};

// A 2-D Gaussian exp(−π²(x² + y²)/b) is exp(−π²x²/b)·exp(−π²y²/b), so each of a filter's Gaussians runs as two 1-D
// passes. Normalising the 2-D sum to 1, as the paper does, gives each Gaussian the share a·sqrt(π/b)·S² of it,
// S being the sum of its 1-D taps.
std::vector<SeparableGaussian> csfFilter(const Csf& csf, int radius, double ppd) {
    std::vector<SeparableGaussian> out;
    double total = 0;
    for (auto [a, b] : {std::array<double, 2>{csf.a1, csf.b1}, std::array<double, 2>{csf.a2, csf.b2}}) {
        if (a == 0.0) continue;
        std::vector<double> taps(size_t(2 * radius + 1));
        double sum = 0;
        for (int i = -radius; i <= radius; ++i) {
            double d = i / ppd;
            taps[size_t(i + radius)] = std::exp(-kPi * kPi * d * d / b);
            sum += taps[size_t(i + radius)];
        }
        SeparableGaussian g;
        for (double t : taps) g.taps.push_back(float(t / sum));
        double share = a * std::sqrt(kPi / b) * sum * sum;
        g.share = float(share);
        total += share;
        out.push_back(std::move(g));
    }
    for (SeparableGaussian& g : out) g.share = float(g.share / total);
    return out;
}

// Scales positive taps to sum to 1 and negative ones to −1, so that a flat image gives no response and a step
// between 0 and 1 at most 1. At very few pixels per degree the Gaussian underflows past the centre pixel and one
// sign has no taps: the detector is narrower than a pixel and sees no features, so all its taps become 0.
std::vector<float> normalizeSigned(const std::vector<double>& taps) {
    double positive = 0, negative = 0;
    for (double t : taps) (t > 0 ? positive : negative) += std::abs(t);
    std::vector<float> out(taps.size(), 0.0f);
    if (positive == 0.0 || negative == 0.0) return out;
    for (size_t i = 0; i < taps.size(); ++i) out[i] = float(taps[i] / (taps[i] > 0 ? positive : negative));
    return out;
}

// The edge and point detectors: the first and second derivatives of a Gaussian along one axis times the Gaussian
// along the other, which makes both separable.
struct FeatureFilters {
    std::vector<float> gaussian, edge, point;
};

FeatureFilters featureFilters(double ppd) {
    double sd = 0.5 * kFeatureWidth * ppd;
    int radius = int(std::ceil(3.0 * sd));
    std::vector<double> gaussian, edge, point;
    double sum = 0;
    for (int x = -radius; x <= radius; ++x) {
        double g = std::exp(-double(x) * x / (2.0 * sd * sd));
        gaussian.push_back(g);
        edge.push_back(-x * g);
        point.push_back((double(x) * x / (sd * sd) - 1.0) * g);
        sum += g;
    }
    FeatureFilters f;
    for (double g : gaussian) f.gaussian.push_back(float(g / sum));
    f.edge = normalizeSigned(edge);
    f.point = normalizeSigned(point);
    return f;
}

// Buffers the filters reuse, so that nothing is allocated per pixel or per row.
struct Scratch {
    Plane padded, rows;
    Planes work;
};

// Correlates each row of `src` with `taps` (2r + 1 of them) into `dst`. Past the border the edge pixel repeats, as
// in the authors' implementations. The tap loop is the outer one so that the pixel loop vectorises.
void filterRows(const Plane& src, int w, int h, const std::vector<float>& taps, Plane& dst, Scratch& s) {
    int r = int(taps.size() / 2);
    s.padded.resize(size_t(w + 2 * r));
    dst.assign(src.size(), 0.0f);
    for (int y = 0; y < h; ++y) {
        const float* row = &src[size_t(y) * size_t(w)];
        for (int i = 0; i < w + 2 * r; ++i) s.padded[size_t(i)] = row[std::clamp(i - r, 0, w - 1)];
        float* out = &dst[size_t(y) * size_t(w)];
        for (size_t t = 0; t < taps.size(); ++t) {
            const float k = taps[t];
            const float* in = s.padded.data() + t;
            for (int x = 0; x < w; ++x) out[x] += k * in[x];
        }
    }
}

// Adds `gain` times the correlation of each column of `src` with `taps` to `dst`, the edge row repeating.
void addFilteredColumns(const Plane& src, int w, int h, const std::vector<float>& taps, float gain, Plane& dst) {
    int r = int(taps.size() / 2);
    for (int y = 0; y < h; ++y) {
        float* out = &dst[size_t(y) * size_t(w)];
        for (int t = 0; t <= 2 * r; ++t) {
            const float k = gain * taps[size_t(t)];
            const float* in = &src[size_t(std::clamp(y + t - r, 0, h - 1)) * size_t(w)];
            for (int x = 0; x < w; ++x) out[x] += k * in[x];
        }
    }
}

// Replaces YCxCz planes by the image as the eye resolves it at the viewing distance, in Hunt-adjusted L*a*b*: each
// channel blurred by its contrast sensitivity, then clamped to the RGB cube, which blurring opponent colours can
// leave, before the conversion.
void toPerceivedLab(Planes& planes, int w, int h, const std::array<std::vector<SeparableGaussian>, 3>& csf,
                    const ToRgb& toRgb, Scratch& s) {
    for (int c = 0; c < 3; ++c) {
        s.work[size_t(c)].assign(planes[size_t(c)].size(), 0.0f);
        for (const SeparableGaussian& g : csf[size_t(c)]) {
            filterRows(planes[size_t(c)], w, h, g.taps, s.rows, s);
            addFilteredColumns(s.rows, w, h, g.taps, g.share, s.work[size_t(c)]);
        }
    }
    for (size_t i = 0; i < planes[0].size(); ++i) {
        double fy = (s.work[0][i] + 16.0) / 116.0;
        Colour xyz = {(fy + s.work[1][i] / 500.0) * kWhite[0], fy * kWhite[1], (fy - s.work[2][i] / 200.0) * kWhite[2]};
        Colour rgb = multiply(toRgb.m, xyz);
        for (double& v : rgb) v = std::clamp(v, 0.0, 1.0);
        Colour lab = huntLab(rgb);
        for (size_t c = 0; c < 3; ++c) planes[c][i] = float(lab[c]);
    }
}

// Edge and point strengths of the achromatic channel, normalised to [0, 1] as (Y + 16) / 116: the length of the
// (x, y) response of the edge detectors, and of the point detectors. Unfiltered, since the detectors model the eye.
void featureStrengths(const Plane& luma, int w, int h, const FeatureFilters& f, Plane& edges, Plane& points,
                      Scratch& s) {
    Plane& grey = s.work[0];
    Plane& across = s.work[1];
    grey.resize(luma.size());
    for (size_t i = 0; i < luma.size(); ++i) grey[i] = (luma[i] + 16.0f) / 116.0f;

    // Vertical derivatives first, kept in the outputs until the horizontal ones join them.
    filterRows(grey, w, h, f.gaussian, s.rows, s);
    edges.assign(grey.size(), 0.0f);
    points.assign(grey.size(), 0.0f);
    addFilteredColumns(s.rows, w, h, f.edge, 1.0f, edges);
    addFilteredColumns(s.rows, w, h, f.point, 1.0f, points);
    for (auto [taps, out] : {std::pair{&f.edge, &edges}, std::pair{&f.point, &points}}) {
        filterRows(grey, w, h, *taps, s.rows, s);
        across.assign(grey.size(), 0.0f);
        addFilteredColumns(s.rows, w, h, f.gaussian, 1.0f, across);
        for (size_t i = 0; i < grey.size(); ++i) (*out)[i] = std::sqrt((*out)[i] * (*out)[i] + across[i] * across[i]);
    }
}

void heatColour(double error, uint8_t* out) {
    double t = std::clamp(error, 0.0, 1.0) * 8.0;
    int k = std::min(int(t), 7);
    double f = t - k;
    for (int c = 0; c < 3; ++c) {
        double v = kMagma[k][c] + f * (kMagma[k + 1][c] - kMagma[k][c]);
        out[c] = uint8_t(v * 255.0 + 0.5);
    }
    out[3] = 255;
}
} // namespace

double FlipResult::percentile(double p) const {
    if (!(p >= 0.0 && p <= 100.0)) throw Error(str("FLIP percentile must be within [0, 100], not ", p));
    if (errors.empty()) return 0.0;
    std::vector<float> sorted = errors;
    double rank = p / 100.0 * double(sorted.size() - 1);
    size_t below = size_t(rank);
    auto at = sorted.begin() + std::ptrdiff_t(below);
    std::nth_element(sorted.begin(), at, sorted.end());
    if (below + 1 == sorted.size()) return *at;
    double next = *std::min_element(at + 1, sorted.end());
    return *at + (rank - double(below)) * (next - *at);
}

std::string FlipResult::summary() const {
    if (sizeMismatch) return "size differs from the reference";
    return str("mean FLIP ", mean, ", max ", max, ", 99th percentile ", percentile(99.0), " over ", heatMap.width, "x",
               heatMap.height, " pixels");
}

FlipResult flipCompare(const ImageRgba8& reference, const ImageRgba8& test, const FlipOptions& options) {
    const double ppd = options.pixelsPerDegree;
    if (!(std::isfinite(ppd) && ppd > 0.0))
        throw Error(str("FLIP pixelsPerDegree must be positive and finite, not ", ppd));
    FlipResult r;
    if (reference.width != test.width || reference.height != test.height) {
        r.sizeMismatch = true;
        return r;
    }
    const int w = reference.width, h = reference.height;
    if (reference.empty()) return r;
    const size_t n = size_t(w) * size_t(h);
    r.errors.assign(n, 0.0f);
    r.heatMap = ImageRgba8(w, h);

    // One radius for all three channels, from the widest Gaussian: three standard deviations, sqrt(b / 2π²) degrees.
    double widest = 0;
    for (const Csf& c : kCsfs) widest = std::max({widest, c.b1, c.b2});
    const int csfRadius = int(std::ceil(3.0 * std::sqrt(widest / (2.0 * kPi * kPi)) * ppd));
    const std::array<std::vector<SeparableGaussian>, 3> csf = {
        csfFilter(kCsfs[0], csfRadius, ppd), csfFilter(kCsfs[1], csfRadius, ppd), csfFilter(kCsfs[2], csfRadius, ppd)};
    const FeatureFilters features = featureFilters(ppd);
    const ToRgb toRgb;
    Scratch s;

    Planes ref = opponent(reference), tst = opponent(test);
    Plane refEdges, refPoints, testEdges, testPoints;
    featureStrengths(ref[0], w, h, features, refEdges, refPoints, s);
    featureStrengths(tst[0], w, h, features, testEdges, testPoints, s);
    toPerceivedLab(ref, w, h, csf, toRgb, s);
    toPerceivedLab(tst, w, h, csf, toRgb, s);

    // Pure green against pure blue is the largest colour difference; it maps to 1.
    const double cmax = std::pow(hyab(huntLab({0.0, 1.0, 0.0}), huntLab({0.0, 0.0, 1.0})), kQc);
    const double pcCmax = kPc * cmax;
    double sum = 0;
    for (size_t i = 0; i < n; ++i) {
        double colour = std::pow(hyab({ref[0][i], ref[1][i], ref[2][i]}, {tst[0][i], tst[1][i], tst[2][i]}), kQc);
        colour = colour < pcCmax ? colour * kPt / pcCmax : kPt + (colour - pcCmax) / (cmax - pcCmax) * (1.0 - kPt);
        double feature = std::max(std::abs(refEdges[i] - testEdges[i]), std::abs(refPoints[i] - testPoints[i]));
        feature = std::pow(feature / std::sqrt(2.0), kQf);
        // Differing features lower the exponent, which raises the colour error towards 1.
        double error = std::pow(colour, 1.0 - feature);
        r.errors[i] = float(error);
        sum += error;
        r.max = std::max(r.max, error);
        heatColour(error, &r.heatMap.pixels[i * 4]);
    }
    r.mean = sum / double(n);
    return r;
}

} // namespace th
