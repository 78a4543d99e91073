#include "plugins/common/SnippetFile.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "core/EmbeddedFile.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"

namespace th {

std::filesystem::path pluginSnippetOverride(std::string_view path) {
    const char* dir = std::getenv("TRAILHEAD_PLUGIN_DIR");
    if (!dir || !*dir) return {};
    // The override folder is the repository's plugins/ folder: strip the "plugins/" prefix.
    std::string_view relative = startsWith(path, "plugins/") ? path.substr(8) : path;
    return std::filesystem::path(dir) / std::string(relative);
}

std::string pluginSnippetText(std::string_view path, std::span<const EmbeddedFile> embedded) {
    if (std::filesystem::path file = pluginSnippetOverride(path); !file.empty()) {
        std::error_code ec;
        if (std::filesystem::exists(file, ec)) return readFile(file);
    }
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

void SnippetReloader::report(const std::string& file, LogLevel level, const std::string& message) {
    std::string& last = mLastMessage[file];
    if (last == message) return; // polled every half second: say it once
    last = message;
    if (!message.empty()) Log::write(level, message);
}

bool SnippetReloader::reload(MaterialPlugin& plugin) {
    const PluginDeclaration& d = plugin.declaration();
    // Snippets from files carry the file as origin; re-read each file once, and remember the
    // stage it feeds (a file holds one stage's snippets).
    std::vector<std::pair<std::string, bool>> files; // origin, vertex?
    for (auto* stage : {&d.vertex, &d.fragment})
        for (auto& s : *stage)
            if (startsWith(s.origin, "plugins/") &&
                std::find_if(files.begin(), files.end(), [&](auto& f) { return f.first == s.origin; }) == files.end())
                files.push_back({s.origin, stage == &d.vertex});
    if (files.empty()) return false;
    std::vector<PluginDeclaration::Snippet> vertex, fragment;
    for (auto* stage : {&d.vertex, &d.fragment})
        for (auto& s : *stage)
            if (!startsWith(s.origin, "plugins/")) (stage == &d.vertex ? vertex : fragment).push_back(s);
    bool changed = false;
    for (auto& [file, isVertex] : files) {
        const auto& oldStage = isVertex ? d.vertex : d.fragment;
        std::vector<PluginDeclaration::Snippet> old;
        for (auto& s : oldStage)
            if (s.origin == file) old.push_back(s);
        std::vector<PluginDeclaration::Snippet> fresh = old;
        std::filesystem::path disk = pluginSnippetOverride(file);
        std::error_code ec;
        std::string where = disk.empty() ? file : disk.string();
        try {
            if (disk.empty()) {
                // No TRAILHEAD_PLUGIN_DIR: the embedded copy, which the plugin already has.
            } else if (!std::filesystem::exists(disk, ec)) {
                // Falling back to the embedded copy would hide the deletion (and any edit).
                report(file, LogLevel::Error, str("plugin '", plugin.name(), "': snippet file ", where,
                                                  " was deleted; keeping the code last read from it"));
            } else {
                std::string text = readFile(disk);
                auto parsed = parseSnippetFile(text, file);
                if (parsed.empty()) {
                    report(file, LogLevel::Warning, str("plugin '", plugin.name(), "': snippet file ", where,
                                                        trim(text).empty() ? " is empty" : " has no '// @key' marker",
                                                        "; keeping the code last read from it"));
                } else {
                    fresh = std::move(parsed);
                    report(file, LogLevel::Info, "");
                }
            }
        } catch (const std::exception& e) {
            report(file, LogLevel::Error, str("plugin '", plugin.name(), "': hot reload: ", e.what(), "; keeping the code last read"));
        }
        // Keys that appeared or vanished: a renamed key is named, old and new.
        std::vector<std::string> added, removed;
        for (auto& f : fresh)
            if (std::none_of(old.begin(), old.end(), [&](auto& o) { return o.key == f.key; })) added.push_back(f.key);
        for (auto& o : old)
            if (std::none_of(fresh.begin(), fresh.end(), [&](auto& f) { return f.key == o.key; })) removed.push_back(o.key);
        if (!added.empty() || !removed.empty())
            logWarning("plugin '", plugin.name(), "': ", file, ": ", added.empty() ? "" : str("new key ", join(added, ", ")),
                       !added.empty() && !removed.empty() ? "; " : "", removed.empty() ? "" : str("key ", join(removed, ", "), " is gone"),
                       " (an injection key no marker takes fails the effect build)");
        if (fresh.size() != old.size()) changed = true;
        for (size_t i = 0; i < fresh.size() && !changed; ++i)
            if (fresh[i].key != old[i].key || fresh[i].code != old[i].code || fresh[i].firstLine != old[i].firstLine)
                changed = true;
        auto& target = isVertex ? vertex : fragment;
        target.insert(target.end(), fresh.begin(), fresh.end());
    }
    if (changed) plugin.replaceCode(std::move(vertex), std::move(fragment));
    return changed;
}

} // namespace th
