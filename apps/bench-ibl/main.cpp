// Prints the time to rebuild the image-based lighting: the procedural sky for a new hour (the
// animated day), for new haze (its tables too), and an equirectangular panorama; each as the
// median wall time with the GPU's work included, split by stage. Also the DFG table.
//   bench-ibl [es30|gl33] [repeats] [cube size]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/BenchStats.h"
#include "core/Error.h"
#include "gl/Context.h"
#include "gl/VertexArray.h"
#include "render/BrdfLut.h"
#include "render/ImageBasedLighting.h"
#include "shader/ShaderStore.h"

using namespace th;
using namespace th::bench;

namespace {

struct Stages {
    double total, sky, prefilter, sh;
};

Stages medianStages(const std::vector<ImageBasedLighting::BuildTimes>& runs) {
    auto pick = [&](auto field) {
        std::vector<double> v;
        for (auto& r : runs) v.push_back(r.*field);
        return median(std::move(v));
    };
    return {pick(&ImageBasedLighting::BuildTimes::totalMs), pick(&ImageBasedLighting::BuildTimes::skyMs),
            pick(&ImageBasedLighting::BuildTimes::prefilterMs), pick(&ImageBasedLighting::BuildTimes::shMs)};
}

void print(const char* what, const Stages& s) {
    std::printf("  %-34s %7.1f ms  (source %6.1f, prefilter %6.1f, SH read-back %5.1f)\n", what, s.total, s.sky, s.prefilter, s.sh);
}
} // namespace

int main(int argc, char** argv) {
    try {
        ContextDesc desc;
        desc.kind = ContextKind::Headless;
        desc.width = desc.height = 16;
        desc.apiFromEnvironment = false;
        desc.api = argc > 1 ? parseGlApi(argv[1]) : GlApi::Gles30;
        int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 15;
        int cubeSize = argc > 3 ? std::atoi(argv[3]) : 0;
        auto context = createContext(desc);
        std::printf("image-based lighting on %s, median of %d\n", context->info().summary().c_str(), repeats);

        auto t = SteadyClock::now();
        brdfLutTable(kBrdfLutSize, kBrdfLutSamples);
        std::printf("  DFG table %dx%d, %d samples/texel:  %7.1f ms (CPU, once per process)\n", kBrdfLutSize, kBrdfLutSize,
                    kBrdfLutSamples, msSince(t));

        ShaderStore store;
        VertexArray empty("empty");
        ImageBasedLighting ibl(context->info());
        EnvironmentSettings environment;
        environment.cubeSize = cubeSize;
        SkySettings sky;
        t = SteadyClock::now();
        ibl.update(store, environment, sky, empty);
        std::printf("  first sky build (compiles programs):  %7.1f ms\n", msSince(t));

        for (bool stages : {false, true}) {
            ibl.setStageTiming(stages);
            std::vector<ImageBasedLighting::BuildTimes> hours, haze;
            double cpuStart = processCpuMs();
            for (int i = 0; i < repeats; ++i) {
                sky.hour = 6.5f + float(i % 24) * 0.5f; // a new minute each time
                ibl.update(store, environment, sky, empty);
                hours.push_back(ibl.lastBuildTimes());
            }
            double hourCpu = (processCpuMs() - cpuStart) / repeats;
            for (int i = 0; i < repeats; ++i) {
                sky.turbidity = 2.0f + float(i % 16) * 0.5f;
                ibl.update(store, environment, sky, empty);
                haze.push_back(ibl.lastBuildTimes());
            }
            std::printf("%s\n", stages ? " with a wait after each stage:" : " pipelined (the real cost):");
            print("sky, new hour (cube 128 + chain)", medianStages(hours));
            if (!stages) std::printf("  %-34s %7.1f ms  (all threads, llvmpipe's included: what a busy machine hides)\n",
                                     "  CPU time per new hour, mean", hourCpu);
            print("sky, new haze (tables too)", medianStages(haze));
        }

        // A 2048 x 1024 panorama of smooth gradients (content does not change the cost).
        auto image = std::make_shared<ImageRgbaF>(2048, 1024);
        for (int y = 0; y < image->height; ++y)
            for (int x = 0; x < image->width; ++x) {
                float* p = image->at(x, y);
                p[0] = float(x) / 2048.0f, p[1] = float(y) / 1024.0f, p[2] = 0.5f, p[3] = 1.0f;
            }
        environment.source = EnvironmentSource::HdrFile;
        std::vector<ImageBasedLighting::BuildTimes> panorama;
        ibl.setStageTiming(true);
        for (int i = 0; i < std::max(3, repeats / 3); ++i) {
            environment.hdrImage = std::make_shared<ImageRgbaF>(*image); // a new pointer rebuilds
            ibl.update(store, environment, sky, empty);
            panorama.push_back(ibl.lastBuildTimes());
        }
        print("panorama 2048x1024 (cube 256)", medianStages(panorama));
        return 0;
    } catch (const Error& e) {
        std::fprintf(stderr, "bench-ibl: %s\n", e.what());
        return 1;
    }
}
