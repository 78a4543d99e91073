#include "common/SceneFile.h"

#include <initializer_list>

#include "core/Files.h"
#include "core/Str.h"

namespace th {

glm::vec3 readVec3(const json::Value& value, std::string_view what, const NumberRange& range) {
    const auto& a = value.asArray(what);
    if (a.size() != 3) throw Error(value.where(), str("'", what, "' must be [x, y, z], found ", a.size(), " numbers"));
    return {float(a[0].asNumber(what, range)), float(a[1].asNumber(what, range)), float(a[2].asNumber(what, range))};
}

void checkCamera(const glm::vec3& position, const glm::vec3& target, const glm::vec3& up, float yfov, float nearPlane,
                 float farPlane, const SourceLocation& where, std::string_view what) {
    glm::vec3 view = target - position;
    if (!(glm::length(view) > 1e-6f))
        throw Error(where, str("'", what, "': position and target are the same point, so the camera has no direction"));
    if (!(glm::length(up) > 1e-6f)) throw Error(where, str("'", what, "': 'up' is a zero vector"));
    if (!(glm::length(glm::cross(glm::normalize(view), glm::normalize(up))) > 1e-4f))
        throw Error(where, str("'", what, "': 'up' points along the view direction, so the camera's roll is undefined"));
    if (!(yfov > 0.0f && yfov < 3.14159f))
        throw Error(where, str("'", what, "': the vertical field of view must lie in (0, 180) degrees, found ",
                               double(yfov) * 57.29578, " degrees"));
    if (!(nearPlane > 0.0f && farPlane > nearPlane))
        throw Error(where, str("'", what, "': clip planes must satisfy 0 < near < far, found near ", nearPlane, ", far ", farPlane));
}

ToneMapping parseToneMapping(std::string_view name, const SourceLocation& where) {
    if (name == "none") return ToneMapping::None;
    if (name == "aces") return ToneMapping::Aces;
    if (name == "neutral" || name == "khronos-pbr-neutral") return ToneMapping::PbrNeutral;
    if (name == "agx") return ToneMapping::Agx;
    if (name == "agx-punchy") return ToneMapping::AgxPunchy;
    throw Error(where, str("unknown tone mapping '", name, "'; expected none, aces, neutral, agx or agx-punchy"));
}

static std::optional<bool> readSwitch(json::ObjectReader& r, std::string_view key) {
    const json::Value* v = r.optional(key);
    if (!v) return std::nullopt;
    return v->asBool(r.path(key));
}

SceneFile loadSceneFile(const std::filesystem::path& path, const std::vector<std::string>& (*kindKeys)(const std::string&)) {
    return parseSceneFile(readFile(path), path, kindKeys);
}

SceneFile parseSceneFile(std::string_view text, const std::filesystem::path& path,
                         const std::vector<std::string>& (*kindKeys)(const std::string&)) {
    SceneFile f;
    f.path = path;
    f.document = std::make_shared<json::Value>(json::parse(text, path.string()));
    json::ObjectReader r(*f.document, "");
    f.kind = r.required("kind").asString("kind");
    f.name = r.string("name", path.stem().string());
    f.description = r.string("description", "");
    if (const json::Value* v = r.optional("seed")) f.seed = uint64_t(v->asInt("seed", 0));
    if (const json::Value* v = r.optional("resolution")) {
        const auto& a = v->asArray("resolution");
        if (a.size() != 2) throw Error(v->where(), "'resolution' must be [width, height]");
        f.width = int(a[0].asInt("resolution", 1, 8192));
        f.height = int(a[1].asInt("resolution", 1, 8192));
    }
    if (const json::Value* v = r.optional("camera")) {
        json::ObjectReader c(*v, "camera");
        if (auto* p = c.optional("position")) f.camera.position = readVec3(*p, "camera.position");
        if (auto* p = c.optional("target")) f.camera.target = readVec3(*p, "camera.target");
        if (auto* p = c.optional("up")) f.camera.up = readVec3(*p, "camera.up");
        if (auto* p = c.optional("yfov")) f.camera.yfov = float(p->asNumber("camera.yfov", NumberRange::open(0.0, 3.14159)));
        if (auto* p = c.optional("near")) f.camera.nearPlane = float(p->asNumber("camera.near", kClipRange));
        if (auto* p = c.optional("far")) f.camera.farPlane = float(p->asNumber("camera.far", kClipRange));
        c.finish();
        // What can be judged from the file alone; the kind's defaults fill the rest and the
        // whole camera is checked again once built (applySceneFileSettings).
        const SceneFileCamera& k = f.camera;
        if (k.position && k.target && !(glm::length(*k.target - *k.position) > 1e-6f))
            throw Error(v->where(), "'camera': position and target are the same point, so the camera has no direction");
        if (k.up && !(glm::length(*k.up) > 1e-6f)) throw Error(c.optional("up")->where(), "'camera.up' is a zero vector");
        if (k.nearPlane && k.farPlane && !(*k.farPlane > *k.nearPlane))
            throw Error(v->where(), str("'camera': far (", *k.farPlane, ") must be greater than near (", *k.nearPlane, ")"));
    }
    if (const json::Value* v = r.optional("time")) {
        f.hour = float(v->asNumber("time", kHourRange));
    }
    auto oneOf = [&](std::string_view key, std::string fallback, const std::vector<std::string>& choices) {
        const json::Value* v = r.optional(key);
        if (!v) return fallback;
        std::string value = v->asString(key);
        for (const std::string& c : choices)
            if (value == c) return value;
        throw Error(v->where(), str("unknown ", key, " '", value, "'; expected one of ", join(choices, ", ")));
    };
    f.weather = oneOf("weather", f.weather, {"clear", "overcast", "mist", "rain-wet"});
    std::vector<std::string> tiers;
    for (QualityTier t : kQualityTiers) tiers.emplace_back(toString(t));
    f.quality = parseQualityTier(oneOf("quality", toString(f.quality), tiers));
    if (const json::Value* v = r.optional("toneMapping")) {
        try {
            f.toneMapping = parseToneMapping(v->asString("toneMapping"), v->where());
        } catch (const Error& e) {
            throw Error(v->where(), str("'toneMapping': ", e.message())); // the key, as every other value's error names it
        }
    }
    if (const json::Value* v = r.optional("exposure")) f.exposure = float(v->asNumber("exposure", kExposureRange));
    if (const json::Value* v = r.optional("ev100")) f.ev100 = float(v->asNumber("ev100", kEv100Range));
    if (const json::Value* v = r.optional("physicalCamera")) {
        if (f.ev100)
            throw Error(v->where(), "'physicalCamera' and 'ev100' both set the camera's exposure; keep one");
        json::ObjectReader c(*v, "physicalCamera");
        PhysicalCamera camera;
        camera.aperture = float(c.number("aperture", camera.aperture, kApertureRange));
        camera.shutterSeconds = float(c.number("shutter", camera.shutterSeconds, kShutterRange));
        camera.iso = float(c.number("iso", camera.iso, kIsoRange));
        c.finish();
        float ev = ev100FromCamera(camera);
        if (!(ev >= kMinEv100 && ev <= kMaxEv100))
            throw Error(v->where(), str("'physicalCamera': f/", camera.aperture, ", ", camera.shutterSeconds, " s, ISO ",
                                        camera.iso, " make EV100 ", ev, ", outside [", kMinEv100, ", ", kMaxEv100, "]"));
        f.ev100 = ev;
    }
    if (const json::Value* v = r.optional("background"))
        f.background = readVec3(*v, "background", NumberRange::closed(0.0, 1.0));
    if (const json::Value* v = r.optional("msaa")) {
        int64_t samples = v->asInt("msaa", 1, 16);
        if (samples & (samples - 1))
            throw Error(v->where(), str("'msaa' must be 1 (off), 2, 4, 8 or 16 samples, found ", samples));
        f.msaa = int(samples);
    }
    f.fxaa = readSwitch(r, "fxaa");
    if (const json::Value* v = r.optional("bloom")) {
        BloomSettings bloom;
        if (v->isBool()) {
            bloom.enabled = v->asBool("bloom");
        } else {
            if (!v->isObject()) throw Error(v->where(), "'bloom' must be true, false or {\"strength\": S, \"radius\": R}");
            json::ObjectReader b(*v, "bloom");
            bloom.enabled = b.boolean("enabled", true);
            bloom.strength = float(b.number("strength", bloom.strength, NumberRange::closed(0.0, 1.0)));
            bloom.radius = float(b.number("radius", bloom.radius, NumberRange::closed(0.0, 1.0)));
            b.finish();
        }
        f.bloom = bloom;
    }
    if (const json::Value* v = r.optional("ambientOcclusion")) {
        AmbientOcclusionSettings ao;
        if (v->isBool()) {
            ao.enabled = v->asBool("ambientOcclusion");
        } else {
            if (!v->isObject())
                throw Error(v->where(), "'ambientOcclusion' must be true, false or {\"strength\": S, \"radius\": METRES}");
            json::ObjectReader a(*v, "ambientOcclusion");
            ao.enabled = a.boolean("enabled", true);
            ao.strength = float(a.number("strength", ao.strength, kAoStrengthRange));
            ao.radius = float(a.number("radius", ao.radius, kAoRadiusRange));
            a.finish();
        }
        f.ambientOcclusion = ao;
    }
    f.sun = readSwitch(r, "sun");
    f.ibl = readSwitch(r, "ibl");
    if (const json::Value* v = r.optional("shadows")) {
        if (v->isBool()) {
            f.shadows = v->asBool("shadows");
        } else {
            if (!v->isObject())
                throw Error(v->where(), "'shadows' must be true, false or {\"filter\": \"pcf\" | \"poisson\", "
                                        "\"filterRadius\": TEXELS, \"cascadeBlend\": FRACTION}");
            json::ObjectReader s(*v, "shadows");
            f.shadows = s.boolean("enabled", true);
            if (const json::Value* filter = s.optional("filter")) {
                std::string name = filter->asString("shadows.filter");
                if (name == "pcf") f.shadowFilter = ShadowFilter::Pcf3x3;
                else if (name == "poisson") f.shadowFilter = ShadowFilter::Poisson;
                else throw Error(filter->where(), str("unknown shadows.filter '", name, "'; expected pcf or poisson"));
            }
            if (const json::Value* radius = s.optional("filterRadius"))
                f.shadowFilterRadius = float(radius->asNumber("shadows.filterRadius", kShadowFilterRadiusRange));
            if (const json::Value* blend = s.optional("cascadeBlend"))
                f.cascadeBlend = float(blend->asNumber("shadows.cascadeBlend", kCascadeBlendRange));
            s.finish();
        }
    }
    f.fog = readSwitch(r, "fog");
    f.seconds = r.number("seconds", 0.0, NumberRange::closed(0.0, 1.0e6));
    f.params = r.optional("params");
    if (f.params) f.params->asObject("params");
    if (kindKeys)
        for (const std::string& k : kindKeys(f.kind)) r.optional(k);
    r.finish();
    return f;
}

} // namespace th
