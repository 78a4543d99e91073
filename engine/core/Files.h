#pragma once
#include <filesystem>
#include <string>
#include <string_view>

namespace th {

/// Reads a whole file as bytes. Throws th::Error naming the path when it cannot be read.
std::string readFile(const std::filesystem::path& path);
/// Writes bytes, creating parent folders. Throws th::Error naming the path on failure.
void writeFile(const std::filesystem::path& path, std::string_view bytes);
/// True when `candidate`, once normalised, lies inside `root` (no `..` escape, no absolute
/// path elsewhere). Used to keep asset URIs inside their model's folder.
bool isInside(const std::filesystem::path& root, const std::filesystem::path& candidate);

} // namespace th
