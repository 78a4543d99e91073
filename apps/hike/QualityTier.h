#pragma once
// The quality tiers a scene can be shown at, parsed once from their names (scene files, the
// demo's panel, bench-hike's --tiers) into an enum that the renderer presets and the hike's
// own tier settings switch on.
#include <array>
#include <string_view>

namespace th {

enum class QualityTier { Low, Medium, High };

inline constexpr std::array<QualityTier, 3> kQualityTiers = {QualityTier::Low, QualityTier::Medium, QualityTier::High};

/// "low", "medium", "high".
const char* toString(QualityTier tier);
/// The tier named `name`. Throws th::Error naming the tiers for an unknown name.
QualityTier parseQualityTier(std::string_view name);

} // namespace th
