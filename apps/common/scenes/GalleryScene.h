#pragma once
// The "gallery" scene: an exhibition hall of four rooms in a row along +X (16 × 16 m each,
// 5 m high), joined by doorways on the X axis, lit by 264 spot lights (66 per room: three on
// each of six plinths, two on each of eight paintings, four on the centrepiece and a 4 × 7
// ceiling wash). Built to exercise many lights, light masks, the spot shadow budget and
// per-material stencil:
//
//   light masks  every light of room r carries mask bit r, every mesh of room r takes mesh
//                lightMask bit r, so a room's lights never reach the next room's exhibits
//                (the reference exhibition filtered its lights per material for the same
//                reason); the room signs' material has lightMask 0 (emissive only)
//   shadows      each room's first centrepiece spot casts shadows with importance 10 (four,
//                the default budget); room 3 adds a fifth caster of importance 5, beyond the
//                budget, which lights unshadowed
//   stencil      room 3 holds a portal: a frame whose opening writes stencil 1 and no
//                colour; behind it stands a stone sphere drawn only where the stencil is not
//                1 and a glowing sculpture drawn only where it is, so the sculpture is seen
//                only through the opening
//   glTF         the centrepieces of rooms 1 and 2 are DamagedHelmet and
//                MetalRoughSpheresNoTextures from the shared samples (see GalleryModels;
//                procedural sculptures stand in when they are absent or turned off)
//
// Deterministic from the build context's seed (the sculptures' colours).
#include "common/scenes/BuiltScene.h"

namespace th {

struct GalleryLayout {
    static constexpr int kRooms = 4;
    static constexpr float kRoomSize = 16.0f;
    static constexpr float kWallHeight = 5.0f;
    static constexpr float kDoorWidth = 3.0f;
    static constexpr float kDoorHeight = 3.5f;
    /// Centre of room `r` on the X axis.
    static constexpr float roomCenterX(int r) { return (float(r) - 1.5f) * kRoomSize; }
    /// The light mask bit of room `r`.
    static constexpr uint32_t roomMask(int r) { return 1u << r; }
};

enum class GalleryModels {
    Optional, ///< glTF exhibits where the shared samples are present, procedural ones elsewhere
    Required, ///< throws MissingAssetError when a sample is absent (captures compared with goldens)
    Off,      ///< procedural exhibits only
};

/// Builds the gallery. glTF exhibits come from `context.sharedDirectory`.
BuiltScene buildGalleryScene(SceneBuildContext& context, GalleryModels models = GalleryModels::Optional);

} // namespace th
