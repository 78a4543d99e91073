#include "assets/ModelUri.h"

#include <cctype>

#include "core/Files.h"
#include "core/Str.h"

namespace th {

bool isDataUri(std::string_view uri) {
    return uri.size() >= 5 && std::tolower((unsigned char)uri[0]) == 'd' &&
           std::tolower((unsigned char)uri[1]) == 'a' && std::tolower((unsigned char)uri[2]) == 't' &&
           std::tolower((unsigned char)uri[3]) == 'a' && uri[4] == ':';
}

static int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string percentDecode(std::string_view uri) {
    std::string out;
    out.reserve(uri.size());
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size()) {
            int hi = hexValue(uri[i + 1]), lo = hexValue(uri[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += char(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += uri[i];
    }
    return out;
}

std::string uriForMessage(std::string_view uri) {
    constexpr size_t kShown = 160;
    return uri.size() <= kShown ? std::string(uri) : str(uri.substr(0, kShown), "... (", uri.size(), " characters)");
}

/// RFC 3986: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) followed by ':' before any
/// '/', '?' or '#'. A Windows drive letter ("C:") has the same shape and is rejected with it.
bool hasUriScheme(std::string_view uri) {
    size_t colon = uri.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    if (uri.find_first_of("/?#") < colon) return false;
    if (!std::isalpha((unsigned char)uri[0])) return false;
    for (size_t i = 1; i < colon; ++i) {
        char c = uri[i];
        if (!std::isalnum((unsigned char)c) && c != '+' && c != '-' && c != '.') return false;
    }
    return true;
}

std::filesystem::path resolveModelUri(const std::filesystem::path& folder, std::string_view uri,
                                      const SourceLocation& where) {
    if (uri.empty()) throw Error(where, "empty URI");
    if (hasUriScheme(uri))
        throw Error(where, str("URI '", uriForMessage(uri), "' has a scheme or drive letter; only paths relative to the model folder ",
                               "(or data: URIs) are allowed"));
    std::string_view path = uri.substr(0, uri.find_first_of("?#"));
    std::string decoded = percentDecode(path);
    if (decoded.find('\0') != std::string::npos) throw Error(where, str("URI '", uriForMessage(uri), "' contains a NUL character"));
    for (char& c : decoded)
        if (c == '\\') c = '/';
    if (decoded.empty()) throw Error(where, str("URI '", uriForMessage(uri), "' names no file"));
    if (decoded.front() == '/')
        throw Error(where, str("URI '", uriForMessage(uri), "' is an absolute path; it escapes the model folder and is not read"));
    // Lexically first: "../" that climbs out is an escape whatever exists on disk.
    std::filesystem::path relative = std::filesystem::path(decoded).lexically_normal();
    if (!relative.empty() && *relative.begin() == "..")
        throw Error(where, str("URI '", uriForMessage(uri), "' escapes the model folder '", folder.string(), "' and is not read"));
    // Then through the file system (symbolic links), which also refuses names it cannot
    // resolve at all (longer than a file name may be).
    if (!isInside(folder, relative))
        throw Error(where, str("URI '", uriForMessage(uri), "' cannot be resolved inside the model folder '", folder.string(),
                               "' and is not read"));
    return (folder / decoded).lexically_normal();
}

} // namespace th
