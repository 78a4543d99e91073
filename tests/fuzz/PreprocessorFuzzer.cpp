// The preprocessor on arbitrary text: part 0 is the shader, part 1 (if any) a defines file
// body of "NAME VALUE" lines. Errors are fine; crashes, hangs and a broken line map are not.
#include "FuzzSupport.h"
#include "core/Error.h"
#include "core/Str.h"
#include "shader/Preprocessor.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace th;
    std::vector<std::string_view> p = fuzz::parts(data, size);
    ShaderDefines defines = {{"A", "1"}, {"B", "A + 1"}, {"EMPTY", ""}, {"REC", "REC * 2"}};
    if (p.size() > 1)
        for (std::string_view line : split(p[1], '\n')) {
            size_t space = line.find(' ');
            std::string_view name = line.substr(0, space);
            if (glsl::isIdentifier(name))
                setDefine(defines, name, space == std::string_view::npos ? std::string_view() : line.substr(space + 1));
        }
    static Preprocessor preprocessor; // reused, as ShaderBuilder does
    try {
        PreprocessOptions options;
        options.emitDefines = size % 2 == 0;
        fuzz::checkInvariant(preprocessor.run(ShaderText::fromSource("fuzz.glsl", p[0]), defines, options));
    } catch (const Error&) {
    }
    try {
        Preprocessor::evaluate(p[0].substr(0, 256), defines);
    } catch (const Error&) {
    }
    return 0;
}
