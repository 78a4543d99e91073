#pragma once
// Plugin GLSL lives in snippet files beside the plugin's C++ class. One file holds several
// snippets, each introduced by a marker comment naming its injection key:
//
//   // @key CUSTOM_VERTEX_UPDATE_WORLDPOS
//   #ifdef WIND
//   worldPos.xyz += windOffset(worldPos.xyz, positionUpdated);
//   #endif
//
// Lines before the first marker are the file's own comments and are dropped. Each snippet
// keeps the file name and its real line numbers as its origin, so a GLSL error reads
// "plugins/wind/wind.vert.glsl:14: ...". Each plugin's files are embedded in that plugin's
// own library (plugins/CMakeLists.txt names the function that holds them); with
// TRAILHEAD_PLUGIN_DIR set (the repository's plugins/ folder) they are read from disk
// instead, for hot reload.
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/EmbeddedFile.h"
#include "core/Log.h"
#include "material/MaterialPlugin.h"

namespace th {

/// The text of a plugin snippet file, by its path from the repository root
/// ("plugins/wind/wind.vert.glsl"): from TRAILHEAD_PLUGIN_DIR when the file is there, else
/// from `embedded` (the plugin's own files). Throws th::Error naming the file when it is in
/// neither.
std::string pluginSnippetText(std::string_view path, std::span<const EmbeddedFile> embedded);

/// The snippets of a file, split at its "// @key NAME" markers. Throws th::Error with file
/// and line for a marker without a key or a duplicate key.
std::vector<PluginDeclaration::Snippet> parseSnippetFile(std::string_view text, std::string_view path);

/// pluginSnippetText + parseSnippetFile.
std::vector<PluginDeclaration::Snippet> loadSnippetFile(std::string_view path, std::span<const EmbeddedFile> embedded);

} // namespace th

namespace th {

/// Where TRAILHEAD_PLUGIN_DIR holds a snippet file (the repository's copy, for hot reload);
/// empty when that variable is unset.
std::filesystem::path pluginSnippetOverride(std::string_view path);

/// Hot reload of plugins' snippet files (the demo polls it). The file on disk is the truth:
/// a renamed `// @key` moves the snippet to the new key (an unknown key then fails the effect
/// build, which says so) and the change is logged with both keys. A file that was deleted,
/// emptied or fails to parse keeps the code last read, with a message; each message is
/// logged once, not on every poll, until the file changes.
class SnippetReloader {
public:
    /// Re-reads the snippet files `plugin`'s code came from and replaces its code when any
    /// changed. Returns true when it did.
    bool reload(MaterialPlugin& plugin);

private:
    void report(const std::string& file, LogLevel level, const std::string& message);
    std::map<std::string, std::string> mLastMessage; ///< by file: what was logged last
};

} // namespace th
