#pragma once
// Errors carry where they happened (file, line, column) so every message a user sees can
// point at the line to fix. Library code throws th::Error on bad input; apps catch it, print
// what() and exit non-zero.
#include <stdexcept>
#include <string>

namespace th {

/// A place in some source text: a shader file, a plugin snippet, a JSON file, a glTF file.
/// `line` and `column` are 1-based; 0 means unknown.
struct SourceLocation {
    std::string file;
    int line = 0;
    int column = 0;

    bool known() const { return !file.empty() || line > 0; }
    /// "file:line:col", "file:line", "file" or "" depending on what is known.
    std::string toString() const;
};

class Error : public std::runtime_error {
public:
    explicit Error(std::string message);
    Error(SourceLocation where, std::string message);

    const SourceLocation& where() const { return mWhere; }
    /// The message without the location prefix.
    const std::string& message() const { return mMessage; }

private:
    SourceLocation mWhere;
    std::string mMessage;
};

} // namespace th
