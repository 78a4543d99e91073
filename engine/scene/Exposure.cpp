#include "scene/Exposure.h"

#include <cmath>

namespace th {

float ev100FromCamera(const PhysicalCamera& c) {
    return std::log2(c.aperture * c.aperture / c.shutterSeconds * 100.0f / c.iso);
}

float exposureFromEv100(float ev100) { return 1.0f / (1.2f * std::exp2(ev100)); }

} // namespace th
