#pragma once
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/Error.h"

namespace th {

/// Reads a whole file as bytes. Throws th::Error naming the path when it cannot be read
/// (missing, a directory, unreadable, shorter than it claimed).
std::string readFile(const std::filesystem::path& path);
/// Writes bytes, creating parent folders. Every step is checked (open, each write, the final
/// close, where a full disk or a file size limit shows up): a failure throws th::Error naming
/// the path and the system's reason, and never leaves a truncated regular file behind.
void writeFile(const std::filesystem::path& path, std::string_view bytes);
/// True when `candidate`, once normalised, lies inside `root` (no `..` escape, no absolute
/// path elsewhere). Used to keep asset URIs inside their model's folder.
bool isInside(const std::filesystem::path& root, const std::filesystem::path& candidate);

/// A file a document (a scene file, a plugin list) names by `name`, resolved relative to
/// `base`, the document's folder. Throws th::Error at `where`, naming `key`, when the path
/// leaves `base` (`..` past it, an absolute path elsewhere) unless it lies inside one of the
/// `trusted` folders (the programs' --allow-path): a document cannot make a program read
/// /etc/passwd by naming it. Existence is not checked.
std::filesystem::path containedPath(const std::filesystem::path& base, std::string_view name,
                                    const std::vector<std::filesystem::path>& trusted, const SourceLocation& where,
                                    std::string_view key);

} // namespace th
