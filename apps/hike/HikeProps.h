#pragma once
// The hike's props as meshes: firs at three levels of detail, the impostor card, a grass
// tuft, a bush and a rock. Deterministic, origin at the base, +Y up.
#include <string>

#include <glm/glm.hpp>

#include "scene/MeshData.h"

namespace th::hike {

/// A fir: a trunk under three stacked cones, origin at the trunk's base, +Y up. Crown
/// colours darken toward the base of each cone (a cheap stand-in for self-shadowing that
/// survives into the impostor bake).
MeshData makeFir(int trunkSides, int crownSides, int crownSegments, bool caps, std::string name);

/// A grass tuft: `blades` thin tapered blades around the origin, leaning outward, coloured
/// from `root` to `tip`; normals tilted up so the tuft shades like the ground it grows from.
MeshData makeGrassTuft(int blades, float height, glm::vec3 root, glm::vec3 tip);

/// The card the impostor texture goes on: a quad `width` wide from `bottom` to `top`,
/// facing +Z, whose normals turn outward like a cylinder's so the relit card shades round.
MeshData impostorCard(float width, float bottom, float top);

/// An understory bush: a squashed sphere standing on the origin.
MeshData makeBush();
/// A rock: a fixed lump, so every rock is the same lump, scaled per instance.
MeshData makeRock();

} // namespace th::hike
