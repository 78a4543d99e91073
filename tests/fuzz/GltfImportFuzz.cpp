// libFuzzer target for the glTF importer. Each input is imported three ways: as it is under a
// .gltf name and under a .glb name, and wrapped into a well-formed .glb whose JSON chunk is
// the input up to its first NUL byte and whose BIN chunk is the rest (so fuzzed JSON reaches
// the binary-buffer paths too). The only acceptable outcomes are a model or a th::Error;
// any other exception, a crash, a sanitizer report, a hang or runaway memory is a bug.
// External URIs resolve in a scratch model folder holding a few real files.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include <unistd.h>

#include "GlbContainer.h"
#include "assets/GltfImporter.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Log.h"

namespace fs = std::filesystem;

namespace {

fs::path gRoot;
fs::path gModelFolder;
th::GltfImportOptions gOptions;

std::string wrapAsGlb(std::string_view input) {
    const size_t nul = input.find('\0');
    return th::fuzz::glbOf(std::string(input.substr(0, nul)),
                           std::string(nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1)));
}

void importOnce(std::string_view bytes, const char* name) {
    try {
        th::ImportedModel model = th::importGltfFromMemory(bytes, gModelFolder, name, gOptions);
        // Touch what a renderer would walk, so broken indices would show up here.
        (void)model.worldBounds();
    } catch (const th::Error&) {}
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    th::Log::setSink([](th::LogLevel, std::string_view) {});
    th::Log::setMinimumLevel(th::LogLevel::Error);
    // Bounds small enough that no input can ask for much memory or time.
    gOptions.maxFileBytes = 1 << 20;
    gOptions.maxAccessorElements = 1 << 16;
    gOptions.maxTotalElements = 1 << 20;
    gOptions.maxImagePixels = 256 * 256;

    gRoot = fs::temp_directory_path() / ("trailhead-gltf-fuzz-" + std::to_string(::getpid()));
    std::atexit([] {
        std::error_code ec;
        fs::remove_all(gRoot, ec);
    });
    gModelFolder = gRoot / "model";
    fs::create_directories(gModelFolder / "textures");
    const fs::path data = fs::path(TRAILHEAD_SOURCE_DIR) / "tests" / "data" / "gltf";
    for (const char* file : {"triangle.bin", "tri angle.bin", "grey16.png", "huge_header.png"}) {
        std::error_code ec;
        fs::copy_file(data / file, gModelFolder / file, fs::copy_options::overwrite_existing, ec);
        fs::copy_file(data / file, gModelFolder / "textures" / file, fs::copy_options::overwrite_existing, ec);
    }
    // A file just outside the model folder: inputs that name it must be refused.
    th::writeFile(gRoot / "secret.bin", std::string(66, '\x7f'));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    importOnce(input, "fuzz.gltf");
    importOnce(input, "fuzz.glb");
    importOnce(wrapAsGlb(input), "fuzz-wrapped.glb");
    return 0;
}
