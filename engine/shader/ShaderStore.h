#pragma once
// The shader store: named shader sources and includes.
//
// Engine shaders (everything under shaders/, names relative to it such as
// "common/math.glsl") are embedded in the binary. An override directory (constructor
// argument, else the environment variable TRAILHEAD_SHADER_DIR) loads the same names from
// disk instead, so the demo can edit shaders live: reload() re-reads what changed and bumps
// generation(). Users and plugins add their own sources by name (add / addDirectory); a name
// added later replaces an earlier one, engine shaders included.
//
// Include lookup (resolve), for `#include<NAME>`:
//   1. a source named exactly NAME ("pbr/lights.glsl");
//   2. a source named NAME + ".glsl" ("pbr/lights" -> "pbr/lights.glsl");
//   3. when NAME has no '/', any source whose file stem is NAME: the file name without its
//      folder and without ".glsl" ("lights" -> "pbr/lights.glsl", "pbr.frag" ->
//      "pbr/pbr.frag.glsl"). Two such sources make the name ambiguous: an error listing both.
//
// Not thread-safe for mutation; concurrent const use (lookups during builds) is fine.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace th {

struct ShaderSource {
    std::string name;   ///< store name, e.g. "pbr/pbr.frag.glsl"
    std::string origin; ///< what line maps and messages call it, e.g. "shaders/pbr/pbr.frag.glsl"
    std::string text;
    uint64_t generation = 0;            ///< store generation at which this text was loaded
    std::filesystem::path path;         ///< file on disk, empty for embedded or in-memory sources
    std::filesystem::file_time_type mtime{};
};

class ShaderStore {
public:
    /// The engine's shaders, embedded or from `overrideDirectory` (or $TRAILHEAD_SHADER_DIR
    /// when the argument is empty). Throws th::Error when the override directory is unusable.
    explicit ShaderStore(std::filesystem::path overrideDirectory = {});
    /// A store without the engine's shaders (tools and tests that bring their own).
    static ShaderStore empty();

    /// Adds or replaces a source. `origin` defaults to the name.
    void add(std::string name, std::string text, std::string origin = {});
    /// Adds every *.glsl under `directory` (recursively), named by their path relative to it
    /// with '/' separators and `prefix` in front. Tracked by reload(). Throws when the
    /// directory cannot be read.
    void addDirectory(const std::filesystem::path& directory, std::string_view prefix = {});
    bool remove(std::string_view name);

    /// Exact name lookup; nullptr when absent.
    const ShaderSource* find(std::string_view name) const;
    /// Include lookup as documented above. Throws th::Error (missing: lists near names;
    /// ambiguous: lists candidates).
    const ShaderSource& resolve(std::string_view name) const;
    /// Include lookup without throwing: nullptr and `error` filled in when it fails.
    const ShaderSource* tryResolve(std::string_view name, std::string* error = nullptr) const;

    std::vector<std::string> names() const;
    size_t size() const { return mSources.size(); }

    /// Re-reads disk-backed sources whose modification time changed, picks up new files and
    /// drops deleted ones in tracked directories. Returns the names that changed; bumps
    /// generation() when any did.
    std::vector<std::string> reload();
    /// Incremented by every change (add, remove, reload that changed something): callers
    /// rebuild effects whose generation is older.
    uint64_t generation() const { return mGeneration; }
    const std::filesystem::path& overrideDirectory() const { return mOverrideDirectory; }

private:
    struct Empty {};
    explicit ShaderStore(Empty) {}
    struct TrackedDirectory {
        std::filesystem::path path;
        std::string prefix;
    };
    void loadDirectory(const TrackedDirectory& dir, std::vector<std::string>* changed);
    ShaderSource& insert(std::string name);

    std::map<std::string, ShaderSource, std::less<>> mSources;
    std::vector<TrackedDirectory> mDirectories;
    std::filesystem::path mOverrideDirectory;
    uint64_t mGeneration = 0;
    /// File stem -> names with that stem, kept up to date by every mutation (so lookups stay
    /// const and thread-safe).
    std::map<std::string, std::vector<std::string>, std::less<>> mStems;
};

} // namespace th
