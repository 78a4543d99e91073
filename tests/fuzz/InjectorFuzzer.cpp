// Injection on arbitrary shaders and keys: part 0 is the expanded shader, then pairs of parts
// (key, code) for two plugins alternately. Regex keys run on PCRE2 with its match limits.
// Errors are fine; crashes, hangs, unbounded output and a broken line map are not. Lint runs
// on every successful injection too.
#include "FuzzSupport.h"
#include "core/Error.h"
#include "shader/Injector.h"
#include "shader/Lint.h"
#include "shader/PipelineLimits.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace th;
    std::vector<std::string_view> p = fuzz::parts(data, size);
    PluginCode a, b;
    a.name = "A";
    b.name = "B";
    b.priority = -1;
    a.defines.push_back({"A_ON", std::string("1")});
    for (size_t i = 1; i + 1 < p.size() && i < 17; i += 2) {
        PluginCode& target = (i / 2) % 2 ? b : a;
        ShaderStage stage = p[i].size() % 3 == 0 ? ShaderStage::Vertex : ShaderStage::Fragment;
        target.addCode(stage, std::string(p[i]), p[i + 1]);
        target.addCode(ShaderStage::Fragment == stage ? ShaderStage::Vertex : ShaderStage::Fragment, std::string(p[i]), p[i + 1]);
    }
    std::vector<const PluginCode*> plugins = {&a, &b};
    ShaderText shader = ShaderText::fromSource("fuzz.glsl", p[0]);
    for (ShaderStage stage : {ShaderStage::Vertex, ShaderStage::Fragment}) {
        try {
            InjectionResult r = Injector::inject(shader, stage, plugins, "fuzz.glsl");
            fuzz::checkInvariant(r.text);
            if (r.text.text.size() > kMaxShaderBytes + 65536) std::abort();
            LintContext c;
            c.stage = stage;
            c.injection = &r;
            c.plugins = plugins;
            Lint::run(c);
        } catch (const Error&) {
        }
    }
    return 0;
}
