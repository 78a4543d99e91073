#include "common/GoldenSettings.h"

#include <cstdlib>

#include "core/Files.h"
#include "core/Json.h"
#include "core/Log.h"
#include "core/Str.h"

namespace th {

namespace {
const char* apiName(GlApi api) { return api == GlApi::Gles30 ? "es30" : "gl33"; }

template <typename T, typename Parse>
T parseAt(const json::Value& v, const std::string& what, Parse parse) {
    try {
        return parse(v.asString(what));
    } catch (const Error& e) {
        throw Error(v.where(), str(what, ": ", e.message()));
    }
}
} // namespace

std::string GoldenRecord::describe() const {
    return str("api ", apiName(api), ", limits ", toString(limits), ", ", width, "x", height);
}

std::string goldenDifference(const GoldenRecord& g, const GoldenRecord& c) {
    std::vector<std::string> parts;
    if (g.api != c.api) parts.push_back(str("api ", apiName(g.api), " (the capture's ", apiName(c.api), ")"));
    if (g.limits != c.limits) parts.push_back(str("limits ", toString(g.limits), " (the capture's ", toString(c.limits), ")"));
    if (g.width != c.width || g.height != c.height)
        parts.push_back(str("size ", g.width, "x", g.height, " (the capture's ", c.width, "x", c.height, ")"));
    return join(parts, ", ");
}

std::optional<GoldenSettings> loadGoldenSettings(const std::filesystem::path& goldenDirectory) {
    std::filesystem::path file = goldenDirectory / "settings.json";
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return std::nullopt;
    json::Value doc = json::parse(readFile(file), file.string());
    json::ObjectReader r(doc, "");
    GoldenSettings s;
    if (const json::Value* v = r.optional("api")) s.api = parseAt<GlApi>(*v, "api", parseGlApi);
    if (const json::Value* v = r.optional("limits")) s.limits = parseAt<LimitsProfile>(*v, "limits", parseLimitsProfile);
    r.optional("comment");
    if (const json::Value* goldens = r.optional("goldens")) {
        for (const auto& [name, entry] : goldens->asObject("goldens")) {
            std::string path = str("goldens.", name);
            json::ObjectReader g(entry, path);
            GoldenRecord record;
            record.api = parseAt<GlApi>(g.required("api"), g.path("api"), parseGlApi);
            record.limits = parseAt<LimitsProfile>(g.required("limits"), g.path("limits"), parseLimitsProfile);
            const json::Value& size = g.required("size");
            const auto& wh = size.asArray(g.path("size"));
            if (wh.size() != 2) throw Error(size.where(), str(g.path("size"), " expects [width, height]"));
            record.width = int(wh[0].asInt(g.path("size") + "[0]", 1, 8192));
            record.height = int(wh[1].asInt(g.path("size") + "[1]", 1, 8192));
            g.finish();
            s.goldens[name] = record;
        }
    }
    r.finish();
    return s;
}

void writeGoldenSettings(const std::filesystem::path& goldenDirectory, const GoldenSettings& s) {
    std::string text = str("{\n  \"comment\": \"th-capture --compare and --update apply these: the goldens were made under them\",\n"
                           "  \"api\": \"", apiName(s.api), "\",\n  \"limits\": \"", toString(s.limits), "\"");
    if (!s.goldens.empty()) {
        text += ",\n  \"goldens\": {";
        bool first = true;
        for (const auto& [name, g] : s.goldens) {
            text += str(first ? "" : ",", "\n    ", json::quote(name), ": {\"api\": \"", apiName(g.api), "\", \"limits\": \"",
                        toString(g.limits), "\", \"size\": [", g.width, ", ", g.height, "]}");
            first = false;
        }
        text += "\n  }";
    }
    writeFile(goldenDirectory / "settings.json", text + "\n}\n");
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
