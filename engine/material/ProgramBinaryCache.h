#pragma once
// Linked programs kept on disk (glGetProgramBinary), keyed by the final sources, the attribute
// bindings and the driver's identity (vendor, renderer, version), so a second start skips the
// compiler. A driver update changes the identity and so the key; a binary the driver rejects
// anyway is deleted and compiled from source.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gl/Program.h"

namespace th {

struct ContextInfo;

class ProgramBinaryCache {
public:
    /// `directory` empty: the cache is off. See defaultDirectory().
    ProgramBinaryCache(std::filesystem::path directory, const ContextInfo& context);

    /// TRAILHEAD_PROGRAM_CACHE (a folder, or "off"), else $XDG_CACHE_HOME/trailhead/programs,
    /// else ~/.cache/trailhead/programs; empty when none can be used.
    static std::filesystem::path defaultDirectory();

    bool enabled() const { return !mDirectory.empty(); }
    uint64_t keyOf(const ProgramSource& source) const;
    /// A program from the cache, or an empty Program on a miss or a rejected binary.
    Program load(const ProgramSource& source) const;
    void store(const ProgramSource& source, const Program& program) const;

    struct Stats {
        uint64_t hits = 0, misses = 0, rejected = 0, stored = 0;
    };
    const Stats& stats() const { return mStats; }

private:
    std::filesystem::path mDirectory;
    std::string mDriverIdentity;
    mutable Stats mStats;
};

} // namespace th
