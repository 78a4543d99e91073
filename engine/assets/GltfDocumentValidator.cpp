#include "assets/GltfDocumentValidator.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "assets/ImportedModel.h"
#include "core/Str.h"

namespace th {

namespace {

/// The extensions whose objects this build knows, and the objects each may sit on.
const std::map<std::string, std::set<std::string>, std::less<>>& extensionPlaces() {
    static const std::map<std::string, std::set<std::string>, std::less<>> places = {
        {"KHR_lights_punctual", {"root", "node"}},
        {"EXT_mesh_gpu_instancing", {"node"}},
        {"KHR_texture_transform", {"textureInfo"}},
        {"KHR_materials_emissive_strength", {"material"}},
        {"KHR_materials_ior", {"material"}},
        {"KHR_materials_unlit", {"material"}},
        {"KHR_materials_clearcoat", {"material"}},
        {"KHR_materials_sheen", {"material"}},
        {"KHR_materials_transmission", {"material"}},
        {"KHR_materials_volume", {"material"}},
        {"KHR_materials_specular", {"material"}},
        {"KHR_materials_iridescence", {"material"}},
        {"KHR_materials_anisotropy", {"material"}},
        {"KHR_materials_dispersion", {"material"}},
        {"KHR_materials_variants", {"root", "primitive"}},
        {"KHR_draco_mesh_compression", {"primitive"}},
        {"KHR_texture_basisu", {"texture"}},
        {"EXT_texture_webp", {"texture"}},
        {"EXT_meshopt_compression", {"buffer", "bufferView"}},
    };
    return places;
}

class DocumentChecker {
public:
    DocumentChecker(const json::Value& doc, GltfDiagnostics& out) : mDoc(doc), mOut(out) {
        for (const char* a : {"nodes", "meshes", "materials", "textures", "images", "samplers", "accessors", "bufferViews",
                              "buffers", "cameras", "skins", "scenes", "animations"}) {
            const json::Value* v = doc.find(a);
            mSizes[a] = v && v->isArray() ? v->asArray().size() : 0;
            mUsed[a].assign(mSizes[a], false);
        }
        if (const json::Value* used = doc.find("extensionsUsed"); used && used->isArray())
            for (const json::Value& e : used->asArray())
                if (e.isString()) mDeclared.insert(e.asString());
    }

    void run() {
        if (!mDoc.isObject()) {
            error("TYPE_MISMATCH", "", mDoc, "the glTF JSON must be an object");
            return;
        }
        if (const json::Value* v = mDoc.find("scene")) reference(*v, "/scene", "scenes");
        asset();
        declaredExtensions("extensionsUsed");
        declaredExtensions("extensionsRequired");
        punctualLights();
        eachObject("scenes", [&](const json::Value& s, const std::string& p) {
            if (const json::Value* n = s.find("nodes")) {
                if (n->isArray() && n->asArray().empty())
                    error("EMPTY_ENTITY", p + "/nodes", *n, "Entity cannot be empty: leave 'nodes' out for an empty scene.");
                references(*n, p + "/nodes", "nodes");
            }
            extensions(s, p, "scene");
        });
        eachObject("nodes", [&](const json::Value& n, const std::string& p) { node(n, p); });
        eachObject("meshes", [&](const json::Value& m, const std::string& p) { mesh(m, p); });
        eachObject("accessors", [&](const json::Value& a, const std::string& p) { accessor(a, p); });
        eachObject("bufferViews", [&](const json::Value& b, const std::string& p) {
            if (const json::Value* v = b.find("buffer")) {
                if (reference(*v, p + "/buffer", "buffers")) bufferViewRange(b, p, size_t(v->asNumber()));
            } else {
                undefined(b, p, "buffer");
            }
            extensions(b, p, "bufferView");
        });
        eachObject("buffers", [&](const json::Value& b, const std::string& p) { extensions(b, p, "buffer"); });
        eachObject("images", [&](const json::Value& i, const std::string& p) {
            if (const json::Value* v = i.find("bufferView")) reference(*v, p + "/bufferView", "bufferViews");
            extensions(i, p, "image");
        });
        eachObject("textures", [&](const json::Value& t, const std::string& p) {
            if (const json::Value* v = t.find("source")) reference(*v, p + "/source", "images");
            if (const json::Value* v = t.find("sampler")) reference(*v, p + "/sampler", "samplers");
            extensions(t, p, "texture");
        });
        eachObject("materials", [&](const json::Value& m, const std::string& p) { material(m, p); });
        eachObject("skins", [&](const json::Value& s, const std::string& p) {
            if (const json::Value* v = s.find("joints")) references(*v, p + "/joints", "nodes");
            if (const json::Value* v = s.find("skeleton")) reference(*v, p + "/skeleton", "nodes");
            if (const json::Value* v = s.find("inverseBindMatrices")) reference(*v, p + "/inverseBindMatrices", "accessors");
        });
        eachObject("animations", [&](const json::Value& a, const std::string& p) {
            if (const json::Value* samplers = a.find("samplers"); samplers && samplers->isArray())
                for (size_t i = 0; i < samplers->asArray().size(); ++i) {
                    const json::Value& s = samplers->asArray()[i];
                    std::string sp = str(p, "/samplers/", i);
                    if (!s.isObject()) continue;
                    if (const json::Value* v = s.find("input")) reference(*v, sp + "/input", "accessors");
                    if (const json::Value* v = s.find("output")) reference(*v, sp + "/output", "accessors");
                }
            if (const json::Value* channels = a.find("channels"); channels && channels->isArray())
                for (size_t i = 0; i < channels->asArray().size(); ++i) {
                    const json::Value* target = channels->asArray()[i].find("target");
                    if (target && target->isObject())
                        if (const json::Value* v = target->find("node"))
                            // A dangling target costs only its clip: the importer drops the clip
                            // and names it, and the model still loads (glTF import, bad input).
                            reference(*v, str(p, "/channels/", i, "/target/node"), "nodes", true,
                                      Range::LeftToImporter);
                }
        });
        eachObject("cameras", [&](const json::Value& c, const std::string& p) { extensions(c, p, "camera"); });
        eachObject("samplers", [&](const json::Value& s, const std::string& p) { extensions(s, p, "sampler"); });
        extensions(mDoc, "", "root");
        hierarchy();
        unused();
    }

private:
    // --- the root's own properties -----------------------------------------------------------
    /// asset.minVersion, when given, is at most asset.version ("2.0" and "2.1" compare as
    /// major.minor).
    void asset() {
        const json::Value* a = mDoc.find("asset");
        if (!a || !a->isObject()) return;
        const json::Value* version = a->find("version");
        const json::Value* minVersion = a->find("minVersion");
        if (!version || !version->isString() || !minVersion || !minVersion->isString()) return;
        auto parse = [](const std::string& v) -> std::optional<std::pair<long, long>> {
            const size_t dot = v.find('.');
            if (dot == std::string::npos || dot == 0 || dot + 1 == v.size()) return std::nullopt;
            for (size_t i = 0; i < v.size(); ++i)
                if (i != dot && !std::isdigit((unsigned char)v[i])) return std::nullopt;
            if (v.size() > 18) return std::nullopt;
            return std::pair{std::stol(v.substr(0, dot)), std::stol(v.substr(dot + 1))};
        };
        auto have = parse(version->asString()), least = parse(minVersion->asString());
        if (!least) {
            error("PATTERN_MISMATCH", "/asset/minVersion", *minVersion,
                  str("Value ", shown(*minVersion), " does not match regexp pattern '^[0-9]+\\.[0-9]+$'."));
        } else if (have && *least > *have) {
            error("ASSET_MIN_VERSION_GREATER_THAN_VERSION", "/asset/minVersion", *minVersion,
                  str("Asset minVersion '", minVersion->asString(), "' is greater than version '", version->asString(), "'."));
        }
    }

    /// extensionsUsed / extensionsRequired: not empty, no name twice.
    void declaredExtensions(const char* key) {
        const json::Value* list = mDoc.find(key);
        if (!list || !list->isArray()) return;
        const std::string p = str("/", key);
        if (list->asArray().empty()) error("EMPTY_ENTITY", p, *list, "Entity cannot be empty: leave the array out instead.");
        std::set<std::string> seen;
        for (size_t i = 0; i < list->asArray().size(); ++i) {
            const json::Value& name = list->asArray()[i];
            if (name.isString() && !seen.insert(name.asString()).second)
                error("DUPLICATE_ELEMENTS", str(p, "/", i), name, str("Duplicate element ", shown(name), "."));
        }
    }

    /// The root's KHR_lights_punctual object must list at least one light.
    void punctualLights() {
        const json::Value* ext = mDoc.find("extensions");
        const json::Value* lights = ext && ext->isObject() ? ext->find("KHR_lights_punctual") : nullptr;
        if (!lights || !lights->isObject()) return;
        const std::string p = "/extensions/KHR_lights_punctual";
        const json::Value* list = lights->find("lights");
        if (!list) error("UNDEFINED_PROPERTY", p, *lights, "Property 'lights' must be defined.");
        else if (list->isArray() && list->asArray().empty())
            error("EMPTY_ENTITY", p + "/lights", *list, "Entity cannot be empty: a light list needs a light.");
    }

    // --- messages --------------------------------------------------------------------------
    void error(const char* code, const std::string& pointer, const json::Value& v, std::string message) {
        mOut.add(code, GltfSeverity::Error, pointer, std::move(message), v.where());
    }
    void warning(const char* code, const std::string& pointer, const json::Value& v, std::string message) {
        mOut.add(code, GltfSeverity::Warning, pointer, std::move(message), v.where());
    }
    void undefined(const json::Value& object, const std::string& pointer, const char* key) {
        error("UNDEFINED_PROPERTY", pointer, object, str("property '", key, "' must be defined"));
    }
    static std::string shown(const json::Value& v) {
        std::string s = v.dump();
        return s.size() > 40 ? s.substr(0, 37) + "..." : s;
    }

    // --- walking ---------------------------------------------------------------------------
    template <typename F> void eachObject(const char* array, F&& f) {
        const json::Value* a = mDoc.find(array);
        if (!a) return;
        std::string p = str("/", array);
        if (!a->isArray()) {
            error("TYPE_MISMATCH", p, *a, str("Type mismatch. Property value ", shown(*a), " is not a 'array'."));
            return;
        }
        if (a->asArray().empty()) error("EMPTY_ENTITY", p, *a, "Entity cannot be empty: leave the array out instead.");
        for (size_t i = 0; i < a->asArray().size(); ++i) {
            const json::Value& item = a->asArray()[i];
            std::string ip = str(p, "/", i);
            if (!item.isObject()) {
                error("TYPE_MISMATCH", ip, item, str("Type mismatch. Property value ", shown(item), " is not a 'object'."));
                continue;
            }
            f(item, ip);
        }
    }

    enum class Range { Checked, LeftToImporter };
    /// An index into the top-level array `target`: an integer, not negative, in range.
    /// `markUsed` false for a node's children: a child is used when its parent is.
    /// `Range::LeftToImporter` where an index past the end is the importer's to report.
    bool reference(const json::Value& v, const std::string& pointer, const char* target, bool markUsed = true,
                   Range range = Range::Checked) {
        if (!v.isNumber()) {
            error("TYPE_MISMATCH", pointer, v, str("Type mismatch. Property value ", shown(v), " is not a 'integer'."));
            return false;
        }
        double d = v.asNumber();
        if (d != std::floor(d) || d < 0) {
            error("INVALID_INDEX", pointer, v, str("Index must be a non-negative integer; found ", shown(v), "."));
            return false;
        }
        if (d >= double(mSizes[target])) {
            if (range == Range::LeftToImporter) return false;
            error("UNRESOLVED_REFERENCE", pointer, v,
                  str("Unresolved reference: ", shown(v), " (", target, " has ", mSizes[target], " elements)."));
            return false;
        }
        if (markUsed) mUsed[target][size_t(d)] = true;
        return true;
    }

    void references(const json::Value& v, const std::string& pointer, const char* target, bool markUsed = true) {
        if (!v.isArray()) {
            error("TYPE_MISMATCH", pointer, v, str("Type mismatch. Property value ", shown(v), " is not a 'array'."));
            return;
        }
        for (size_t i = 0; i < v.asArray().size(); ++i) reference(v.asArray()[i], str(pointer, "/", i), target, markUsed);
    }

    /// A bufferView inside its buffer, in doubles (an offset near 2^64 must not wrap round):
    /// BUFFER_VIEW_TOO_LONG at its byteLength, naming both ends.
    void bufferViewRange(const json::Value& view, const std::string& p, size_t buffer) {
        const json::Value* buffers = mDoc.find("buffers");
        const json::Value* length = view.find("byteLength");
        const json::Value* offset = view.find("byteOffset");
        if (!buffers || !buffers->isArray() || buffer >= buffers->asArray().size()) return;
        const json::Value* bufferLength = buffers->asArray()[buffer].find("byteLength");
        if (!length || !length->isNumber() || !bufferLength || !bufferLength->isNumber()) return;
        if (offset && !offset->isNumber()) return;
        const double start = offset ? offset->asNumber() : 0.0, bytes = length->asNumber(), total = bufferLength->asNumber();
        if (start < 0 || bytes < 0 || start + bytes <= total) return;
        error("BUFFER_VIEW_TOO_LONG", p + "/byteLength", *length,
              str("bufferView ", p.substr(p.rfind('/') + 1), " does not fit buffer ", buffer, " (byteLength ",
                  shown(*bufferLength), "): byteOffset ", offset ? shown(*offset) : std::string("0"), " + byteLength ",
                  shown(*length), "."));
    }

    /// A float: a number whose magnitude a float can hold (1e300 becomes infinity).
    bool floatValue(const json::Value& v, const std::string& pointer, double lo = -DBL_MAX, double hi = DBL_MAX) {
        if (!v.isNumber()) {
            error("TYPE_MISMATCH", pointer, v, str("Type mismatch. Property value ", shown(v), " is not a 'number'."));
            return false;
        }
        double d = v.asNumber();
        if (std::fabs(d) > double(FLT_MAX) || d < lo || d > hi) {
            error("VALUE_NOT_IN_RANGE", pointer, v,
                  std::fabs(d) > double(FLT_MAX) ? str("Value ", shown(v), " is out of range: a float cannot hold it.")
                                                 : str("Value ", shown(v), " is out of range [", lo, ", ", hi, "]."));
            return false;
        }
        return true;
    }

    /// An array of `length` floats; returns the values when all are good.
    std::optional<std::vector<double>> floats(const json::Value& v, const std::string& pointer, size_t length,
                                              double lo = -DBL_MAX, double hi = DBL_MAX) {
        if (!v.isArray()) {
            error("TYPE_MISMATCH", pointer, v, str("Type mismatch. Property value ", shown(v), " is not a 'array'."));
            return std::nullopt;
        }
        const auto& a = v.asArray();
        if (a.size() != length) {
            error("ARRAY_LENGTH_NOT_IN_LIST", pointer, v, str("Invalid array length ", a.size(), ". Valid lengths are: ", length, "."));
            return std::nullopt;
        }
        std::vector<double> out;
        bool good = true;
        for (size_t i = 0; i < a.size(); ++i) {
            if (!a[i].isNumber()) {
                error("ARRAY_TYPE_MISMATCH", str(pointer, "/", i), a[i],
                      str("Type mismatch. Array element ", shown(a[i]), " is not a 'number'."));
                good = false;
                continue;
            }
            good = floatValue(a[i], str(pointer, "/", i), lo, hi) && good;
            out.push_back(a[i].asNumber());
        }
        if (!good) return std::nullopt;
        return out;
    }

    void extensions(const json::Value& object, const std::string& pointer, const char* place) {
        const json::Value* e = object.find("extensions");
        if (!e) return;
        std::string ep = pointer + "/extensions";
        if (!e->isObject()) {
            error("TYPE_MISMATCH", ep, *e, str("Type mismatch. Property value ", shown(*e), " is not a 'object'."));
            return;
        }
        for (const auto& [name, value] : e->asObject()) {
            std::string np = str(ep, "/", jsonPointerToken(name));
            if (!mDeclared.count(name))
                warning("UNDECLARED_EXTENSION", np, value, str("Extension '", name, "' was not declared in extensionsUsed."));
            auto it = extensionPlaces().find(name);
            if (it != extensionPlaces().end() && !it->second.count(place))
                warning("UNEXPECTED_EXTENSION_OBJECT", np, value,
                        str("Unexpected location for this extension: '", name, "' does not belong on a ", place,
                            "; the renderer ignores it here."));
        }
    }

    void textureInfo(const json::Value& t, const std::string& pointer) {
        if (!t.isObject()) {
            error("TYPE_MISMATCH", pointer, t, str("Type mismatch. Property value ", shown(t), " is not a 'object'."));
            return;
        }
        if (const json::Value* v = t.find("index")) reference(*v, pointer + "/index", "textures");
        else undefined(t, pointer, "index");
        if (const json::Value* v = t.find("texCoord"); v && (!v->isNumber() || v->asNumber() != std::floor(v->asNumber()) || v->asNumber() < 0))
            error("INVALID_INDEX", pointer + "/texCoord", *v, "texCoord must be a non-negative integer.");
        for (const char* k : {"scale", "strength"})
            if (const json::Value* v = t.find(k)) floatValue(*v, str(pointer, "/", k));
        extensions(t, pointer, "textureInfo");
    }

    // --- objects ---------------------------------------------------------------------------
    void node(const json::Value& n, const std::string& p) {
        if (const json::Value* v = n.find("children")) references(*v, p + "/children", "nodes", false);
        if (const json::Value* v = n.find("mesh")) reference(*v, p + "/mesh", "meshes");
        if (const json::Value* v = n.find("camera")) reference(*v, p + "/camera", "cameras");
        if (const json::Value* v = n.find("skin")) reference(*v, p + "/skin", "skins");
        const json::Value* matrix = n.find("matrix");
        if (matrix) floats(*matrix, p + "/matrix", 16);
        if (const json::Value* v = n.find("translation")) floats(*v, p + "/translation", 3);
        if (const json::Value* v = n.find("scale")) floats(*v, p + "/scale", 3);
        if (const json::Value* v = n.find("rotation")) {
            if (auto q = floats(*v, p + "/rotation", 4, -1.0, 1.0)) {
                double len = std::sqrt((*q)[0] * (*q)[0] + (*q)[1] * (*q)[1] + (*q)[2] * (*q)[2] + (*q)[3] * (*q)[3]);
                if (std::fabs(len - 1.0) > 1e-3)
                    warning("NODE_ROTATION_NON_UNIT", p + "/rotation", *v,
                            str("Rotation quaternion must be normalized (its length is ", len, "); the renderer normalizes it."));
            }
        }
        if (matrix && (n.find("translation") || n.find("rotation") || n.find("scale")))
            warning("NODE_MATRIX_TRS", p, n,
                    "A node can have either a matrix or any combination of translation/rotation/scale (TRS) properties; "
                    "the matrix is used.");
        if (const json::Value* v = n.find("weights"); v && v->isArray())
            for (size_t i = 0; i < v->asArray().size(); ++i) floatValue(v->asArray()[i], str(p, "/weights/", i));
        extensions(n, p, "node");
        bool hasContent = n.find("mesh") || n.find("camera") || n.find("skin") || n.find("extensions");
        if (const json::Value* c = n.find("children"); c && c->isArray() && !c->asArray().empty()) hasContent = true;
        if (!hasContent) warning("NODE_EMPTY", p, n, "Empty node encountered: no mesh, camera, children or extension.");
    }

    void mesh(const json::Value& m, const std::string& p) {
        const json::Value* prims = m.find("primitives");
        if (!prims) {
            undefined(m, p, "primitives");
            return;
        }
        std::string pp = p + "/primitives";
        if (!prims->isArray()) {
            error("TYPE_MISMATCH", pp, *prims, str("Type mismatch. Property value ", shown(*prims), " is not a 'array'."));
            return;
        }
        if (prims->asArray().empty()) {
            error("EMPTY_ENTITY", pp, *prims, "Entity cannot be empty: a mesh needs at least one primitive.");
            return;
        }
        for (size_t i = 0; i < prims->asArray().size(); ++i) {
            const json::Value& prim = prims->asArray()[i];
            std::string ip = str(pp, "/", i);
            if (!prim.isObject()) {
                error("TYPE_MISMATCH", ip, prim, str("Type mismatch. Property value ", shown(prim), " is not a 'object'."));
                continue;
            }
            const json::Value* attributes = prim.find("attributes");
            if (!attributes) undefined(prim, ip, "attributes");
            else if (!attributes->isObject())
                error("TYPE_MISMATCH", ip + "/attributes", *attributes,
                      str("Type mismatch. Property value ", shown(*attributes), " is not a 'object'."));
            else if (attributes->asObject().empty())
                error("EMPTY_ENTITY", ip + "/attributes", *attributes, "Entity cannot be empty: a primitive needs attributes.");
            else
                for (const auto& [name, value] : attributes->asObject())
                    reference(value, str(ip, "/attributes/", jsonPointerToken(name)), "accessors");
            if (const json::Value* v = prim.find("indices")) reference(*v, ip + "/indices", "accessors");
            if (const json::Value* v = prim.find("material")) reference(*v, ip + "/material", "materials");
            if (const json::Value* v = prim.find("mode")) {
                if (!v->isNumber() || v->asNumber() != std::floor(v->asNumber()) || v->asNumber() < 0 || v->asNumber() > 6)
                    error("VALUE_NOT_IN_LIST", ip + "/mode", *v, str("Invalid value ", shown(*v), ". Valid values are 0 to 6."));
            }
            if (const json::Value* t = prim.find("targets"); t && t->isArray())
                for (size_t k = 0; k < t->asArray().size(); ++k)
                    if (t->asArray()[k].isObject())
                        for (const auto& [name, value] : t->asArray()[k].asObject())
                            reference(value, str(ip, "/targets/", k, "/", jsonPointerToken(name)), "accessors");
            extensions(prim, ip, "primitive");
        }
        extensions(m, p, "mesh");
    }

    void accessor(const json::Value& a, const std::string& p) {
        if (const json::Value* v = a.find("bufferView")) reference(*v, p + "/bufferView", "bufferViews");
        for (const char* k : {"min", "max"})
            if (const json::Value* v = a.find(k); v && v->isArray())
                for (size_t i = 0; i < v->asArray().size(); ++i) floatValue(v->asArray()[i], str(p, "/", k, "/", i));
        if (const json::Value* s = a.find("sparse"); s && s->isObject()) {
            for (const char* part : {"indices", "values"}) {
                const json::Value* o = s->find(part);
                std::string sp = str(p, "/sparse/", part);
                if (!o) undefined(*s, p + "/sparse", part);
                else if (!o->isObject())
                    error("TYPE_MISMATCH", sp, *o, str("Type mismatch. Property value ", shown(*o), " is not a 'object'."));
                else if (const json::Value* v = o->find("bufferView")) reference(*v, sp + "/bufferView", "bufferViews");
                else undefined(*o, sp, "bufferView");
            }
        }
        extensions(a, p, "accessor");
    }

    void material(const json::Value& m, const std::string& p) {
        if (const json::Value* pbr = m.find("pbrMetallicRoughness")) {
            std::string pp = p + "/pbrMetallicRoughness";
            if (!pbr->isObject()) {
                error("TYPE_MISMATCH", pp, *pbr, str("Type mismatch. Property value ", shown(*pbr), " is not a 'object'."));
            } else {
                if (const json::Value* v = pbr->find("baseColorFactor")) floats(*v, pp + "/baseColorFactor", 4, 0.0, 1.0);
                for (const char* k : {"metallicFactor", "roughnessFactor"})
                    if (const json::Value* v = pbr->find(k)) floatValue(*v, str(pp, "/", k), 0.0, 1.0);
                for (const char* k : {"baseColorTexture", "metallicRoughnessTexture"})
                    if (const json::Value* v = pbr->find(k)) textureInfo(*v, str(pp, "/", k));
            }
        }
        for (const char* k : {"normalTexture", "occlusionTexture", "emissiveTexture"})
            if (const json::Value* v = m.find(k)) textureInfo(*v, str(p, "/", k));
        if (const json::Value* v = m.find("emissiveFactor")) floats(*v, p + "/emissiveFactor", 3, 0.0, 1.0);
        if (const json::Value* v = m.find("alphaCutoff")) floatValue(*v, p + "/alphaCutoff", 0.0);
        if (const json::Value* v = m.find("doubleSided"); v && !v->isBool())
            error("TYPE_MISMATCH", p + "/doubleSided", *v, str("Type mismatch. Property value ", shown(*v), " is not a 'boolean'."));
        extensions(m, p, "material");
    }

    // --- the node hierarchy ----------------------------------------------------------------
    void hierarchy() {
        const json::Value* nodes = mDoc.find("nodes");
        if (!nodes || !nodes->isArray()) return;
        const auto& list = nodes->asArray();
        size_t n = list.size();
        std::vector<std::vector<size_t>> children(n);
        std::vector<int> parent(n, -1);
        for (size_t i = 0; i < n; ++i) {
            const json::Value* c = list[i].isObject() ? list[i].find("children") : nullptr;
            if (!c || !c->isArray()) continue;
            for (size_t k = 0; k < c->asArray().size(); ++k) {
                const json::Value& v = c->asArray()[k];
                if (!v.isNumber() || v.asNumber() != std::floor(v.asNumber()) || v.asNumber() < 0 || v.asNumber() >= double(n))
                    continue; // reported as a bad reference
                size_t child = size_t(v.asNumber());
                if (parent[child] >= 0 && size_t(parent[child]) != i) {
                    error("NODE_PARENT_OVERRIDE", str("/nodes/", i, "/children/", k), v,
                          str("Value overrides parent of node ", child, " (already a child of node ", parent[child], ")."));
                    continue;
                }
                parent[child] = int(i);
                children[i].push_back(child);
            }
        }
        // Depth from each root, without recursion; a node never reached sits on a loop.
        std::vector<int> depth(n, 0);
        std::vector<size_t> stack;
        for (size_t i = 0; i < n; ++i)
            if (parent[i] < 0) {
                depth[i] = 1;
                stack.push_back(i);
            }
        bool reportedDepth = false;
        while (!stack.empty()) {
            size_t i = stack.back();
            stack.pop_back();
            if (depth[i] > kMaxNodeDepth && !reportedDepth) {
                error("NODE_HIERARCHY_TOO_DEEP", str("/nodes/", i), list[i],
                      str("Node ", i, " is ", depth[i], " levels deep; the renderer's scene graph holds at most ", kMaxNodeDepth, "."));
                reportedDepth = true;
            }
            for (size_t c : children[i])
                if (depth[c] == 0) {
                    depth[c] = depth[i] + 1;
                    stack.push_back(c);
                }
        }
        for (size_t i = 0; i < n; ++i)
            if (depth[i] == 0) {
                error("NODE_LOOP", str("/nodes/", i), list[i], "Node is a part of a node loop.");
                break;
            }
        // Nodes a scene, a skin or an animation names, and their descendants, are used;
        // without any scene, every root is drawn.
        std::vector<size_t> walk;
        for (size_t i = 0; i < n; ++i)
            if (mUsed["nodes"][i] || (mSizes["scenes"] == 0 && parent[i] < 0)) walk.push_back(i);
        std::vector<bool> reached(n, false);
        while (!walk.empty()) {
            size_t i = walk.back();
            walk.pop_back();
            if (reached[i]) continue;
            reached[i] = true;
            for (size_t c : children[i]) walk.push_back(c);
        }
        for (size_t i = 0; i < n; ++i) mUsed["nodes"][i] = reached[i];
    }

    void unused() {
        for (const char* a : {"nodes", "meshes", "materials", "textures", "images", "samplers", "accessors", "bufferViews",
                              "buffers", "cameras", "skins"}) {
            const json::Value* list = mDoc.find(a);
            if (!list || !list->isArray()) continue;
            for (size_t i = 0; i < mUsed[a].size(); ++i)
                if (!mUsed[a][i])
                    warning("UNUSED_OBJECT", str("/", a, "/", i), list->asArray()[i], "This object may be unused.");
        }
    }

    const json::Value& mDoc;
    GltfDiagnostics& mOut;
    std::map<std::string, size_t, std::less<>> mSizes;
    std::map<std::string, std::vector<bool>, std::less<>> mUsed;
    std::set<std::string, std::less<>> mDeclared;
};

uint32_t readU32(std::string_view bytes, size_t offset) {
    uint32_t v = 0;
    std::memcpy(&v, bytes.data() + offset, 4);
    return v;
}

} // namespace

std::optional<std::string_view> gltfJsonText(std::string_view bytes, GltfDiagnostics* out) {
    if (bytes.size() < 4 || bytes.substr(0, 4) != "glTF") return bytes;
    auto fail = [&](const char* code, std::string message) -> std::optional<std::string_view> {
        if (out) out->add(code, GltfSeverity::Error, "", std::move(message), SourceLocation{out->file});
        return std::nullopt;
    };
    if (bytes.size() < 20) return fail("GLB_UNEXPECTED_END_OF_HEADER", "Unexpected end of header.");
    if (readU32(bytes, 4) != 2) return fail("GLB_INVALID_VERSION", str("Invalid GLB version value ", readU32(bytes, 4), "."));
    uint32_t length = readU32(bytes, 12), type = readU32(bytes, 16);
    if (type != 0x4E4F534A) return fail("GLB_UNEXPECTED_FIRST_CHUNK", "First chunk must be of JSON type.");
    if (uint64_t(length) + 20 > bytes.size())
        return fail("GLB_CHUNK_TOO_BIG", str("Chunk (JSON) length (", length, ") does not fit total GLB length."));
    return bytes.substr(20, length);
}

void validateGltfDocument(const json::Value& document, GltfDiagnostics& out) { DocumentChecker(document, out).run(); }

GltfDiagnostics validateGltfJson(std::string_view bytes, std::string_view displayName) {
    GltfDiagnostics d;
    d.file = std::string(displayName);
    std::optional<std::string_view> text = gltfJsonText(bytes, &d);
    if (!text) return d;
    try {
        json::Value doc = json::parse(*text, displayName);
        validateGltfDocument(doc, d);
    } catch (const Error& e) {
        d.add("INVALID_JSON", GltfSeverity::Error, "", str("Invalid JSON data. Parser output: ", e.message()), e.where());
    }
    return d;
}

} // namespace th
