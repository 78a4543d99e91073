#include "assets/GltfImportContext.h"

#include <cmath>

#include "core/Log.h"
#include "core/Str.h"

namespace th {

SourceLocation GltfImportContext::atPath(std::initializer_list<const char*> path, int index) const {
    const json::Value* v = &doc;
    for (const char* key : path) {
        v = v->isObject() ? v->find(key) : nullptr;
        if (!v) return document();
    }
    if (v->isArray() && index >= 0 && size_t(index) < v->asArray().size()) return v->asArray()[size_t(index)].where();
    return document();
}

SourceLocation GltfImportContext::locate(std::string_view pointer) const {
    const json::Value* v = &doc;
    size_t at = 0;
    while (at < pointer.size() && pointer[at] == '/') {
        size_t end = pointer.find('/', at + 1);
        std::string_view raw =
            pointer.substr(at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1);
        std::string token; // RFC 6901: "~1" is '/', "~0" is '~'
        for (size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '~' && i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
                token += raw[i + 1] == '1' ? '/' : '~';
                ++i;
            } else {
                token += raw[i];
            }
        }
        const json::Value* next = nullptr;
        if (v->isObject()) {
            next = v->find(token);
        } else if (v->isArray() && !token.empty() && token.size() < 10 &&
                   token.find_first_not_of("0123456789") == std::string::npos) {
            size_t index = std::stoul(token);
            if (index < v->asArray().size()) next = &v->asArray()[index];
        }
        if (!next) break;
        v = next;
        if (end == std::string_view::npos) break;
        at = end;
    }
    return v == &doc && !doc.where().known() ? document() : v->where();
}

void GltfImportContext::warn(const char* code, std::string pointer, std::string message) {
    ImportWarning w{locate(pointer), std::move(message), code, std::move(pointer)};
    logWarning("glTF: ", w.toString());
    out.warnings.push_back(std::move(w));
}

GltfError GltfImportContext::error(const char* code, std::string pointer, std::string message) const {
    SourceLocation where = locate(pointer);
    return GltfError(std::move(where), std::move(message), code, std::move(pointer));
}


void GltfImportContext::diagnose(const char* code, std::string pointer, SourceLocation where, std::string message) {
    out.report.add(code, GltfSeverity::Warning, std::move(pointer), std::move(message), std::move(where));
}

std::string GltfImportContext::primitivePointer(const tinygltf::Primitive& primitive) const {
    for (size_t m = 0; m < model.meshes.size(); ++m) {
        const std::vector<tinygltf::Primitive>& all = model.meshes[m].primitives;
        if (!all.empty() && &primitive >= all.data() && &primitive < all.data() + all.size())
            return str("/meshes/", m, "/primitives/", &primitive - all.data());
    }
    return "";
}

std::string GltfImportContext::meshLabel(int mesh) const {
    const std::string& meshName = model.meshes[size_t(mesh)].name;
    return meshName.empty() ? str("mesh ", mesh) : str("mesh ", mesh, " '", meshName, "'");
}

std::optional<int> gltfIndex(const tinygltf::Value& v) {
    if (v.IsInt()) return v.GetNumberAsInt();
    if (v.IsReal()) {
        double d = v.GetNumberAsDouble();
        if (std::isfinite(d) && d == std::floor(d) && d >= 0.0 && d <= 2147483647.0) return int(d);
    }
    return std::nullopt;
}

std::optional<float> gltfFloat(const tinygltf::Value& v) {
    if (!v.IsNumber()) return std::nullopt;
    return float(v.GetNumberAsDouble());
}

const tinygltf::Value* gltfExtension(const tinygltf::ExtensionMap& extensions, const char* name) {
    auto it = extensions.find(name);
    return it == extensions.end() || !it->second.IsObject() ? nullptr : &it->second;
}

} // namespace th
