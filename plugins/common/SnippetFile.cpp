#include "plugins/common/SnippetFile.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "core/EmbeddedFile.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"

namespace th {

namespace {
/// The file in TRAILHEAD_PLUGIN_DIR (the repository's plugins/ folder), when set and there.
std::optional<std::string> snippetFromDisk(std::string_view path) {
    if (const char* dir = std::getenv("TRAILHEAD_PLUGIN_DIR"); dir && *dir) {
        std::string_view relative = startsWith(path, "plugins/") ? path.substr(8) : path;
        std::filesystem::path file = std::filesystem::path(dir) / std::string(relative);
        if (std::filesystem::exists(file)) return readFile(file);
    }
    return std::nullopt;
}
} // namespace

std::string pluginSnippetText(std::string_view path, std::span<const EmbeddedFile> embedded) {
    if (auto text = snippetFromDisk(path)) return *text;
    for (const EmbeddedFile& f : embedded)
        if (f.name == path) return std::string(f.text);
    throw Error(SourceLocation{std::string(path)}, "plugin snippet file not found (not embedded, not in TRAILHEAD_PLUGIN_DIR)");
}

std::vector<PluginDeclaration::Snippet> parseSnippetFile(std::string_view text, std::string_view path) {
    std::vector<PluginDeclaration::Snippet> snippets;
    std::vector<std::string_view> lines = split(text, '\n');
    PluginDeclaration::Snippet* current = nullptr;
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string_view line = trim(lines[i]);
        if (startsWith(line, "// @key")) {
            std::string key(trim(line.substr(7)));
            SourceLocation where{std::string(path), int(i + 1)};
            if (key.empty()) throw Error(where, "'// @key' needs an injection key after it");
            for (auto& s : snippets)
                if (s.key == key) throw Error(where, str("key '", key, "' appears twice in this file"));
            snippets.push_back({key, "", std::string(path), int(i + 2)});
            current = &snippets.back();
            continue;
        }
        if (!current) continue;
        current->code += std::string(lines[i]);
        current->code += '\n';
    }
    for (auto& s : snippets) // trailing blank lines are noise in the expanded shader
        while (s.code.size() >= 2 && s.code[s.code.size() - 1] == '\n' && s.code[s.code.size() - 2] == '\n') s.code.pop_back();
    return snippets;
}

std::vector<PluginDeclaration::Snippet> loadSnippetFile(std::string_view path, std::span<const EmbeddedFile> embedded) {
    return parseSnippetFile(pluginSnippetText(path, embedded), path);
}

} // namespace th

namespace th {

bool reloadPluginSnippets(MaterialPlugin& plugin) {
    const PluginDeclaration& d = plugin.declaration();
    // Snippets from files carry the file as origin; re-read each file once.
    std::vector<std::string> files;
    for (auto* stage : {&d.vertex, &d.fragment})
        for (auto& s : *stage)
            if (startsWith(s.origin, "plugins/") && std::find(files.begin(), files.end(), s.origin) == files.end())
                files.push_back(s.origin);
    if (files.empty()) return false;
    std::vector<PluginDeclaration::Snippet> fresh;
    for (auto& f : files) {
        std::optional<std::string> text = snippetFromDisk(f);
        if (!text) continue; // not on disk: the embedded copy, which the plugin already has
        auto snippets = parseSnippetFile(*text, f);
        fresh.insert(fresh.end(), snippets.begin(), snippets.end());
    }
    // Keep each snippet in its stage; a key found in a file replaces the old snippet.
    auto update = [&](const std::vector<PluginDeclaration::Snippet>& old, bool& changed) {
        std::vector<PluginDeclaration::Snippet> out;
        for (auto& s : old) {
            auto it = std::find_if(fresh.begin(), fresh.end(), [&](auto& f) { return f.key == s.key && f.origin == s.origin; });
            if (it == fresh.end()) {
                out.push_back(s);
                continue;
            }
            if (it->code != s.code || it->firstLine != s.firstLine) changed = true;
            out.push_back(*it);
        }
        return out;
    };
    bool changed = false;
    auto vertex = update(d.vertex, changed);
    auto fragment = update(d.fragment, changed);
    if (changed) plugin.replaceCode(std::move(vertex), std::move(fragment));
    return changed;
}

} // namespace th
