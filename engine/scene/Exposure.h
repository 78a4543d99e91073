#pragma once
// Camera exposure as photographers set it. EV100 is the exposure value at ISO 100; a camera
// with aperture N (f-number), shutter t (seconds) and sensitivity S has
// EV100 = log2(N² / t · 100 / S), and the scale that maps scene luminance onto the sensor
// without clipping the saturation-based speed is 1 / (1.2 · 2^EV100) (Lagarde & de Rousiers,
// "Moving Frostbite to PBR", 2014; Filament's camera model). The renderer's lights carry
// KHR_lights_punctual units (lux, candela), so a direct EV100 of −0.263 is the neutral scale 1.
#include <optional>

namespace th {

/// The physical camera an exposure can come from.
struct PhysicalCamera {
    float aperture = 16.0f;              ///< f-number
    float shutterSeconds = 1.0f / 125.0f; ///< exposure time
    float iso = 100.0f;                  ///< sensitivity
};

/// The range of EV100 a scene may ask for: a moonless night (−10) to far beyond the noon sun
/// on snow (20); outside it a value is a typo, not a camera.
inline constexpr float kMinEv100 = -10.0f;
inline constexpr float kMaxEv100 = 20.0f;

/// log2(N² / t · 100 / S).
float ev100FromCamera(const PhysicalCamera& camera);
/// 1 / (1.2 · 2^EV100).
float exposureFromEv100(float ev100);

} // namespace th
