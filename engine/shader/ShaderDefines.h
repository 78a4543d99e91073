#pragma once
// The define set a shader variant is built with: ordered, because the preprocessor emits them
// as #define lines for the driver in this order. An empty value means "#define NAME".
#include <string>
#include <string_view>
#include <vector>

namespace th {

struct ShaderDefine {
    std::string name;
    std::string value;
    bool operator==(const ShaderDefine&) const = default;
};

using ShaderDefines = std::vector<ShaderDefine>;

/// Sets `name` to `value`, replacing an earlier entry of the same name in place.
void setDefine(ShaderDefines& defines, std::string_view name, std::string_view value);
/// The entry named `name`, or nullptr.
const ShaderDefine* findDefine(const ShaderDefines& defines, std::string_view name);

/// A command-line "NAME" or "NAME=VALUE". Like cpp, a bare NAME means NAME=1. Throws th::Error
/// when NAME is not an identifier.
ShaderDefine parseDefineArgument(std::string_view argument);

/// A file of "#define NAME [value]" lines (blank lines and // comments allowed). Throws
/// th::Error naming file and line for anything else.
ShaderDefines parseDefinesFile(std::string_view text, std::string_view fileName);

} // namespace th
