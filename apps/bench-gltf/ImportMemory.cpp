#include "ImportMemory.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

#include "ChildProcess.h"
#include "assets/GltfImporter.h"
#include "assets/ModelLoader.h"
#include "core/Files.h"
#include "gl/Context.h"
#include "render/Renderer.h"

namespace th::bench {

namespace fs = std::filesystem;

namespace {

/// A /proc/self/status field in bytes ("VmRSS", "VmHWM").
uint64_t statusBytes(const char* field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    const std::string key = std::string(field) + ":";
    while (std::getline(in, line))
        if (line.rfind(key, 0) == 0) return std::stoull(line.substr(key.size())) * 1024;
    throw Error(str("/proc/self/status has no ", field));
}

/// Resets the peak resident size to the current one (Linux 4.0+), so the peak that follows
/// is the model's, not the driver start-up's.
void resetPeak() {
    std::ofstream out("/proc/self/clear_refs");
    out << "5";
    out.close();
    if (!out) throw Error("cannot reset the peak resident size (/proc/self/clear_refs)");
}

bool isImageFile(const fs::path& p) {
    std::string e = p.extension().string();
    std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return e == ".png" || e == ".jpg" || e == ".jpeg" || e == ".webp" || e == ".ktx2";
}

struct MemoryResult {
    uint64_t bufferBytes = 0, encodedImageBytes = 0, decodedImageBytes = 0;
    uint64_t importPeak = 0, peak = 0, after = 0, triangles = 0;
    char error[512] = {};
};

MemoryResult measure(const fs::path& model, GlApi api) {
    MemoryResult r;
    // The model's folder holds its JSON, buffers and encoded images.
    std::error_code ec;
    for (auto& e : fs::directory_iterator(model.parent_path(), ec))
        if (e.is_regular_file(ec)) (isImageFile(e.path()) ? r.encodedImageBytes : r.bufferBytes) += e.file_size(ec);
    ContextDesc desc;
    desc.kind = ContextKind::Headless;
    desc.api = api;
    desc.apiFromEnvironment = false;
    desc.width = 64;
    desc.height = 64;
    auto context = createContext(desc);
    Renderer renderer(*context, RendererOptions{});
    Scene scene;
    resetPeak();
    const uint64_t base = statusBytes("VmRSS");
    {
        ImportedModel imported = importGltf(model);
        r.importPeak = statusBytes("VmHWM") - base;
        for (auto& image : imported.images) r.decodedImageBytes += uint64_t(image.pixels.width) * image.pixels.height * 4;
        for (auto& mesh : imported.meshes) r.triangles += mesh.indices.size() / 3;
        ModelLoadOptions load;
        LoadedModel loaded = addModelToScene(imported, scene, scene.root(), &renderer.materials(), load);
        glFinish();
    } // the imported CPU copy goes, as an app drops it after loading
    r.peak = statusBytes("VmHWM") - base;
    r.after = statusBytes("VmRSS") - std::min(base, statusBytes("VmRSS"));
    context->makeCurrent();
    scene = Scene();
    return r;
}

/// A flat square grid of side × side vertices (positions only, 32-bit indices): 2001 gives
/// 4 M vertices and 8 M triangles, 144 MB of buffers.
fs::path writeGrid(const fs::path& folder, int side) {
    fs::create_directories(folder);
    const size_t n = size_t(side);
    std::string bin;
    bin.reserve(n * n * 12 + (n - 1) * (n - 1) * 24);
    auto put = [&](const void* p, size_t bytes) { bin.append(static_cast<const char*>(p), bytes); };
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j) {
            float v[3] = {float(j) / float(n - 1) * 2 - 1, 0.0f, float(i) / float(n - 1) * 2 - 1};
            put(v, sizeof v);
        }
    const size_t positionBytes = bin.size();
    for (size_t i = 0; i + 1 < n; ++i)
        for (size_t j = 0; j + 1 < n; ++j) {
            uint32_t a = uint32_t(i * n + j), b = a + 1, c = a + uint32_t(n), d = c + 1;
            uint32_t t[6] = {a, c, b, b, c, d};
            put(t, sizeof t);
        }
    writeFile(folder / "grid.bin", bin);
    const size_t indexCount = (n - 1) * (n - 1) * 6;
    writeFile(folder / "grid.gltf",
              str(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)",
                  R"("meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],)",
                  R"("buffers":[{"byteLength":)", bin.size(), R"(,"uri":"grid.bin"}],)",
                  R"("bufferViews":[{"buffer":0,"byteLength":)", positionBytes, R"(},{"buffer":0,"byteOffset":)",
                  positionBytes, R"(,"byteLength":)", bin.size() - positionBytes, R"(}],)",
                  R"("accessors":[{"bufferView":0,"componentType":5126,"count":)", n * n,
                  R"(,"type":"VEC3","min":[-1,0,-1],"max":[1,0,1]},)", R"({"bufferView":1,"componentType":5125,"count":)",
                  indexCount, R"(,"type":"SCALAR"}]})"));
    return folder / "grid.gltf";
}

double mb(uint64_t bytes) { return double(bytes) / 1e6; }

} // namespace

int runImportMemoryBenchmark(const std::vector<fs::path>& models, GlApi api, int gridSide) {
    std::vector<fs::path> all = models;
    fs::path scratch;
    if (gridSide > 0) {
        scratch = fs::temp_directory_path() / str("bench-gltf-grid-", getpid());
        all.push_back(writeGrid(scratch, gridSide));
    }
    std::printf("bench-gltf --memory: peak resident memory of import + upload (each model in a fresh process;\n"
                "the software driver keeps GPU copies in process memory, so they count). 'input' = the model's\n"
                "buffers (its files other than images) + its images decoded to RGBA8.\n\n");
    std::printf("  %-34s %10s %10s %10s %10s %10s %8s %8s\n", "model", "triangles", "buffers", "images", "import pk",
                "peak", "after", "peak/in");
    int failures = 0;
    for (const fs::path& model : all) {
        try {
            MemoryResult r = runInChildProcess<MemoryResult>([&] { return measure(model, api); });
            const uint64_t input = r.bufferBytes + r.decodedImageBytes;
            std::printf("  %-34s %10llu %8.1fMB %8.1fMB %8.1fMB %8.1fMB %6.1fMB %7.2fx\n", model.stem().string().c_str(),
                        (unsigned long long)r.triangles, mb(r.bufferBytes), mb(r.decodedImageBytes), mb(r.importPeak),
                        mb(r.peak), mb(r.after), input ? double(r.peak) / double(input) : 0.0);
        } catch (const std::exception& e) {
            std::printf("  %-34s failed: %s\n", model.stem().string().c_str(), e.what());
            ++failures;
        }
    }
    if (!scratch.empty()) fs::remove_all(scratch);
    return failures == 0 ? 0 : 1;
}

} // namespace th::bench
