#include "shader/DirectiveTable.h"

#include <algorithm>
#include <cstring>

#include "core/Hash.h"
#include "shader/PipelineLimits.h"

namespace th {

namespace {

template <size_t N> bool is(std::string_view text, const char (&literal)[N]) {
    return text.size() == N - 1 && std::memcmp(text.data(), literal, N - 1) == 0;
}

/// The size and 64 words spread over the text: cheap, and only decides whether a table
/// is worth keeping (a kept table is matched by comparing the whole text).
uint64_t fingerprintOf(std::string_view text) {
    uint64_t h = hashCombine(kHashSeed, text.size());
    if (text.size() < 8) return hash64(text, h);
    for (size_t i = 0; i < 64; ++i) {
        uint64_t w;
        std::memcpy(&w, text.data() + (text.size() - 8) * i / 63, 8);
        h = hashCombine(h, w);
    }
    return h;
}

} // namespace

DirectiveKeyword directiveKeyword(std::string_view name) {
    switch (name.size()) {
    case 0: return DirectiveKeyword::PassThrough; // the null directive
    case 2:
        if (is(name, "if")) return DirectiveKeyword::If;
        break;
    case 4:
        if (is(name, "elif")) return DirectiveKeyword::Elif;
        if (is(name, "else")) return DirectiveKeyword::Else;
        if (is(name, "line") || is(name, "hook")) return DirectiveKeyword::PassThrough;
        break;
    case 5:
        if (is(name, "ifdef")) return DirectiveKeyword::Ifdef;
        if (is(name, "endif")) return DirectiveKeyword::Endif;
        if (is(name, "error")) return DirectiveKeyword::Error;
        if (is(name, "undef")) return DirectiveKeyword::Undef;
        break;
    case 6:
        if (is(name, "ifndef")) return DirectiveKeyword::Ifndef;
        if (is(name, "define")) return DirectiveKeyword::Define;
        if (is(name, "pragma")) return DirectiveKeyword::PassThrough;
        break;
    case 7:
        if (is(name, "version") || is(name, "include")) return DirectiveKeyword::PassThrough;
        break;
    case 9:
        if (is(name, "extension")) return DirectiveKeyword::PassThrough;
        break;
    default: break;
    }
    return DirectiveKeyword::Unknown;
}

void DirectiveTable::build(std::string_view source, size_t startOffset, size_t startLine, bool inComment, bool keep,
                           std::string& buffer) {
    if (keep)
        text.assign(source);
    else
        text.clear();
    start = startOffset;
    entries.clear();
    entries.reserve(source.size() / 64); // shaders hold a directive every hundred bytes or so
    endLine = DirectiveEntry::kUnknown;
    struct Open {
        uint32_t branch;
        bool seenElse;
    };
    std::vector<Open> open;
    // Scanned in the caller's copy, which the run reads next, rather than in ours.
    const char* const base = source.data();
    const size_t n = source.size();
    uint32_t bad = 0;
    glsl::DirectiveCursor cursor(source, startOffset, startLine, inComment);
    while (cursor.seek()) {
        DirectiveEntry e;
        e.offset = uint32_t(cursor.offset());
        size_t i = cursor.hashOffset() + 1;
        while (i < n && glsl::isSpace(base[i])) ++i;
        e.nameBegin = uint32_t(i);
        i += glsl::detail::identifierCharRun(base + i, base + n);
        // An identifier cannot start with a digit ("#1" is an unknown directive named "").
        if (i > e.nameBegin && !glsl::isIdentStart(base[e.nameBegin])) i = e.nameBegin;
        e.restBegin = uint32_t(i);
        e.keyword = directiveKeyword(std::string_view(base + e.nameBegin, i - e.nameBegin));
        e.badBefore = bad;
        const uint32_t index = uint32_t(entries.size());
        bool isBad = false;
        if (opensBlock(e.keyword)) {
            isBad = open.size() >= size_t(kMaxConditionalDepth);
            open.push_back({index, false});
        } else if (continuesBlock(e.keyword)) {
            if (open.empty()) {
                isBad = true;
            } else {
                Open& o = open.back();
                isBad = o.seenElse && e.keyword != DirectiveKeyword::Endif;
                entries[o.branch].branchEnd = index;
                o.branch = index;
                if (e.keyword == DirectiveKeyword::Else) o.seenElse = true;
                if (e.keyword == DirectiveKeyword::Endif) open.pop_back();
            }
            if (e.keyword != DirectiveKeyword::Elif) {
                // Text after #else or #endif is an error even in a dead region. Nearly
                // always the line ends right there, which needs no search.
                size_t j = i;
                while (j < n && glsl::isSpace(base[j])) ++j;
                if (j == n || base[j] == '\n') {
                    e.setLine({j, j < n ? j + 1 : n, false, false});
                    entries.push_back(e);
                    bad += isBad;
                    cursor.skipFrom(j);
                    continue;
                }
                cursor.takeLine();
                e.setLine(cursor.lastLine());
                std::string_view after(base + i, e.lineEnd - i);
                if (e.hasSlash) after = glsl::stripComments(after, false, buffer);
                isBad = isBad || !glsl::trimSpace(after).empty();
                entries.push_back(e);
                bad += isBad;
                continue;
            }
        }
        entries.push_back(e);
        bad += isBad;
        cursor.skipFrom(i); // the rest of the line is read when a run needs it
    }
    endsInComment = cursor.endsInComment();
    commentOpen = cursor.commentOpenOffset();
}

DirectiveTable& DirectiveTables::get(std::string_view text, size_t start, size_t startLine, bool inComment,
                                     std::string& buffer) {
    ++mClock;
    DirectiveTable* oldest = &mTables[0];
    for (DirectiveTable& t : mTables) {
        if (t.lastUse != 0 && t.start == start && t.text.size() == text.size() &&
            std::memcmp(t.text.data(), text.data(), text.size()) == 0) {
            t.lastUse = mClock;
            return t;
        }
        if (t.lastUse < oldest->lastUse) oldest = &t;
    }
    const uint64_t print = hashCombine(fingerprintOf(text), start);
    uint64_t* seen = std::find(mSeen.begin(), mSeen.end(), print);
    if (seen == mSeen.end()) {
        mSeen[mNextSeen++ % mSeen.size()] = print;
        mScratch.build(text, start, startLine, inComment, false, buffer);
        return mScratch;
    }
    oldest->build(text, start, startLine, inComment, true, buffer);
    oldest->lastUse = mClock;
    return *oldest;
}

} // namespace th
