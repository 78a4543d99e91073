// Include expansion on arbitrary files: part 0 is "main.glsl", parts 1.. are "f1.glsl",
// "f2.glsl", ... (so "#include<f1>" with parameters and ranges reaches them). Errors are fine;
// crashes, hangs, unbounded output and a broken line map are not.
#include "FuzzSupport.h"
#include "core/Error.h"
#include "core/Str.h"
#include "shader/IncludeExpander.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace th;
    std::vector<std::string_view> files = fuzz::parts(data, size);
    ShaderStore store = ShaderStore::empty();
    store.add("main.glsl", std::string(files[0]));
    for (size_t i = 1; i < files.size() && i < 8; ++i) store.add(str("f", i, ".glsl"), std::string(files[i]));
    IncludeOptions options;
    options.indexParameters = {{"n", 3}, {"maxSimultaneousLights", 4}, {"big", 5000}};
    options.uniformBuffers = size % 2 == 0;
    options.maxOutputBytes = 1 << 20; // small cap so expansion bombs end fast
    try {
        ShaderText out = IncludeExpander(store).expand("main.glsl", options);
        fuzz::checkInvariant(out);
        if (out.text.size() > options.maxOutputBytes + 65536) std::abort();
    } catch (const Error&) {
    }
    return 0;
}
