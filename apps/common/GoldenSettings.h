#pragma once
// The settings a folder of golden images was made under (GOLDEN_DIR/settings.json): the GL
// API and the limits profile, which change the picture (fewer texture units select other
// shader paths). th-capture's --compare and --update apply them, so a comparison from a plain
// shell matches the one CTest runs; nothing depends on an environment variable a user would
// have to know about.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "gl/Context.h"

namespace th {

/// What one golden was made under (a suite's captures differ by API, limits and size).
struct GoldenRecord {
    GlApi api = GlApi::Gles30;
    LimitsProfile limits = LimitsProfile::WebGL2;
    int width = 0, height = 0;
    bool operator==(const GoldenRecord& o) const {
        return api == o.api && limits == o.limits && width == o.width && height == o.height;
    }
    /// "api gl33, limits native, 64x64"
    std::string describe() const;
};

struct GoldenSettings {
    GlApi api = GlApi::Gles30;
    LimitsProfile limits = LimitsProfile::WebGL2;
    /// Per golden, by capture name ("goldens" in the file; --update of a suite writes them).
    std::map<std::string, GoldenRecord> goldens;
};

/// What differs between the golden's settings and the capture's ("api es30 vs gl33"), or empty.
std::string goldenDifference(const GoldenRecord& golden, const GoldenRecord& capture);

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
