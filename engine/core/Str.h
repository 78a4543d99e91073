#pragma once
// String helpers the whole engine uses. GCC 12 has no std::format, so messages are built with
// th::str(a, b, c), which streams each argument.
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace th {

template <typename... Args>
std::string str(const Args&... args) {
    std::ostringstream out;
    (out << ... << args);
    return out.str();
}

/// Splits on `sep`, keeping empty pieces.
std::vector<std::string_view> split(std::string_view text, char sep);
/// Joins with `sep` between the pieces.
std::string join(const std::vector<std::string>& pieces, std::string_view sep);
std::string_view trim(std::string_view text);
bool startsWith(std::string_view text, std::string_view prefix);
bool endsWith(std::string_view text, std::string_view suffix);

} // namespace th
