#pragma once
// Every stage of the shader pipeline carries a line map: for each line of its output, where
// that line came from (a shader file, an include, a plugin snippet, or the pipeline itself).
// Driver errors, lint findings and the annotated dump all speak in these origins.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/Error.h"

namespace th {

/// Where one output line came from. `source` indexes LineMap's source names; `line` is
/// 1-based in that source, 0 for text the pipeline generated (a #version line, a hook body).
struct LineOrigin {
    uint32_t source = 0;
    uint32_t line = 0;
    bool operator==(const LineOrigin&) const = default;
};

class LineMap {
public:
    LineMap();

    /// Registers a source name (deduplicated) and returns its index. Names are what users
    /// read: "shaders/pbr/pbr.frag.glsl", "plugins/wind/wind.vert.glsl",
    /// "plugin 'Wind' key 'CUSTOM_VERTEX_UPDATE_WORLDPOS'". Index 0 is "<generated>".
    /// `context` says what a file's text is there for when the name alone does not (a plugin
    /// snippet read from a file: "plugin 'Terrain' key 'CUSTOM_FRAGMENT_BEFORE_LIGHTS'").
    uint32_t addSource(std::string_view name, std::string_view context = {});
    const std::string& sourceName(uint32_t index) const { return mSources[index]; }
    const std::string& sourceContext(uint32_t index) const { return mContexts[index]; }
    /// The context of output line `line` (1-based); empty when it has none.
    const std::string& contextAt(int line) const;
    size_t sourceCount() const { return mSources.size(); }

    void push(LineOrigin origin) { mLines.push_back(origin); }
    /// Appends another map's lines, re-indexing its sources into this map.
    void append(const LineMap& other);
    void append(const LineMap& other, size_t firstLine, size_t lineCount);
    /// Appends lines of a map that shares this map's source table (one made with
    /// adoptSources from it): a plain copy, no re-indexing. Used on the hot paths where a
    /// stage keeps or drops whole runs of its input's lines.
    void appendSameSources(const LineMap& other, size_t firstLine, size_t lineCount);
    /// Replaces this (line-less) map's source table with `other`'s, so their indices agree.
    void adoptSources(const LineMap& other) {
        mSources = other.mSources;
        mContexts = other.mContexts;
    }
    void clear() { mLines.clear(); }
    /// Back to a fresh map (only "<generated>"), keeping the line storage's capacity so a
    /// reused ShaderText does not reallocate.
    void reset() {
        mLines.clear();
        mSources.resize(1);
        mContexts.resize(1);
    }
    void reserve(size_t lines) { mLines.reserve(lines); }

    size_t size() const { return mLines.size(); }
    /// Origin of output line `index` (0-based).
    const LineOrigin& operator[](size_t index) const { return mLines[index]; }
    LineOrigin& operator[](size_t index) { return mLines[index]; }

    /// Origin of output line `line` (1-based) as file and line; an out-of-range line gives
    /// "<generated>" with the raw line number so a message is never lost.
    SourceLocation locate(int line) const;
    /// Origin of 0-based output line `index`, as file and line.
    SourceLocation locateIndex(size_t index) const { return locate(int(index) + 1); }
    /// "file:line" of 0-based output line `index`, for messages.
    std::string describe(size_t index) const { return locateIndex(index).toString(); }

private:
    std::vector<std::string> mSources;
    std::vector<std::string> mContexts; ///< parallel to mSources
    std::vector<LineOrigin> mLines;
};

/// Text with a line map: the currency of the pipeline. Invariant: `lines.size()` equals the
/// number of lines in `text` (a final line without '\n' counts; an empty text has none).
struct ShaderText {
    std::string text;
    LineMap lines;

    /// Wraps a whole source file: line i of the text maps to line i of `name`.
    static ShaderText fromSource(std::string_view name, std::string_view text, std::string_view context = {});
};

} // namespace th
