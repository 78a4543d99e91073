// Scene files on arbitrary text: the only acceptable outcomes are a SceneFile whose numbers
// all passed their range checks, or a th::Error. A crash, another exception, a hang or a
// non-finite value let through is a bug.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "common/SceneFile.h"
#include "core/Error.h"

namespace {
void requireFinite(float v) {
    if (!std::isfinite(v)) std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace th;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        SceneFile f = parseSceneFile(text, "fuzz/scene.json");
        if (f.exposure) requireFinite(*f.exposure);
        if (f.hour && (*f.hour < 0.0f || *f.hour > 24.0f)) std::abort();
        for (auto* v : {&f.camera.position, &f.camera.target, &f.camera.up, &f.background})
            if (*v)
                for (int i = 0; i < 3; ++i) requireFinite((**v)[i]);
        if (f.width < 1 || f.height < 1 || f.width > 8192 || f.height > 8192) std::abort();
    } catch (const Error&) {
    }
    return 0;
}
