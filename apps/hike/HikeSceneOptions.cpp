#include "hike/HikeSceneOptions.h"

#include <cmath>

#include "core/Error.h"
#include "core/Str.h"
#include "plugins/terrain/TerrainTextures.h"

namespace th {

HikeSceneOptions hikeOptionsFromParams(const json::Value* params) {
    HikeSceneOptions o;
    auto vec2 = [](const json::Value& v, const char* what) {
        const auto& a = v.asArray(what);
        if (a.size() != 2) throw Error(v.where(), str("'", what, "' must be [x, z]"));
        return glm::vec2(float(a[0].asNumber(what)), float(a[1].asNumber(what)));
    };
    if (params) {
        json::ObjectReader p(*params, "params");
        if (auto* v = p.optional("viewpoint")) o.viewpoint = vec2(*v, "params.viewpoint");
        if (auto* v = p.optional("lookAt")) o.lookAt = vec2(*v, "params.lookAt");
        o.eyeHeight = float(p.number("eyeHeight", o.eyeHeight));
        o.lookHeight = float(p.number("lookHeight", o.lookHeight));
        if (auto* v = p.optional("terrainMapSize")) o.terrainMapSize = int(v->asInt("params.terrainMapSize", 16, 2048));
        if (auto* v = p.optional("impostorResolution"))
            o.impostorResolution = int(v->asInt("params.impostorResolution", 32, 2048));
        o.birds = p.boolean("birds", o.birds);
        // Metres within [lo, hi], or an error naming file, line and key.
        auto metres = [](const json::Value& v, const std::string& key, float lo, float hi) {
            float m = float(v.asNumber(key));
            if (!(m >= lo && m <= hi)) throw Error(v.where(), str("'", key, "' must be ", lo, " to ", hi, " (metres)"));
            return m;
        };
        if (auto* t = p.optional("terrain")) {
            json::ObjectReader r(*t, "params.terrain");
            if (auto* v = r.optional("rings")) o.clipmapRings = int(v->asInt("params.terrain.rings", 1, 10));
            if (auto* v = r.optional("cells")) {
                o.clipmapCells = int(v->asInt("params.terrain.cells", 16, 512));
                if (o.clipmapCells % 4 != 0) throw Error(v->where(), "'params.terrain.cells' must be a multiple of 4");
            }
            if (auto* v = r.optional("baseSpacing")) {
                o.clipmapSpacing = metres(*v, "params.terrain.baseSpacing", 0.125f, 16.0f);
                int exponent = 0;
                if (std::frexp(o.clipmapSpacing, &exponent) != 0.5f)
                    throw Error(v->where(), "'params.terrain.baseSpacing' must be a power of two (0.125, 0.25 ... 16)");
            }
            r.finish();
        }
        if (auto* f = p.optional("forest")) {
            json::ObjectReader r(*f, "params.forest");
            if (auto* v = r.optional("nearRadius"))
                o.forestNearRadius = metres(*v, "params.forest.nearRadius", 70.0f, 400.0f);
            r.finish();
        }
        if (auto* g = p.optional("grass")) {
            json::ObjectReader r(*g, "params.grass");
            if (auto* v = r.optional("spacing")) o.grassSpacing = metres(*v, "params.grass.spacing", 0.2f, 4.0f);
            r.finish();
        }
        p.finish();
    }
    o.terrainMapCache = defaultTerrainTextureCacheDirectory();
    return o;
}

} // namespace th
