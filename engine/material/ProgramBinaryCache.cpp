#include "material/ProgramBinaryCache.h"

#include <cstdlib>
#include <cstring>

#include "core/Files.h"
#include "core/Hash.h"
#include "core/Log.h"
#include "core/Str.h"
#include "gl/Context.h"

namespace th {

namespace {
constexpr char kMagic[8] = {'T', 'H', 'P', 'R', 'O', 'G', '0', '1'};

struct Header {
    char magic[8];
    uint64_t key;
    uint64_t check; ///< a second hash of the inputs: a key collision is a miss, not a wrong program
    uint32_t format;
    uint32_t size;
};

uint64_t inputsHash(const ProgramSource& s, const std::string& identity, uint64_t seed) {
    uint64_t h = hash64(identity, seed);
    h = hash64(s.vertex.text, h);
    h = hash64("\x1f", h);
    h = hash64(s.fragment.text, h);
    for (auto& [name, location] : s.attributeLocations) h = hashCombine(hash64(name, h), location);
    return h;
}
} // namespace

ProgramBinaryCache::ProgramBinaryCache(std::filesystem::path directory, const ContextInfo& context)
    : mDirectory(std::move(directory)) {
    mDriverIdentity = str(context.vendor, "|", context.renderer, "|", context.version, "|", toString(context.api));
    if (!context.programBinary) mDirectory.clear();
    if (!mDirectory.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(mDirectory, ec);
        if (ec) {
            logWarning("program binary cache off: cannot create ", mDirectory.string(), ": ", ec.message());
            mDirectory.clear();
        }
    }
}

std::filesystem::path ProgramBinaryCache::defaultDirectory() {
    if (const char* env = std::getenv("TRAILHEAD_PROGRAM_CACHE"); env && *env) {
        if (std::strcmp(env, "off") == 0) return {};
        return env;
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "trailhead" / "programs";
    if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache" / "trailhead" / "programs";
    return {};
}

uint64_t ProgramBinaryCache::keyOf(const ProgramSource& source) const { return inputsHash(source, mDriverIdentity, kHashSeed); }

Program ProgramBinaryCache::load(const ProgramSource& source) const {
    if (!enabled()) return {};
    uint64_t key = keyOf(source);
    auto path = mDirectory / str(std::hex, key, ".bin");
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        ++mStats.misses;
        return {};
    }
    std::string bytes;
    try {
        bytes = readFile(path);
    } catch (const Error&) {
        ++mStats.misses;
        return {};
    }
    Header h{};
    if (bytes.size() < sizeof h) return {};
    std::memcpy(&h, bytes.data(), sizeof h);
    if (std::memcmp(h.magic, kMagic, 8) != 0 || h.key != key || h.check != inputsHash(source, mDriverIdentity, 0x1234567) ||
        bytes.size() != sizeof h + h.size) {
        ++mStats.misses;
        return {};
    }
    std::vector<uint8_t> binary(bytes.begin() + sizeof h, bytes.end());
    Program program = Program::fromBinary(h.format, binary, source.label);
    if (!program) {
        ++mStats.rejected;
        std::filesystem::remove(path, ec);
        return {};
    }
    ++mStats.hits;
    return program;
}

void ProgramBinaryCache::store(const ProgramSource& source, const Program& program) const {
    if (!enabled()) return;
    GLenum format = 0;
    std::vector<uint8_t> binary = program.binary(&format);
    if (binary.empty()) return;
    Header h{};
    std::memcpy(h.magic, kMagic, 8);
    h.key = keyOf(source);
    h.check = inputsHash(source, mDriverIdentity, 0x1234567);
    h.format = format;
    h.size = uint32_t(binary.size());
    std::string bytes(sizeof h + binary.size(), '\0');
    std::memcpy(bytes.data(), &h, sizeof h);
    std::memcpy(bytes.data() + sizeof h, binary.data(), binary.size());
    // Write to a temporary name and rename, so a crash never leaves a torn file behind.
    auto path = mDirectory / str(std::hex, h.key, ".bin");
    auto tmp = path;
    tmp += ".tmp";
    try {
        writeFile(tmp, bytes);
        std::filesystem::rename(tmp, path);
        ++mStats.stored;
    } catch (const std::exception& e) {
        logWarning("program binary cache: cannot store ", path.string(), ": ", e.what());
    }
}

} // namespace th
