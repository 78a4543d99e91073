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

void GltfImportContext::warn(SourceLocation where, std::string message) {
    ImportWarning w{std::move(where), std::move(message)};
    logWarning("glTF: ", w.toString());
    out.warnings.push_back(std::move(w));
}

void GltfImportContext::diagnose(const char* code, std::string pointer, SourceLocation where, std::string message) {
    out.report.add(code, GltfSeverity::Warning, std::move(pointer), std::move(message), std::move(where));
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
