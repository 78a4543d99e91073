#pragma once
// The settings a folder of golden images was made under (GOLDEN_DIR/settings.json): the GL
// API and the limits profile, which change the picture (fewer texture units select other
// shader paths). th-capture's --compare and --update apply them, so a comparison from a plain
// shell matches the one CTest runs; nothing depends on an environment variable a user would
// have to know about.
#include <filesystem>
#include <optional>

#include "gl/Context.h"

namespace th {

struct GoldenSettings {
    GlApi api = GlApi::Gles30;
    LimitsProfile limits = LimitsProfile::WebGL2;
};

/// DIR/settings.json, or nothing when the folder has none. Throws th::Error with file, line
/// and key for a malformed file.
std::optional<GoldenSettings> loadGoldenSettings(const std::filesystem::path& goldenDirectory);
/// Writes DIR/settings.json (checked like every write).
void writeGoldenSettings(const std::filesystem::path& goldenDirectory, const GoldenSettings& settings);
/// Makes `desc` create the context the goldens were made with, whatever the environment
/// says; a TRAILHEAD_GL_API or TRAILHEAD_LIMITS that asks for another is overridden with a
/// warning naming both.
void applyGoldenSettings(const GoldenSettings& settings, ContextDesc& desc);

} // namespace th
