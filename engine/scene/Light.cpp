#include "scene/Light.h"

namespace th {

const char* toString(LightType type) {
    switch (type) {
    case LightType::Directional: return "directional";
    case LightType::Point: return "point";
    case LightType::Spot: return "spot";
    case LightType::Hemispheric: return "hemispheric";
    }
    return "?";
}

} // namespace th
