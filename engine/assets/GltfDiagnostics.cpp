#include "assets/GltfDiagnostics.h"

#include <algorithm>

#include "core/Json.h"
#include "core/Str.h"

namespace th {

const char* toString(GltfSeverity severity) {
    switch (severity) {
    case GltfSeverity::Error: return "error";
    case GltfSeverity::Warning: return "warning";
    case GltfSeverity::Information: return "information";
    case GltfSeverity::Hint: return "hint";
    }
    return "?";
}

void GltfDiagnostics::add(std::string code, GltfSeverity severity, std::string pointer, std::string message,
                          SourceLocation where) {
    messages.push_back({std::move(code), severity, std::move(pointer), std::move(message), std::move(where)});
}

size_t GltfDiagnostics::count(GltfSeverity severity) const {
    return size_t(std::count_if(messages.begin(), messages.end(), [&](auto& m) { return m.severity == severity; }));
}

const GltfDiagnostic* GltfDiagnostics::find(std::string_view code) const {
    for (const GltfDiagnostic& m : messages)
        if (m.code == code) return &m;
    return nullptr;
}

std::string GltfDiagnostics::toText() const {
    std::vector<const GltfDiagnostic*> sorted;
    for (auto& m : messages) sorted.push_back(&m);
    std::stable_sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return int(a->severity) < int(b->severity); });
    std::string out;
    for (const GltfDiagnostic* m : sorted) {
        std::string where = m->where.known() ? m->where.toString() : file;
        out += str(where, ": ", toString(m->severity), " ", m->code, " at ", m->pointer.empty() ? "/" : m->pointer, ": ",
                   m->message, "\n");
    }
    out += str(file, ": ", count(GltfSeverity::Error), " errors, ", count(GltfSeverity::Warning), " warnings, ",
               count(GltfSeverity::Information), " infos, ", count(GltfSeverity::Hint), " hints\n");
    return out;
}


std::string GltfDiagnostics::toJson() const {
    std::string out = str("{\n  \"uri\": ", json::quote(file), ",\n  \"issues\": {\n    \"numErrors\": ", count(GltfSeverity::Error),
                          ",\n    \"numWarnings\": ", count(GltfSeverity::Warning), ",\n    \"numInfos\": ",
                          count(GltfSeverity::Information), ",\n    \"numHints\": ", count(GltfSeverity::Hint),
                          ",\n    \"messages\": [");
    for (size_t i = 0; i < messages.size(); ++i) {
        const GltfDiagnostic& m = messages[i];
        out += str(i ? "," : "", "\n      {\"code\": ", json::quote(m.code), ", \"message\": ", json::quote(m.message),
                   ", \"severity\": ", int(m.severity), ", \"pointer\": ", json::quote(m.pointer));
        if (m.where.line > 0) out += str(", \"line\": ", m.where.line, ", \"column\": ", m.where.column);
        out += "}";
    }
    out += messages.empty() ? "],\n    \"truncated\": false\n  }\n}\n" : "\n    ],\n    \"truncated\": false\n  }\n}\n";
    return out;
}

std::string jsonPointerToken(std::string_view token) {
    std::string out;
    for (char c : token) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

} // namespace th
