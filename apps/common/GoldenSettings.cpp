#include "common/GoldenSettings.h"

#include <cstdlib>

#include "core/Files.h"
#include "core/Json.h"
#include "core/Log.h"
#include "core/Str.h"

namespace th {

namespace {
const char* apiName(GlApi api) { return api == GlApi::Gles30 ? "es30" : "gl33"; }
} // namespace

std::optional<GoldenSettings> loadGoldenSettings(const std::filesystem::path& goldenDirectory) {
    std::filesystem::path file = goldenDirectory / "settings.json";
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return std::nullopt;
    json::Value doc = json::parse(readFile(file), file.string());
    json::ObjectReader r(doc, "");
    GoldenSettings s;
    if (const json::Value* v = r.optional("api")) {
        try {
            s.api = parseGlApi(v->asString("api"));
        } catch (const Error& e) {
            throw Error(v->where(), e.message());
        }
    }
    if (const json::Value* v = r.optional("limits")) {
        try {
            s.limits = parseLimitsProfile(v->asString("limits"));
        } catch (const Error& e) {
            throw Error(v->where(), e.message());
        }
    }
    r.optional("comment");
    r.finish();
    return s;
}

void writeGoldenSettings(const std::filesystem::path& goldenDirectory, const GoldenSettings& s) {
    writeFile(goldenDirectory / "settings.json",
              str("{\n  \"comment\": \"th-capture --compare and --update apply these: the goldens were made under them\",\n"
                  "  \"api\": \"", apiName(s.api), "\",\n  \"limits\": \"", toString(s.limits), "\"\n}\n"));
}

void applyGoldenSettings(const GoldenSettings& s, ContextDesc& desc) {
    if (const char* api = std::getenv("TRAILHEAD_GL_API"); api && *api && parseGlApi(api) != s.api)
        logWarning("TRAILHEAD_GL_API=", api, " is overridden: the goldens were made with ", apiName(s.api));
    if (const char* limits = std::getenv("TRAILHEAD_LIMITS"); limits && *limits && parseLimitsProfile(limits) != s.limits)
        logWarning("TRAILHEAD_LIMITS=", limits, " is overridden: the goldens were made under the ", toString(s.limits),
                   " limits");
    desc.api = s.api;
    desc.apiFromEnvironment = false;
    desc.limitsProfile = s.limits;
    desc.limitsFromEnvironment = false;
}

} // namespace th
