#pragma once
#include "material/Material.h"

namespace th {

/// Drawn in place of a material whose effect failed: a magenta screen-space checker.
class ErrorMaterial : public Material {
public:
    ErrorMaterial() : Material("error") {}
    std::string_view kind() const override { return "error"; }
    std::string vertexShader() const override { return "error/error.vert.glsl"; }
    std::string fragmentShader() const override { return "error/error.frag.glsl"; }
    bool acceptsPlugins() const override { return false; }
};

} // namespace th
