#include "scene/Atmosphere.h"

#include <cmath>

#include "scene/Exposure.h"

namespace th {

glm::vec3 sunDirectionForHour(float hour, float latitudeDegrees) {
    // Hour angle: 0 at noon, ±π at midnight; declination 0 (equinox) keeps the model simple
    // and the path symmetric about noon.
    const float pi = 3.14159265f;
    float hourAngle = (hour - 12.0f) / 24.0f * 2.0f * pi;
    float latitude = latitudeDegrees * pi / 180.0f;
    // Sun position in a local frame: x east, y up, z south... expressed with −Z as south.
    float elevationSin = std::cos(latitude) * std::cos(hourAngle);
    float y = elevationSin;
    float east = -std::sin(hourAngle);          // morning: east (+X)
    float south = std::sin(latitude) * std::cos(hourAngle);
    glm::vec3 toSun = glm::normalize(glm::vec3(east, y, -south));
    return -toSun;
}

const char* toString(ToneMapping t) {
    switch (t) {
    case ToneMapping::None: return "none";
    case ToneMapping::Aces: return "aces";
    case ToneMapping::PbrNeutral: return "neutral";
    case ToneMapping::Agx: return "agx";
    case ToneMapping::AgxPunchy: return "agx-punchy";
    }
    return "?";
}

float PostSettings::exposureScale() const { return ev100 ? exposure * exposureFromEv100(*ev100) : exposure; }

} // namespace th
