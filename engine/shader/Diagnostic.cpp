#include "shader/Diagnostic.h"

#include <algorithm>

namespace th {

std::string Diagnostic::toString() const {
    std::string out = where.toString();
    if (!out.empty()) out += ": ";
    out += th::toString(severity);
    out += ": ";
    out += message;
    return out;
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

} // namespace th
