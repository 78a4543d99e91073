#pragma once
// A finding of the shader pipeline that does not stop the build by itself: lint results and
// driver log lines mapped back to their origins. Fatal problems are thrown as th::Error.
#include <string>
#include <vector>

#include "core/Error.h"

namespace th {

enum class Severity { Info, Warning, Error };

constexpr const char* toString(Severity severity) {
    return severity == Severity::Info ? "info" : severity == Severity::Warning ? "warning" : "error";
}

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceLocation where;
    std::string plugin; ///< empty when no plugin is involved
    std::string key;    ///< the injection key involved, if any
    std::string message;

    /// "file:line: warning: message" (plugin and key are already part of the message).
    std::string toString() const;
};

bool hasErrors(const std::vector<Diagnostic>& diagnostics);

} // namespace th
