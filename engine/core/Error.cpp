#include "core/Error.h"

namespace th {

std::string SourceLocation::toString() const {
    std::string out = file;
    if (line > 0) {
        out += (out.empty() ? "line " : ":") + std::to_string(line);
        if (column > 0) out += ":" + std::to_string(column);
    }
    return out;
}

static std::string withLocation(const SourceLocation& where, const std::string& message) {
    return where.known() ? where.toString() + ": " + message : message;
}

Error::Error(std::string message) : std::runtime_error(message), mMessage(std::move(message)) {}

Error::Error(SourceLocation where, std::string message)
    : std::runtime_error(withLocation(where, message)), mWhere(std::move(where)),
      mMessage(std::move(message)) {}

} // namespace th
