#include "CaptureSuite.h"

#include <cmath>
#include <cstdio>
#include <map>

#include "CaptureOptions.h"
#include "common/CommandLine.h"
#include "common/SceneFile.h"
#include "core/Files.h"
#include "core/Json.h"
#include "core/Str.h"
#include "gl/Context.h"
#include "gl/Limits.h"
#include "hike/QualityTier.h"

namespace th {

namespace {

enum class KeyType { String, Number, Vec3, Flag, NoFlag, Size, Path };

/// An entry key and the th-capture option it becomes: the suite says nothing th-capture's
/// command line cannot, and every value goes through that command line's own checks.
struct EntryKey {
    const char* key;
    const char* option;
    KeyType type;
    bool gltfOnly;
};

const EntryKey kEntryKeys[] = {
    {"size", "--size", KeyType::Size, false},
    {"debugView", "--debug-view", KeyType::String, false},
    {"camera", "--camera", KeyType::String, true},
    {"cameraPosition", "--camera-position", KeyType::Vec3, true},
    {"cameraTarget", "--camera-target", KeyType::Vec3, true},
    {"cameraUp", "--camera-up", KeyType::Vec3, true},
    {"yfov", "--yfov", KeyType::Number, true},
    {"near", "--near", KeyType::Number, true},
    {"far", "--far", KeyType::Number, true},
    {"environment", "--env", KeyType::Path, true},
    {"environmentIntensity", "--env-intensity", KeyType::Number, true},
    {"sky", "--sky", KeyType::Number, true},
    {"punctualLights", "--no-punctual", KeyType::NoFlag, true},
    {"background", "--background", KeyType::Vec3, true},
    {"toneMapping", "--tonemap", KeyType::String, true},
    {"exposure", "--exposure", KeyType::Number, true},
    {"ev100", "--ev100", KeyType::Number, true},
    {"animation", "--animation", KeyType::String, true},
    {"time", "--time", KeyType::Number, true},
    {"variant", "--variant", KeyType::String, true},
    {"msaa", "--msaa", KeyType::Number, true},
    {"fxaa", "--fxaa", KeyType::Flag, true},
    {"bloom", "--bloom", KeyType::Number, true},
    {"ao", "--ao", KeyType::Number, true},
    {"aoRadius", "--ao-radius", KeyType::Number, true},
};

std::string numberText(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

/// The axes an entry is multiplied by; an axis not given is not in the capture's name.
struct Axes {
    std::vector<std::string> api, limits, tiers;
    std::vector<double> times;
    bool apiGiven = false, limitsGiven = false, tiersGiven = false, timesGiven = false;
    SourceLocation tiersWhere, timesWhere;
};

std::vector<std::string> axisStrings(const json::Value& v, const std::string& path,
                                     const std::function<void(const std::string&)>& check) {
    const auto& items = v.asArray(path);
    if (items.empty()) throw Error(v.where(), str(path, " has no values: give at least one, or leave the axis out"));
    std::vector<std::string> out;
    for (size_t i = 0; i < items.size(); ++i) {
        std::string item = items[i].asString(str(path, "[", i, "]"));
        try {
            check(item);
        } catch (const Error& e) {
            throw Error(items[i].where(), str(path, "[", i, "]: ", e.message()));
        }
        out.push_back(item);
    }
    return out;
}

void readAxes(const json::Value& value, const std::string& path, Axes& axes) {
    json::ObjectReader r(value, path);
    if (const json::Value* v = r.optional("api")) {
        axes.api = axisStrings(*v, r.path("api"), [](const std::string& s) { parseGlApi(s); });
        axes.apiGiven = true;
    }
    if (const json::Value* v = r.optional("limits")) {
        axes.limits = axisStrings(*v, r.path("limits"), [](const std::string& s) { parseLimitsProfile(s); });
        axes.limitsGiven = true;
    }
    if (const json::Value* v = r.optional("tiers")) {
        axes.tiers = axisStrings(*v, r.path("tiers"), [](const std::string& s) { parseQualityTier(s); });
        axes.tiersGiven = true;
        axes.tiersWhere = v->where();
    }
    if (const json::Value* v = r.optional("times")) {
        const auto& items = v->asArray(r.path("times"));
        if (items.empty()) throw Error(v->where(), str(r.path("times"), " has no values: give at least one, or leave the axis out"));
        axes.times.clear();
        for (size_t i = 0; i < items.size(); ++i)
            axes.times.push_back(items[i].asNumber(str(r.path("times"), "[", i, "]"), NumberRange::closed(0.0, 1.0e6)));
        axes.timesGiven = true;
        axes.timesWhere = v->where();
    }
    r.finish();
}

/// Canonical axis values, so "gl" and "gl33" name the same capture.
std::string canonicalApi(const std::string& s) { return toString(parseGlApi(s)); }
std::string canonicalLimits(const std::string& s) { return toString(parseLimitsProfile(s)); }

std::string timeText(double t) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%g", t);
    return buf;
}

/// The options of one entry, as th-capture arguments, with the key each came from.
struct EntryArguments {
    std::vector<std::string> arguments;
    std::vector<std::pair<std::string, SourceLocation>> optionKeys; ///< option → its key's location (for messages)
};

/// Throws the command line's verdict on `arguments` as an error at the key that gave the
/// option the message names (or at the entry).
void checkArguments(const std::vector<std::string>& arguments, const EntryArguments& entry, const SourceLocation& where) {
    std::vector<const char*> argv = {"th-capture"};
    for (const auto& a : arguments) argv.push_back(a.c_str());
    argv.push_back("--out");
    argv.push_back("suite-check.png");
    try {
        parseCaptureOptions(int(argv.size()), argv.data());
    } catch (const UsageError& e) {
        std::string message = e.message();
        for (const auto& [option, keyWhere] : entry.optionKeys) {
            if (message.rfind(option, 0) != 0) continue;
            std::string key;
            for (const EntryKey& k : kEntryKeys)
                if (option == k.option) key = k.key;
            throw Error(keyWhere, str("'", key, "': ", message));
        }
        throw Error(where, message);
    }
}

} // namespace

std::filesystem::path shippedSuiteFile(const std::filesystem::path& assetsDirectory) {
    return assetsDirectory / "shipped-suite.json";
}

CaptureSuite loadCaptureSuite(const std::filesystem::path& file, const SuiteLoadContext& context) {
    namespace fs = std::filesystem;
    CaptureSuite suite;
    suite.file = file;
    std::error_code ec;
    if (fs::is_directory(file, ec)) throw Error(SourceLocation{file.string()}, "a suite file is a JSON file, not a folder");
    json::Value doc = json::parse(readFile(file), file.string());
    json::ObjectReader top(doc, "");
    const fs::path folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    suite.name = top.string("suite", file.stem().string());
    if (suite.name.empty()) throw Error(doc.keyLocation("suite"), "'suite' is empty: name the suite (reports and shards carry it)");
    top.optional("description");
    CaptureMeasure suiteMeasure;
    if (const json::Value* m = top.optional("measure")) suiteMeasure = parseCaptureMeasure(*m, "measure");
    Axes suiteAxes;
    if (const json::Value* a = top.optional("axes")) readAxes(*a, "axes", suiteAxes);
    const json::Value& list = top.required("captures");
    const auto& entries = list.asArray("captures");
    if (entries.empty()) throw Error(list.where(), "'captures' is empty: a suite captures at least one scene or model");
    top.finish();

    std::map<std::string, SourceLocation> names;
    // The document itself, compact: the same on every machine (paths stay as written).
    const std::string digestText = doc.dump();
    for (size_t e = 0; e < entries.size(); ++e) {
        const json::Value& entry = entries[e];
        const std::string path = str("captures[", e, "]");
        json::ObjectReader r(entry, path);
        const json::Value* scene = r.optional("scene");
        const json::Value* gltf = r.optional("gltf");
        if (!scene == !gltf)
            throw Error(entry.where(), str(path, ": give \"scene\": FILE.json or \"gltf\": MODEL (a sample name or a path), one of them"));
        EntryArguments args;
        std::string baseName, skipReason;
        int width = 1280, height = 720;
        if (scene) {
            std::string name = scene->asString(r.path("scene"));
            fs::path p = containedPath(folder, name, context.trustedFolders, scene->where(), r.path("scene"));
            if (!fs::is_regular_file(p, ec))
                throw Error(scene->where(), str(r.path("scene"), ": '", name, "' is not a file (looked in ", folder.string(), ")"));
            // The scene file is read now, so a broken one stops the suite before any capture.
            SceneFile sf = loadSceneFile(p, context.sceneKindKeys);
            baseName = sf.name;
            width = sf.width;
            height = sf.height;
            args.arguments = {"--scene", fs::absolute(p).lexically_normal().string()};
        } else {
            std::string name = gltf->asString(r.path("gltf"));
            if (name.empty()) throw Error(gltf->where(), str(r.path("gltf"), " is empty: name a sample or a .gltf/.glb file"));
            fs::path p;
            bool sampleName = name.find('/') == std::string::npos && fs::path(name).extension().empty();
            if (sampleName) {
                p = context.findSample ? context.findSample(context.sharedDirectory, name) : fs::path();
                // Without the shared samples (a user's machine) the capture is skipped, as the
                // shipped scenes are; with them, a name they lack is a typo.
                if (p.empty() && fs::is_directory(context.sharedDirectory / "gltf", ec))
                    throw Error(gltf->where(), str(r.path("gltf"), ": no sample '", name, "' in ",
                                                   (context.sharedDirectory / "gltf").string(), " (nor is it a path: a path has a '/' or an extension)"));
                if (p.empty()) {
                    skipReason = str("the shared samples are absent (", (context.sharedDirectory / "gltf").string(),
                                     "): the sample '", name, "' cannot be captured here");
                    p = name;
                }
            } else {
                p = containedPath(folder, name, context.trustedFolders, gltf->where(), r.path("gltf"));
                if (!fs::is_regular_file(p, ec))
                    throw Error(gltf->where(), str(r.path("gltf"), ": '", name, "' is not a file (looked in ", folder.string(), ")"));
                p = fs::absolute(p).lexically_normal();
            }
            baseName = p.stem().string();
            args.arguments = {"--gltf", p.string()};
        }
        if (const json::Value* n = r.optional("name")) {
            baseName = n->asString(r.path("name"));
            if (baseName.empty() || baseName.find_first_of("/\\ ") != std::string::npos || baseName[0] == '.')
                throw Error(n->where(), str(r.path("name"), ": '", baseName, "' must be a file name (no '/', spaces or leading '.')"));
        }
        for (const EntryKey& k : kEntryKeys) {
            const json::Value* v = r.optional(k.key);
            if (!v) continue;
            std::string keyPath = r.path(k.key);
            if (k.gltfOnly && scene)
                throw Error(entry.keyLocation(k.key), str(keyPath, " applies to glTF entries; a scene file sets its own (key '", k.key, "')"));
            args.optionKeys.emplace_back(k.option, v->where());
            switch (k.type) {
            case KeyType::String: args.arguments.insert(args.arguments.end(), {k.option, v->asString(keyPath)}); break;
            case KeyType::Number: args.arguments.insert(args.arguments.end(), {k.option, numberText(v->asNumber(keyPath))}); break;
            case KeyType::Flag:
                if (v->asBool(keyPath)) args.arguments.push_back(k.option);
                break;
            case KeyType::NoFlag:
                if (!v->asBool(keyPath)) args.arguments.push_back(k.option);
                break;
            case KeyType::Vec3: {
                const auto& a = v->asArray(keyPath);
                if (a.size() != 3) throw Error(v->where(), str(keyPath, " expects [x, y, z], got ", a.size(), " numbers"));
                args.arguments.insert(args.arguments.end(), {k.option, str(numberText(a[0].asNumber(keyPath)), ",",
                                                                           numberText(a[1].asNumber(keyPath)), ",",
                                                                           numberText(a[2].asNumber(keyPath)))});
                break;
            }
            case KeyType::Size: {
                const auto& a = v->asArray(keyPath);
                if (a.size() != 2) throw Error(v->where(), str(keyPath, " expects [width, height], got ", a.size(), " numbers"));
                width = int(a[0].asInt(keyPath + "[0]", 1, 8192));
                height = int(a[1].asInt(keyPath + "[1]", 1, 8192));
                args.arguments.insert(args.arguments.end(), {k.option, str(width, "x", height)});
                break;
            }
            case KeyType::Path: {
                std::string name = v->asString(keyPath);
                fs::path p = containedPath(folder, name, context.trustedFolders, v->where(), keyPath);
                if (!fs::is_regular_file(p, ec)) {
                    // An environment may also be one of the shared folder's, as in scene files.
                    fs::path shared = context.sharedDirectory / name;
                    if (!fs::path(name).is_absolute() && isInside(context.sharedDirectory, shared) && fs::is_regular_file(shared, ec)) p = shared;
                    else throw Error(v->where(), str(keyPath, ": '", name, "' is not a file (looked in ", folder.string(), " and ", context.sharedDirectory.string(), ")"));
                }
                args.arguments.insert(args.arguments.end(), {k.option, fs::absolute(p).lexically_normal().string()});
                break;
            }
            }
        }
        CaptureMeasure measure = suiteMeasure;
        if (const json::Value* m = r.optional("measure")) measure = parseCaptureMeasure(*m, r.path("measure"));
        Axes axes = suiteAxes;
        if (const json::Value* a = r.optional("axes")) readAxes(*a, r.path("axes"), axes);
        r.finish();
        for (const auto& folderArg : context.trustedFolders) args.arguments.insert(args.arguments.end(), {"--allow-path", folderArg.string()});
        if (gltf && axes.tiersGiven)
            throw Error(axes.tiersWhere, str(path, ": the tiers axis applies to scene entries (a glTF capture sets its effects itself)"));
        if (gltf && axes.timesGiven && entry.find("animation") == nullptr)
            throw Error(axes.timesWhere, str(path, ": the times axis poses an animation: give the entry \"animation\""));
        if (gltf && axes.timesGiven && entry.find("time"))
            throw Error(entry.keyLocation("time"), str(path, ": give \"time\" or a times axis, not both"));

        // Multiply the axes out; a one-value list stands for "not given".
        auto orNone = [](const std::vector<std::string>& v, bool given) { return given ? v : std::vector<std::string>{""}; };
        std::vector<double> times = axes.timesGiven ? axes.times : std::vector<double>{-1.0};
        for (const std::string& api : orNone(axes.api, axes.apiGiven))
            for (const std::string& limits : orNone(axes.limits, axes.limitsGiven))
                for (const std::string& tier : orNone(axes.tiers, axes.tiersGiven))
                    for (double time : times) {
                        SuiteCapture c;
                        c.name = baseName;
                        c.arguments = args.arguments;
                        if (!api.empty()) {
                            c.api = canonicalApi(api);
                            c.name += "." + c.api;
                        }
                        if (!limits.empty()) {
                            c.limits = canonicalLimits(limits);
                            c.name += "." + c.limits;
                        }
                        if (!tier.empty()) {
                            c.name += str(".", tier);
                            c.arguments.insert(c.arguments.end(), {"--tier", tier});
                        }
                        if (time >= 0.0) {
                            c.name += str(".t", timeText(time));
                            c.arguments.insert(c.arguments.end(), {"--time", numberText(time)});
                        }
                        c.width = width;
                        c.height = height;
                        c.measure = measure;
                        c.skipReason = skipReason;
                        c.where = entry.where();
                        if (skipReason.empty()) checkArguments(c.arguments, args, entry.where());
                        if (auto [it, fresh] = names.emplace(c.name, entry.where()); !fresh)
                            throw Error(entry.where(), str(path, ": the capture name '", c.name, "' is taken by the entry at ",
                                                           it->second.toString(), " (give one of them a \"name\")"));
                        suite.captures.push_back(std::move(c));
                    }
    }
    // FNV-1a over the expanded suite: short, stable, enough to tell two suites apart.
    uint64_t h = 1469598103934665603ull;
    for (unsigned char ch : digestText) h = (h ^ ch) * 1099511628211ull;
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
    suite.digest = buf;
    return suite;
}

} // namespace th
