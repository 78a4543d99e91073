// th-capture's command line on arbitrary arguments (the input split at NUL bytes, one argument
// each): the only acceptable outcomes are options that passed every check or a UsageError.
// A crash, another exception, or a value outside its range let through is a bug.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "CaptureOptions.h"
#include "common/CommandLine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace th;
    std::string_view all(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> args = {"th-capture"};
    size_t start = 0;
    for (size_t i = 0; i <= all.size(); ++i)
        if (i == all.size() || all[i] == '\0') {
            args.emplace_back(all.substr(start, i - start));
            start = i + 1;
        }
    std::vector<const char*> argv;
    for (auto& a : args) argv.push_back(a.c_str());
    try {
        CaptureOptions o = parseCaptureOptions(int(argv.size()), argv.data());
        if (o.help) return 0;
        if (!(o.exposure > 0.0f) || !std::isfinite(o.exposure) || !(o.yfovDegrees > 0.0f && o.yfovDegrees < 180.0f)) std::abort();
        if (o.skyHour && !(*o.skyHour >= 0.0f && *o.skyHour <= 24.0f)) std::abort();
        if (o.time && (!(*o.time >= 0.0f) || !std::isfinite(*o.time) || o.animation.empty())) std::abort();
        if (o.msaa && (*o.msaa < 1 || *o.msaa > 16 || (*o.msaa & (*o.msaa - 1)) != 0)) std::abort();
        if (o.bloom && !(*o.bloom > 0.0f && *o.bloom <= 1.0f)) std::abort();
        if (o.ao && !(*o.ao > 0.0f && *o.ao <= 4.0f)) std::abort();
        if (o.aoRadius && !(*o.aoRadius > 0.0f && *o.aoRadius <= 100.0f)) std::abort();
        if (o.ev100 && !(*o.ev100 >= -10.0f && *o.ev100 <= 20.0f)) std::abort();
        if (o.width < 1 || o.height < 1 || o.width > 8192 || o.height > 8192) std::abort();
        if (!o.out.empty() && o.scenes.size() + (o.gltf.empty() ? 0 : 1) > 1) std::abort();
    } catch (const UsageError&) {
    }
    return 0;
}
