#pragma once
// The directive table: a text's directives and how its conditionals nest, found without the
// defines, so that a preprocessor run visits only the directives of the branches it takes and
// jumps over each dead branch to the #elif, #else or #endif that ends it. A run builds the
// table in one scan of the text (SIMD, skipping comments) and the Preprocessor keeps it for
// later runs on the same text: an effect's permutations are one text under many define sets,
// and they skip the scan. Internal to the shader layer.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shader/GlslScan.h"

namespace th {

/// What a directive is, from its keyword alone.
enum class DirectiveKeyword : uint8_t {
    If,
    Ifdef,
    Ifndef,
    Elif,
    Else,
    Endif,
    Define,
    Undef,
    Error,
    PassThrough,
    Unknown
};

DirectiveKeyword directiveKeyword(std::string_view name);
inline bool opensBlock(DirectiveKeyword k) {
    return k == DirectiveKeyword::If || k == DirectiveKeyword::Ifdef || k == DirectiveKeyword::Ifndef;
}
inline bool continuesBlock(DirectiveKeyword k) {
    return k == DirectiveKeyword::Elif || k == DirectiveKeyword::Else || k == DirectiveKeyword::Endif;
}

/// One directive line. Its line index and line end are filled in when a run first needs them
/// (#else and #endif have their line end from the start).
struct DirectiveEntry {
    static constexpr uint32_t kUnknown = ~uint32_t(0);
    uint32_t offset = 0;    // start of the line
    uint32_t nameBegin = 0; // the keyword, [nameBegin, restBegin)
    uint32_t restBegin = 0;
    uint32_t branchEnd = kUnknown; // opener, #elif, #else: the directive that ends the branch
    uint32_t badBefore = 0;        // entries before this one that are errors wherever they stand
    uint32_t line = kUnknown;      // 0-based line index
    uint32_t lineEnd = 0;          // these four as glsl::DirectiveLine says, once `read`
    uint32_t nextLine = 0;
    bool hasSlash = false;
    bool opensComment = false;
    bool read = false;
    DirectiveKeyword keyword = DirectiveKeyword::Unknown;

    void setLine(const glsl::DirectiveLine& l) {
        lineEnd = uint32_t(l.end);
        nextLine = uint32_t(l.next);
        hasSlash = l.hasSlash;
        opensComment = l.opensComment;
        read = true;
    }
};

struct DirectiveTable {
    std::string text; // what it describes, when kept: with `start`, the key the cache compares
    size_t start = 0;
    std::vector<DirectiveEntry> entries;
    bool endsInComment = false;
    size_t commentOpen = 0;
    uint32_t endLine = DirectiveEntry::kUnknown; // line index of the end of the text
    uint64_t lastUse = 0;

    /// The entries from `startOffset` (a line start of line `startLine`, inside a block
    /// comment when `inComment`). An entry is bad when it is an error in any run that reaches
    /// it: a conditional that does not match, text after #else or #endif, nesting past the
    /// limit. A jump over a branch is allowed only when no bad entry lies inside it, so a run
    /// that jumps stops at the same first error as one that steps. `keep`: copy the text, so
    /// that a later run can find this table again. `buffer` is scratch for comment stripping.
    void build(std::string_view source, size_t startOffset, size_t startLine, bool inComment, bool keep,
               std::string& buffer);

    /// Where a run goes after entry `k` when the branch it starts is dead: the directive that
    /// ends it, unless something in between must still raise its error.
    size_t skipDeadBranch(size_t k) const {
        const uint32_t to = entries[k].branchEnd;
        if (to == DirectiveEntry::kUnknown || entries[to].badBefore != entries[k + 1].badBefore) return k + 1;
        return to;
    }
};

/// The tables of the last few texts seen twice (a vertex and a fragment stage, and a couple
/// of others). A text seen for the first time gets a table that is not kept, so a one-off
/// run does not pay for copying the text; its fingerprint is remembered, and a second run
/// on it keeps its table (with the copy that lets a later run verify the match).
class DirectiveTables {
public:
    /// The table for `text` from `start` (see DirectiveTable::build), found or built. It stays
    /// valid until the next call.
    DirectiveTable& get(std::string_view text, size_t start, size_t startLine, bool inComment, std::string& buffer);

private:
    std::array<DirectiveTable, 4> mTables;
    DirectiveTable mScratch;
    std::array<uint64_t, 16> mSeen{};
    size_t mNextSeen = 0;
    uint64_t mClock = 0;
};

} // namespace th
