#include "hike/QualityTier.h"

#include "core/Error.h"
#include "core/Str.h"

namespace th {

const char* toString(QualityTier tier) {
    switch (tier) {
    case QualityTier::Low: return "low";
    case QualityTier::Medium: return "medium";
    case QualityTier::High: return "high";
    }
    return "?";
}

QualityTier parseQualityTier(std::string_view name) {
    for (QualityTier t : kQualityTiers)
        if (name == toString(t)) return t;
    throw Error(str("unknown quality tier '", name, "'; expected low, medium, high"));
}

} // namespace th
