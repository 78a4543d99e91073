#include "shader/PluginCode.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include "core/Files.h"
#include "core/Hash.h"
#include "core/Json.h"
#include "core/Str.h"
#include "shader/GlslScan.h"

namespace th {

namespace {

constexpr std::array kValueTypes = {"float", "int",   "uint",  "bool",  "vec2",   "vec3",   "vec4",   "ivec2",
                                    "ivec3", "ivec4", "uvec2", "uvec3", "uvec4",  "bvec2",  "bvec3",  "bvec4",
                                    "mat2",  "mat3",  "mat4",  "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3",
                                    "mat3x4", "mat4x2", "mat4x3", "mat4x4"};

constexpr std::array kSamplerTypes = {
    "sampler2D",  "sampler3D",  "samplerCube",  "sampler2DArray",  "sampler2DShadow", "samplerCubeShadow",
    "sampler2DArrayShadow", "isampler2D", "isampler3D", "isamplerCube", "isampler2DArray", "usampler2D",
    "usampler3D", "usamplerCube", "usampler2DArray"};

std::string joinNames(auto const& names) {
    std::string out;
    for (const char* n : names) {
        if (!out.empty()) out += ", ";
        out += n;
    }
    return out;
}

bool isValueType(std::string_view type) {
    return std::find(kValueTypes.begin(), kValueTypes.end(), type) != kValueTypes.end();
}

// "vec3" or "float[4]".
bool isUniformType(std::string_view type) {
    size_t bracket = type.find('[');
    if (bracket == std::string_view::npos) return isValueType(type);
    if (type.back() != ']') return false;
    std::string_view size = type.substr(bracket + 1, type.size() - bracket - 2);
    int n = 0;
    auto r = std::from_chars(size.data(), size.data() + size.size(), n);
    return isValueType(type.substr(0, bracket)) && r.ec == std::errc() && r.ptr == size.data() + size.size() && n > 0;
}

std::string defineValue(const json::Value& v, const std::string& what) {
    switch (v.type()) {
    case json::Type::Bool: return v.asBool(what) ? "1" : "";
    case json::Type::Number: {
        double d = v.asNumber(what);
        if (std::floor(d) == d && std::abs(d) < 9.0e15) return std::to_string(int64_t(d));
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, d);
        std::string s(buf, r.ptr);
        if (s.find_first_of(".e") == std::string::npos) s += ".0";
        return s;
    }
    case json::Type::String: {
        const std::string& s = v.asString(what);
        if (s.find('\n') != std::string::npos) throw Error(v.where(), str("'", what, "': a define value is one line"));
        return s;
    }
    default:
        throw Error(v.where(), str("'", what, "' must be a bool (defined or not), a number or a string, not ",
                                   json::toString(v.type())));
    }
}

void readCode(PluginCode& plugin, ShaderStage stage, const json::Value& object, const std::string& path,
              const std::filesystem::path& baseDirectory, const std::vector<std::filesystem::path>& trustedFolders) {
    for (auto& [key, value] : object.asObject(path)) {
        std::string what = str(path, ".", key);
        SourceLocation where = object.keyLocation(key);
        if (key.empty()) throw Error(where, str("'", path, "' has an empty injection key"));
        if (key == "!" || key == "!*")
            throw Error(where, str("'", what, "': a regex key needs a pattern after '", key, "'"));
        if (value.isString()) {
            plugin.addCode(stage, key, value.asString(what), {}, where);
        } else if (value.isArray()) {
            std::string code;
            for (const json::Value& line : value.asArray(what)) {
                code += line.asString(str(what, "[]"));
                code += '\n';
            }
            plugin.addCode(stage, key, code, {}, where);
        } else if (value.isObject()) {
            json::ObjectReader r(value, what);
            std::string file = r.required("file").asString(r.path("file"));
            r.finish();
            std::filesystem::path snippetPath =
                containedPath(baseDirectory, file, trustedFolders, r.required("file").where(), r.path("file"));
            std::string text;
            try {
                text = readFile(snippetPath);
            } catch (const Error& e) {
                throw Error(value.where(), str("'", what, "': cannot read snippet file ", e.what()));
            }
            plugin.addCode(stage, key, text, snippetPath.lexically_normal().generic_string(), where);
        } else {
            throw Error(value.where(), str("'", what, "' must be GLSL code: a string, an array of lines or {\"file\": ...}, not ",
                                           json::toString(value.type())));
        }
    }
}

} // namespace

PluginSnippet& PluginCode::addCode(ShaderStage stage, std::string key, std::string_view text, std::string origin,
                                   SourceLocation where) {
    // Code given inline is named by plugin and key; code read from a file is named by the file
    // (its lines are the file's lines) with plugin and key as the context messages add.
    std::string context = str("plugin '", name, "' key '", key, "'");
    if (origin.empty()) std::swap(origin, context);
    if (origin == context) context.clear();
    auto& list = code(stage);
    list.push_back({std::move(key), ShaderText::fromSource(origin, text, context), std::move(where)});
    return list.back();
}

bool PluginCode::declaresDefine(std::string_view define) const {
    return std::any_of(defines.begin(), defines.end(), [&](const PluginDefine& d) { return d.name == define; });
}

uint64_t PluginCode::signature() const {
    uint64_t h = hash64(name);
    h = hashCombine(h, uint64_t(int64_t(priority)));
    h = hashCombine(h, enabled ? 1 : 2);
    for (auto& d : defines) {
        h = hashCombine(h, hash64(d.name));
        h = hashCombine(h, d.defaultValue ? hash64(*d.defaultValue, 7) : 3);
    }
    for (auto& u : uniforms) h = hashCombine(hashCombine(h, hash64(u.name)), hash64(u.type));
    for (auto& s : samplers) h = hashCombine(hashCombine(hashCombine(h, hash64(s.name)), hash64(s.type)), hash64(s.precision));
    for (auto& m : modules) h = hashCombine(h, hash64(m, 11));
    for (auto& f : frameTextures) h = hashCombine(h, hash64(f.name, 13));
    for (ShaderStage stage : {ShaderStage::Vertex, ShaderStage::Fragment}) {
        h = hashCombine(h, 0x5eed + uint64_t(stage));
        for (auto& snippet : code(stage)) h = hashCombine(hashCombine(h, hash64(snippet.key)), hash64(snippet.code.text));
    }
    return h;
}

std::vector<const PluginCode*> injectionOrder(std::span<const PluginCode* const> plugins) {
    std::vector<const PluginCode*> out(plugins.begin(), plugins.end());
    std::erase(out, nullptr);
    std::stable_sort(out.begin(), out.end(), [](const PluginCode* a, const PluginCode* b) {
        if (a->priority != b->priority) return a->priority < b->priority;
        return a->registration < b->registration;
    });
    return out;
}

bool isSamplerType(std::string_view type) {
    return std::find(kSamplerTypes.begin(), kSamplerTypes.end(), type) != kSamplerTypes.end();
}

std::vector<PluginCode> parsePluginList(std::string_view text, std::string_view fileName,
                                        const std::filesystem::path& baseDirectory, uint32_t firstRegistration,
                                        const std::vector<std::filesystem::path>& trustedFolders) {
    json::Value root = json::parse(text, fileName);
    json::ObjectReader top(root, "plugin list");
    const json::Value* list = top.optional("plugins");
    top.finish(); // first, so a misspelt "plugins" is named as such
    if (!list) throw Error(root.where(), "a plugin list is an object with a \"plugins\" array: {\"plugins\": [...]}");
    std::vector<PluginCode> out;
    const auto& items = list->asArray("plugins");
    for (size_t i = 0; i < items.size(); ++i) {
        const json::Value& item = items[i];
        std::string path = str("plugins[", i, "]");
        json::ObjectReader r(item, path);
        PluginCode p;
        p.where = item.where();
        p.registration = firstRegistration + uint32_t(i);
        const json::Value& name = r.required("name");
        p.name = name.asString(r.path("name"));
        if (p.name.empty()) throw Error(name.where(), str("'", r.path("name"), "' must not be empty"));
        for (const PluginCode& other : out)
            if (other.name == p.name)
                throw Error(name.where(), str("two plugins are named '", p.name, "' (the first at ", other.where.toString(), ")"));
        path = str("plugin '", p.name, "'");
        if (const json::Value* v = r.optional("priority")) p.priority = int(v->asInt(str(path, ".priority"), -1000000, 1000000));
        p.enabled = r.boolean("enabled", true);
        if (const json::Value* v = r.optional("defines")) {
            for (auto& [key, value] : v->asObject(str(path, ".defines"))) {
                std::string what = str(path, ".defines.", key);
                if (!glsl::isIdentifier(key)) throw Error(v->keyLocation(key), str("'", what, "': '", key, "' is not a macro name"));
                PluginDefine d{key, {}};
                if (!value.isBool() || value.asBool()) d.defaultValue = defineValue(value, what);
                p.defines.push_back(std::move(d));
            }
        }
        if (const json::Value* v = r.optional("uniforms")) {
            for (auto& [key, value] : v->asObject(str(path, ".uniforms"))) {
                std::string what = str(path, ".uniforms.", key);
                if (!glsl::isIdentifier(key) || startsWith(key, "gl_"))
                    throw Error(v->keyLocation(key), str("'", what, "': '", key, "' is not a usable GLSL name"));
                const std::string& type = value.asString(what);
                if (!isUniformType(type))
                    throw Error(value.where(), str("'", what, "': '", type, "' is not a uniform type; expected one of ",
                                                   joinNames(kValueTypes), " (optionally with [N])",
                                                   isSamplerType(type) ? "; samplers go under \"samplers\"" : ""));
                p.uniforms.push_back({key, type});
            }
        }
        if (const json::Value* v = r.optional("samplers")) {
            for (auto& [key, value] : v->asObject(str(path, ".samplers"))) {
                std::string what = str(path, ".samplers.", key);
                if (!glsl::isIdentifier(key) || startsWith(key, "gl_"))
                    throw Error(v->keyLocation(key), str("'", what, "': '", key, "' is not a usable GLSL name"));
                std::vector<std::string_view> words;
                for (std::string_view w : split(value.asString(what), ' '))
                    if (!w.empty()) words.push_back(w);
                PluginSampler s{key, "", "highp"};
                if (words.size() == 2 && (words[0] == "lowp" || words[0] == "mediump" || words[0] == "highp")) {
                    s.precision = std::string(words[0]);
                    words.erase(words.begin());
                }
                if (words.size() != 1 || !isSamplerType(words[0]))
                    throw Error(value.where(), str("'", what, "': '", value.asString(), "' is not a sampler type; expected ",
                                                   "[lowp|mediump|highp] and one of ", joinNames(kSamplerTypes)));
                s.type = std::string(words[0]);
                p.samplers.push_back(std::move(s));
            }
        }
        if (const json::Value* v = r.optional("modules")) {
            for (const json::Value& m : v->asArray(str(path, ".modules"))) {
                const std::string& module = m.asString(str(path, ".modules[]"));
                if (module.empty()) throw Error(m.where(), str("'", path, ".modules': a module name is empty"));
                p.modules.push_back(module);
            }
        }
        if (const json::Value* v = r.optional("frameTextures")) {
            for (const json::Value& f : v->asArray(str(path, ".frameTextures"))) {
                const std::string& texture = f.asString(str(path, ".frameTextures[]"));
                if (!glsl::isIdentifier(texture))
                    throw Error(f.where(), str("'", path, ".frameTextures': '", texture, "' is not a frame texture name"));
                for (const PluginFrameTexture& other : p.frameTextures)
                    if (other.name == texture) throw Error(f.where(), str("'", path, ".frameTextures' lists '", texture, "' twice"));
                p.frameTextures.push_back({texture, f.where()});
            }
        }
        if (const json::Value* v = r.optional("vertex")) readCode(p, ShaderStage::Vertex, *v, str(path, ".vertex"), baseDirectory, trustedFolders);
        if (const json::Value* v = r.optional("fragment"))
            readCode(p, ShaderStage::Fragment, *v, str(path, ".fragment"), baseDirectory, trustedFolders);
        r.finish();
        out.push_back(std::move(p));
    }
    return out;
}

std::vector<PluginCode> loadPluginList(const std::filesystem::path& file, const std::vector<std::filesystem::path>& trustedFolders) {
    std::string text = readFile(file);
    return parsePluginList(text, file.generic_string(), file.parent_path(), 0, trustedFolders);
}

} // namespace th
