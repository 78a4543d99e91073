#pragma once
// Scanning primitives every stage of the string pipeline shares. GLSL has no string literals,
// so lexing for our purposes is: lines, /* */ comments that span lines, // comments, identifier
// tokens, and preprocessor directives, which exist only where the first character of a line
// outside any comment is '#'. Everything here works on string_views and memchr, without
// allocating, because the pipeline runs on 300 KB shaders at GB/s.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace th::glsl {

namespace detail {
struct CharTable {
    uint8_t bits[256] = {};
    constexpr CharTable() {
        for (int c = 'a'; c <= 'z'; ++c) bits[c] = 3;
        for (int c = 'A'; c <= 'Z'; ++c) bits[c] = 3;
        bits[int('_')] = 3;
        for (int c = '0'; c <= '9'; ++c) bits[c] = 2;
        bits[int(' ')] = 4;
        bits[int('\t')] = 4;
        bits[int('\r')] = 4;
        bits[int('\f')] = 4;
        bits[int('\v')] = 4;
    }
};
inline constexpr CharTable kChars{};
} // namespace detail

inline bool isIdentStart(char c) { return detail::kChars.bits[uint8_t(c)] & 1; }
inline bool isIdentChar(char c) { return detail::kChars.bits[uint8_t(c)] & 2; }
/// Horizontal white space (a line never contains '\n').
inline bool isSpace(char c) { return detail::kChars.bits[uint8_t(c)] & 4; }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }

inline bool isIdentifier(std::string_view s) {
    if (s.empty() || !isIdentStart(s[0])) return false;
    for (char c : s)
        if (!isIdentChar(c)) return false;
    return true;
}

inline std::string_view trimSpace(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && isSpace(s[b])) ++b;
    while (e > b && isSpace(s[e - 1])) --e;
    return s.substr(b, e - b);
}

/// Length of the identifier starting at s[0] (0 when s does not start with one).
inline size_t identifierLength(std::string_view s) {
    if (s.empty() || !isIdentStart(s[0])) return 0;
    size_t n = 1;
    while (n < s.size() && isIdentChar(s[n])) ++n;
    return n;
}

/// Block-comment state at the end of `line` given the state at its start. A // comment ends
/// the scan for the line; "/*/" does not close the comment it opens (as in C).
inline bool commentStateAfter(std::string_view line, bool inBlock) {
    const char* p = line.data();
    const char* end = p + line.size();
    for (;;) {
        if (inBlock) {
            for (;;) {
                p = static_cast<const char*>(std::memchr(p, '*', size_t(end - p)));
                if (!p) return true;
                ++p;
                if (p < end && *p == '/') {
                    ++p;
                    inBlock = false;
                    break;
                }
            }
        }
        p = static_cast<const char*>(std::memchr(p, '/', size_t(end - p)));
        if (!p) return false;
        ++p;
        if (p >= end) return false;
        if (*p == '/') return false;
        if (*p == '*') {
            ++p;
            inBlock = true;
        }
    }
}

/// Calls fn(segment, offset) for each piece of `line` outside comments, in order; returns the
/// block-comment state at the end of the line.
template <typename Fn> bool forEachCodeSegment(std::string_view line, bool inBlock, Fn&& fn) {
    size_t pos = 0;
    const size_t n = line.size();
    while (pos < n) {
        if (inBlock) {
            size_t close = line.find("*/", pos);
            if (close == std::string_view::npos) return true;
            pos = close + 2;
            inBlock = false;
            continue;
        }
        size_t slash = pos;
        for (;;) {
            const void* hit = std::memchr(line.data() + slash, '/', n - slash);
            if (!hit) {
                slash = n;
                break;
            }
            slash = size_t(static_cast<const char*>(hit) - line.data());
            if (slash + 1 < n && (line[slash + 1] == '/' || line[slash + 1] == '*')) break;
            ++slash;
        }
        if (slash > pos) fn(line.substr(pos, slash - pos), pos);
        if (slash >= n) return false;
        if (line[slash + 1] == '/') return false;
        inBlock = true;
        pos = slash + 2;
    }
    return inBlock;
}

/// `line` with its comments removed (each comment becomes one space), using `buffer` only
/// when the line holds a comment at all.
inline std::string_view stripComments(std::string_view line, bool inBlock, std::string& buffer) {
    if (!inBlock && std::memchr(line.data(), '/', line.size()) == nullptr) return line;
    buffer.clear();
    forEachCodeSegment(line, inBlock, [&](std::string_view code, size_t) {
        if (!buffer.empty()) buffer += ' ';
        buffer.append(code);
    });
    return buffer;
}

/// A directive line split into its keyword and the rest (comments not yet stripped).
struct Directive {
    std::string_view name; ///< "ifdef", "define", ... ; empty for the null directive "#"
    std::string_view rest; ///< everything after the keyword
};

/// When `line` (which starts outside a comment) is a directive, fills `out` and returns true.
inline bool parseDirective(std::string_view line, Directive& out) {
    size_t i = 0;
    const size_t n = line.size();
    while (i < n && isSpace(line[i])) ++i;
    if (i >= n || line[i] != '#') return false;
    ++i;
    while (i < n && isSpace(line[i])) ++i;
    size_t len = identifierLength(line.substr(i));
    out.name = line.substr(i, len);
    out.rest = line.substr(i + len);
    return true;
}

/// Iterates the lines of a text ('\n'-separated; a last line without '\n' counts), tracking
/// the block-comment state: `startsInComment` tells whether a line begins inside /* */.
class LineCursor {
public:
    explicit LineCursor(std::string_view text) : mText(text) {}

    /// Fills line (without '\n') and returns true, or returns false at the end.
    bool next(std::string_view& line) {
        if (mPos >= mText.size()) return false;
        mStartsInComment = mInComment;
        const char* begin = mText.data() + mPos;
        const void* nl = std::memchr(begin, '\n', mText.size() - mPos);
        size_t len = nl ? size_t(static_cast<const char*>(nl) - begin) : mText.size() - mPos;
        line = std::string_view(begin, len);
        mLineBegin = mPos;
        mPos += len + (nl ? 1 : 0);
        mInComment = commentStateAfter(line, mStartsInComment);
        ++mIndex;
        return true;
    }

    bool startsInComment() const { return mStartsInComment; }
    /// 0-based index of the line `next` returned last.
    size_t index() const { return mIndex - 1; }
    /// Byte offset of that line in the text.
    size_t offset() const { return mLineBegin; }
    /// Byte offset just past that line's '\n' (or the end of text).
    size_t nextOffset() const { return mPos; }
    /// True when the last line returned is a directive (starts outside a comment with '#').
    bool directive(Directive& out, std::string_view line) const {
        return !mStartsInComment && parseDirective(line, out);
    }

private:
    std::string_view mText;
    size_t mPos = 0;
    size_t mLineBegin = 0;
    size_t mIndex = 0;
    bool mInComment = false;
    bool mStartsInComment = false;
};

namespace detail {

/// First `c` in [p, end), or end. Inline, for the short spans (one line) where a call to
/// memchr costs more than the search.
inline const char* findByte(const char* p, const char* end, char c) {
#if defined(__SSE2__)
    const __m128i v = _mm_set1_epi8(c);
    while (end - p >= 16) {
        unsigned m = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), v)));
        if (m) return p + __builtin_ctz(m);
        p += 16;
    }
#endif
    for (; p < end; ++p)
        if (*p == c) return p;
    return end;
}

/// Number of '\n' in [p, end).
inline size_t countNewlines(const char* p, const char* end) {
    size_t count = 0;
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    while (end - p >= 64) {
        __m128i a = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), nl);
        __m128i b = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16)), nl);
        __m128i c = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 32)), nl);
        __m128i d = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 48)), nl);
        // Each lane is 0 or -1; the sum of four is at least -4, which fits in a byte.
        __m128i sum = _mm_sub_epi8(_mm_setzero_si128(), _mm_add_epi8(_mm_add_epi8(a, b), _mm_add_epi8(c, d)));
        __m128i wide = _mm_sad_epu8(sum, _mm_setzero_si128());
        count += size_t(_mm_cvtsi128_si32(wide)) + size_t(_mm_extract_epi16(wide, 4));
        p += 64;
    }
    while (end - p >= 16) {
        // No popcnt in the x86-64 baseline: sum the lanes with psadbw instead.
        __m128i ones = _mm_sub_epi8(_mm_setzero_si128(), _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), nl));
        __m128i wide = _mm_sad_epu8(ones, _mm_setzero_si128());
        count += size_t(_mm_cvtsi128_si32(wide)) + size_t(_mm_extract_epi16(wide, 4));
        p += 16;
    }
#endif
    for (; p < end; ++p) count += *p == '\n';
    return count;
}

/// First '#' or '/' in [p, end), or end.
inline const char* findHashOrSlash(const char* p, const char* end) {
#if defined(__SSE2__)
    const __m128i hash = _mm_set1_epi8('#'), slash = _mm_set1_epi8('/');
    while (end - p >= 32) {
        __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
        unsigned ma = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(a, hash), _mm_cmpeq_epi8(a, slash))));
        unsigned mb = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(b, hash), _mm_cmpeq_epi8(b, slash))));
        if (ma | mb) {
            uint32_t m = ma | (mb << 16);
            return p + __builtin_ctz(m);
        }
        p += 32;
    }
#endif
    for (; p < end; ++p)
        if (*p == '#' || *p == '/') return p;
    return end;
}

} // namespace detail

/// Jumps from directive line to directive line without looking at the lines between, other
/// than for comments: the text between two directives is searched for '#' and '/' only (SIMD
/// where the target has it), and its lines are counted in bulk. A '#' starts a directive when
/// only white space precedes it on its line and the line does not start inside a comment; a
/// block comment hides every '#' in it, as C's phase 3 does, across lines. This is what the
/// preprocessor runs on, so dead regions cost a scan, not a tokenization.
class DirectiveCursor {
public:
    /// Starts at byte `offset` (a line start) of `text`, which is line `lineIndex`, with
    /// `inComment` telling whether that line starts inside a block comment.
    explicit DirectiveCursor(std::string_view text, size_t offset = 0, size_t lineIndex = 0, bool inComment = false)
        : mText(text), mPos(offset), mCounted(offset), mLine(lineIndex), mInComment(inComment) {
        if (inComment) mCommentOpen = offset;
    }

    /// Moves to the next directive line and fills `line` (without '\n'), or returns false at
    /// the end of the text.
    bool next(std::string_view& line) {
        const char* const base = mText.data();
        const char* const end = base + mText.size();
        const char* p = base + mPos;
        for (;;) {
            if (mInComment) {
                for (;;) {
                    p = static_cast<const char*>(std::memchr(p, '*', size_t(end - p)));
                    if (!p) return finish();
                    ++p;
                    if (p < end && *p == '/') break;
                }
                ++p;
                mInComment = false;
            }
            p = detail::findHashOrSlash(p, end);
            if (p >= end) return finish();
            if (*p == '/') {
                if (p + 1 < end && p[1] == '/') {
                    p = detail::findByte(p, end, '\n');
                    if (p >= end) return finish();
                    continue;
                }
                if (p + 1 < end && p[1] == '*') {
                    mCommentOpen = size_t(p - base);
                    mInComment = true;
                    p += 2;
                    continue;
                }
                ++p;
                continue;
            }
            // '#': a directive when only white space precedes it on its line.
            const char* start = p;
            while (start > base && isSpace(start[-1])) --start;
            if (start > base && start[-1] != '\n') {
                ++p;
                continue;
            }
            mLine += detail::countNewlines(base + mCounted, start);
            const char* lineEnd = detail::findByte(p, end, '\n');
            line = std::string_view(start, size_t(lineEnd - start));
            mLineBegin = size_t(start - base);
            mPos = lineEnd < end ? size_t(lineEnd - base) + 1 : mText.size();
            mCounted = mPos;
            mIndex = mLine;
            ++mLine;
            mInComment = commentStateAfter(line, false);
            if (mInComment) mCommentOpen = mLineBegin + line.rfind("/*");
            return true;
        }
    }

    /// 0-based line index of the directive `next` returned last.
    size_t index() const { return mIndex; }
    /// Byte offset of that line, and just past its '\n' (or the end of the text).
    size_t offset() const { return mLineBegin; }
    size_t nextOffset() const { return mPos; }
    /// After `next`: whether the directive line leaves a block comment open.
    bool inComment() const { return mInComment; }
    /// After `next` returned false: the number of lines in the text, and whether it ends
    /// inside a block comment (then commentOpenOffset() says where that comment began).
    size_t lineCount() const { return mLine; }
    bool endsInComment() const { return mInComment; }
    size_t commentOpenOffset() const { return mCommentOpen; }

private:
    bool finish() {
        const char* base = mText.data();
        mLine += detail::countNewlines(base + mCounted, base + mText.size());
        if (mText.size() > mCounted && mText.back() != '\n') ++mLine;
        mCounted = mPos = mText.size();
        mLineBegin = mPos;
        return false;
    }

    std::string_view mText;
    size_t mPos = 0;
    size_t mCounted = 0;   ///< lines before this offset are counted in mLine
    size_t mLine = 0;      ///< index of the line starting at mCounted
    size_t mIndex = 0;
    size_t mLineBegin = 0;
    size_t mCommentOpen = 0;
    bool mInComment = false;
};

/// Number of lines in a text as ShaderText counts them.
inline size_t countLines(std::string_view text) {
    size_t count = 0;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        const void* nl = std::memchr(p, '\n', size_t(end - p));
        ++count;
        if (!nl) break;
        p = static_cast<const char*>(nl) + 1;
    }
    return count;
}

} // namespace th::glsl
