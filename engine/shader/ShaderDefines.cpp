#include "shader/ShaderDefines.h"

#include "core/Error.h"
#include "core/Str.h"
#include "shader/GlslScan.h"

namespace th {

void setDefine(ShaderDefines& defines, std::string_view name, std::string_view value) {
    for (ShaderDefine& d : defines)
        if (d.name == name) {
            d.value = std::string(value);
            return;
        }
    defines.push_back({std::string(name), std::string(value)});
}

const ShaderDefine* findDefine(const ShaderDefines& defines, std::string_view name) {
    for (const ShaderDefine& d : defines)
        if (d.name == name) return &d;
    return nullptr;
}

ShaderDefine parseDefineArgument(std::string_view argument) {
    size_t eq = argument.find('=');
    std::string_view name = argument.substr(0, eq);
    if (!glsl::isIdentifier(name))
        throw Error(str("-D '", argument, "': '", name, "' is not a valid macro name (expected NAME or NAME=VALUE)"));
    if (eq == std::string_view::npos) return {std::string(name), "1"};
    return {std::string(name), std::string(argument.substr(eq + 1))};
}

ShaderDefines parseDefinesFile(std::string_view text, std::string_view fileName) {
    ShaderDefines out;
    glsl::LineCursor cursor(text);
    std::string_view line;
    std::string buffer;
    while (cursor.next(line)) {
        std::string_view code = glsl::trimSpace(glsl::stripComments(line, cursor.startsInComment(), buffer));
        if (code.empty()) continue;
        SourceLocation where{std::string(fileName), int(cursor.index() + 1)};
        glsl::Directive d;
        if (!glsl::parseDirective(code, d) || d.name != "define")
            throw Error(where, str("expected '#define NAME [value]', found '", code, "'"));
        std::string_view rest = glsl::trimSpace(d.rest);
        size_t len = glsl::identifierLength(rest);
        if (len == 0) throw Error(where, "#define needs a macro name");
        if (len < rest.size() && rest[len] == '(')
            throw Error(where, str("'", rest.substr(0, len), "' is a function-like macro; a defines file holds object-like ones only"));
        setDefine(out, rest.substr(0, len), glsl::trimSpace(rest.substr(len)));
    }
    return out;
}

} // namespace th
