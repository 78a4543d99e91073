#pragma once
// The report of a glTF import, modelled on the Khronos glTF-Validator's: each problem is a
// message with a code (the validator's where one exists: TYPE_MISMATCH, UNRESOLVED_REFERENCE,
// NODE_MATRIX_TRS...), a severity and the JSON pointer of the value at fault
// ("/accessors/0/sparse/indices/bufferView"), grouped at the end of an import. Errors are
// what the renderer cannot draw; warnings what the specification calls invalid but the
// renderer can still draw (it says what it does instead).
#include <string>
#include <vector>

#include "core/Error.h"

namespace th {

enum class GltfSeverity { Error = 0, Warning = 1, Information = 2, Hint = 3 };
const char* toString(GltfSeverity severity);

struct GltfDiagnostic {
    std::string code;
    GltfSeverity severity = GltfSeverity::Error;
    std::string pointer; ///< JSON pointer (RFC 6901) into the glTF JSON; "" for the whole file
    std::string message;
    SourceLocation where; ///< file, line and column of the value, where known
};

struct GltfDiagnostics {
    std::string file;
    std::vector<GltfDiagnostic> messages;

    void add(std::string code, GltfSeverity severity, std::string pointer, std::string message, SourceLocation where = {});
    size_t count(GltfSeverity severity) const;
    bool hasErrors() const { return count(GltfSeverity::Error) > 0; }
    /// The first message of `code` (tests, callers that act on one code); nullptr when none.
    const GltfDiagnostic* find(std::string_view code) const;

    /// One line per message, errors first: "file:line:col: error CODE at /pointer: message",
    /// then a summary line.
    std::string toText() const;
    /// The Khronos validator's report layout: {"uri", "issues": {"numErrors", "numWarnings",
    /// "numInfos", "numHints", "messages": [{"code", "message", "severity", "pointer"}]}}.
    std::string toJson() const;
};

/// An import error that has a validator code and a JSON pointer (the report keeps both).
class GltfError : public Error {
public:
    GltfError(SourceLocation where, std::string message, std::string code, std::string pointer)
        : Error(std::move(where), std::move(message)), mCode(std::move(code)), mPointer(std::move(pointer)) {}
    const std::string& code() const { return mCode; }
    const std::string& pointer() const { return mPointer; }

private:
    std::string mCode, mPointer;
};

/// JSON pointer escaping of one reference token ('~' → "~0", '/' → "~1").
std::string jsonPointerToken(std::string_view token);

} // namespace th
