#pragma once
// URIs inside a model file (glTF buffers and images) are references relative to the model's
// folder. These helpers decode them and keep them there: a model must never make the engine
// open a file outside its own folder.
#include <filesystem>
#include <string>
#include <string_view>

#include "core/Error.h"

namespace th {

/// True for "data:" URIs (embedded base64 payloads), which never touch the file system.
bool isDataUri(std::string_view uri);

/// True when the URI starts with a scheme ("http:", "file:") or a drive letter ("C:"): not a
/// path inside the model folder (RFC 3986: letters, digits, '+', '-', '.' before a ':').
bool hasUriScheme(std::string_view uri);

/// Decodes %XX escapes (RFC 3986). A malformed escape is kept literally; '+' stays '+'.
std::string percentDecode(std::string_view uri);

/// The URI as messages quote it: cut to a readable length (hostile files carry URIs of
/// kilobytes).
std::string uriForMessage(std::string_view uri);

/// Resolves a relative URI reference against `folder`. Throws th::Error at `where`, naming
/// the URI, when it has a scheme (http:, file:, C:), is absolute, contains a NUL, or climbs
/// out of the folder (after decoding and after following symbolic links). Query and fragment
/// parts are dropped; '\' counts as a separator so that Windows-style paths are judged the
/// same everywhere. Does not check that the file exists.
std::filesystem::path resolveModelUri(const std::filesystem::path& folder, std::string_view uri,
                                      const SourceLocation& where);

} // namespace th
