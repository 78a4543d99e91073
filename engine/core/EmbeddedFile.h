#pragma once
// A text file compiled into the binary (see cmake/EmbedFiles.cmake): the engine's shaders and
// the plugins' GLSL snippets ship inside the library, so an app never depends on a data folder.
#include <span>
#include <string_view>

namespace th {

struct EmbeddedFile {
    std::string_view name; ///< path relative to its root folder, e.g. "pbr/pbr.frag.glsl"
    std::string_view text;
};

} // namespace th
