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
/// `low`, when given, is where the buffer that holds [p, end) starts: the last few bytes are
/// then read as the 16 that end at `end` instead of one by one.
inline size_t countNewlines(const char* p, const char* end, const char* low = nullptr) {
    size_t count = 0;
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n');
    const __m128i zero = _mm_setzero_si128();
    while (end - p >= 64) {
        // Per-lane byte counters (a match is -1, subtracted), summed with psadbw (no popcnt
        // in the x86-64 baseline) before they can wrap: at most 4 * 63 = 252 per lane.
        __m128i acc0 = zero, acc1 = zero;
        for (int k = 0; k < 63 && end - p >= 64; ++k, p += 64) {
            const __m128i* q = reinterpret_cast<const __m128i*>(p);
            acc0 = _mm_sub_epi8(acc0, _mm_cmpeq_epi8(_mm_loadu_si128(q), nl));
            acc1 = _mm_sub_epi8(acc1, _mm_cmpeq_epi8(_mm_loadu_si128(q + 1), nl));
            acc0 = _mm_sub_epi8(acc0, _mm_cmpeq_epi8(_mm_loadu_si128(q + 2), nl));
            acc1 = _mm_sub_epi8(acc1, _mm_cmpeq_epi8(_mm_loadu_si128(q + 3), nl));
        }
        __m128i wide = _mm_add_epi64(_mm_sad_epu8(acc0, zero), _mm_sad_epu8(acc1, zero));
        count += size_t(_mm_cvtsi128_si32(wide)) + size_t(_mm_extract_epi16(wide, 4));
    }
    while (end - p >= 16) {
        __m128i ones = _mm_sub_epi8(zero, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), nl));
        __m128i wide = _mm_sad_epu8(ones, zero);
        count += size_t(_mm_cvtsi128_si32(wide)) + size_t(_mm_extract_epi16(wide, 4));
        p += 16;
    }
    if (p < end && low && end - low >= 16) {
        const char* q = end - 16;
        unsigned m = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(q)), nl)));
        m &= ~0u << unsigned(p - q); // lanes before p were counted already
        // A 16-bit popcount by hand: the baseline has no popcnt, and the builtin is a call.
        m = m - ((m >> 1) & 0x5555u);
        m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
        m = (m + (m >> 4)) & 0x0F0Fu;
        return count + size_t((m + (m >> 8)) & 0x1Fu);
    }
#else
    (void)low;
#endif
    for (; p < end; ++p) count += *p == '\n';
    return count;
}

/// Number of identifier characters ([A-Za-z0-9_]) from p on, within [p, end): 16 compared at
/// once, so a directive's keyword is read without a branch per character.
inline size_t identifierCharRun(const char* p, const char* end) {
    const char* q = p;
#if defined(__SSE2__)
    while (end - q >= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        // x | 0x20 folds A-Z onto a-z and nothing else onto them; bytes >= 0x80 stay negative.
        const __m128i folded = _mm_or_si128(x, _mm_set1_epi8(0x20));
        const __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(folded, _mm_set1_epi8('a' - 1)),
                                             _mm_cmplt_epi8(folded, _mm_set1_epi8('z' + 1)));
        const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(x, _mm_set1_epi8('9' + 1)));
        const __m128i ident = _mm_or_si128(_mm_or_si128(letter, digit), _mm_cmpeq_epi8(x, _mm_set1_epi8('_')));
        const unsigned other = ~unsigned(_mm_movemask_epi8(ident)) & 0xFFFFu;
        if (other) return size_t(q - p) + size_t(__builtin_ctz(other));
        q += 16;
    }
#endif
    while (q < end && isIdentChar(*q)) ++q;
    return size_t(q - p);
}

/// First `a` or `b` in [p, end), or end; 32 bytes a step (the dead-region scan).
template <char A, char B> inline const char* findEither(const char* p, const char* end) {
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8(A), vb = _mm_set1_epi8(B);
    while (end - p >= 32) {
        __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
        unsigned mx = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb))));
        unsigned my = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(y, va), _mm_cmpeq_epi8(y, vb))));
        if (mx | my) {
            uint32_t m = mx | (my << 16);
            return p + __builtin_ctz(m);
        }
        p += 32;
    }
#endif
    for (; p < end; ++p)
        if (*p == A || *p == B) return p;
    return end;
}

/// As findEither, for a short span (one line) inside a buffer readable from `low` on: 16
/// bytes a step, and the last few bytes read as the 16 that end at `end` (when the buffer
/// reaches that far back) instead of one by one.
template <char A, char B> inline const char* findEitherShort(const char* p, const char* end, const char* low) {
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8(A), vb = _mm_set1_epi8(B);
    while (end - p >= 16) {
        __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        unsigned m = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb))));
        if (m) return p + __builtin_ctz(m);
        p += 16;
    }
    if (p < end && end - low >= 16) {
        const char* q = end - 16;
        __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        unsigned m = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb))));
        m &= ~0u << unsigned(p - q); // bytes before p were searched already
        return m ? q + __builtin_ctz(m) : end;
    }
#else
    (void)low;
#endif
    for (; p < end; ++p)
        if (*p == A || *p == B) return p;
    return end;
}

/// First '#' or '/' in [p, end), or end.
inline const char* findHashOrSlash(const char* p, const char* end) { return findEither<'#', '/'>(p, end); }

} // namespace detail

/// Line indices of byte offsets in a text, counted lazily: asking for increasing offsets
/// costs one pass over the text in all (an earlier offset, for an error message, recounts
/// from the origin). The origin is a line start with a known index.
class LineCounter {
public:
    explicit LineCounter(std::string_view text, size_t origin = 0, size_t originLine = 0)
        : mBase(text.data()), mOrigin(origin), mOriginLine(originLine), mOffset(origin), mLine(originLine) {}

    /// Index of the line that holds byte `offset` (offset >= the origin).
    size_t at(size_t offset) {
        if (offset < mOffset) {
            mOffset = mOrigin;
            mLine = mOriginLine;
        }
        mLine += detail::countNewlines(mBase + mOffset, mBase + offset, mBase);
        mOffset = offset;
        return mLine;
    }

private:
    const char* mBase;
    size_t mOrigin, mOriginLine;
    size_t mOffset, mLine;
};

/// The rest of a directive's line, read from byte `from` of `text` (past its '#', on the same
/// line): where the line ends and the next begins, whether it holds a '/' (else it has no
/// comment to strip) and whether it leaves a block comment open.
struct DirectiveLine {
    size_t end = 0;  ///< offset of its '\n', or the text's size
    size_t next = 0; ///< offset of the next line, or the text's size
    bool hasSlash = false;
    bool opensComment = false;
};

inline DirectiveLine readDirectiveLine(std::string_view text, size_t from) {
    const char* const base = text.data();
    const char* const end = base + text.size();
    // The line's end and its first '/' in one search: most directive lines hold no comment.
    const char* lineEnd = detail::findEitherShort<'\n', '/'>(base + from, end, base);
    DirectiveLine l;
    l.hasSlash = lineEnd < end && *lineEnd == '/';
    if (l.hasSlash) {
        const char* slash = lineEnd;
        lineEnd = detail::findByte(slash, end, '\n');
        l.opensComment = commentStateAfter(std::string_view(slash, size_t(lineEnd - slash)), false);
    }
    l.end = size_t(lineEnd - base);
    l.next = lineEnd < end ? l.end + 1 : text.size();
    return l;
}

/// Jumps from directive line to directive line without looking at the lines between, other
/// than for comments: the text between two directives is searched for '#' and '/' only (SIMD
/// where the target has it), and lines are counted only when asked for, in bulk. A '#'
/// starts a directive when only white space precedes it on its line and the line does not
/// start inside a comment; a block comment hides every '#' in it, as C's phase 3 does,
/// across lines. This is what the preprocessor runs on, so dead regions cost a scan, not a
/// tokenization.
///
/// Two ways to use it: next() hands over each directive's whole line; or seek() stops at a
/// directive's '#', and the caller either reads the line with takeLine() or, for a directive
/// whose text does not matter (most of those in a dead region), resumes the scan inside the
/// line with skipFrom(). The rest of a skipped line is then scanned like any other text: its
/// comments are followed as takeLine() would follow them, and no '#' in it is at a line start.
class DirectiveCursor {
public:
    /// Starts at byte `offset` (a line start) of `text`, which is line `lineIndex`, with
    /// `inComment` telling whether that line starts inside a block comment.
    explicit DirectiveCursor(std::string_view text, size_t offset = 0, size_t lineIndex = 0, bool inComment = false)
        : mText(text), mLines(text, offset, lineIndex), mStart(offset), mPos(offset), mInComment(inComment) {
        if (inComment) mCommentOpen = offset;
    }

    /// Moves to the next directive line and fills `line` (without '\n'), or returns false at
    /// the end of the text.
    bool next(std::string_view& line) {
        if (!seek()) return false;
        line = takeLine();
        return true;
    }

    /// Moves to the next directive, stopping at its '#' (see hashOffset()), or returns false
    /// at the end of the text. Follow it with takeLine() or skipFrom().
    bool seek() {
        const char* const base = mText.data();
        const char* const end = base + mText.size();
        const char* p = base + mPos;
        for (;;) {
            if (mInComment) {
                for (;;) {
                    p = findByte<'*'>(p, end);
                    if (p >= end) return finish();
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
                    p = findByte<'\n'>(p + 2, end);
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
            mLineBegin = size_t(start - base);
            mHash = size_t(p - base);
            mPos = mHash + 1;
            return true;
        }
    }

    /// After seek(): the directive's whole line (without '\n'); the scan goes on after it.
    std::string_view takeLine() {
        const DirectiveLine l = readDirectiveLine(mText, mPos);
        mLast = l;
        mInComment = l.opensComment;
        mLineHasSlash = l.hasSlash;
        std::string_view line = mText.substr(mLineBegin, l.end - mLineBegin);
        mPos = l.next;
        if (mInComment) mCommentOpen = mLineBegin + line.rfind("/*");
        return line;
    }

    /// After seek(): goes on scanning at byte `offset` of the directive's line (after its
    /// '#'), treating the rest of the line as text. nextOffset() and inComment() are then
    /// unknown until the next seek().
    void skipFrom(size_t offset) { mPos = offset; }
    /// After takeLine: the line as readDirectiveLine describes it.
    const DirectiveLine& lastLine() const { return mLast; }

    /// 0-based line index of the directive seek() or next() stopped at (counted on demand).
    size_t index() { return mLines.at(mLineBegin); }
    /// Byte offset of that line, of its '#', and (after takeLine) just past its '\n' or at
    /// the end of the text.
    size_t offset() const { return mLineBegin; }
    size_t hashOffset() const { return mHash; }
    size_t nextOffset() const { return mPos; }
    /// After takeLine: whether the directive line leaves a block comment open, and whether
    /// it holds a '/' after its '#' (else it has no comment to strip).
    bool inComment() const { return mInComment; }
    bool lineHasSlash() const { return mLineHasSlash; }
    /// After seek() or next() returned false: the number of lines in the text, and whether it
    /// ends inside a block comment (then commentOpenOffset() says where that comment began).
    size_t lineCount() {
        const size_t n = mText.size();
        return mLines.at(n) + (n > mStart && mText.back() != '\n' ? 1 : 0);
    }
    bool endsInComment() const { return mInComment; }
    size_t commentOpenOffset() const { return mCommentOpen; }

private:
    template <char C> const char* findByte(const char* p, const char* end) const {
        // A long run (a comment, a dead region's text) goes to libc's memchr, which is wider
        // than the SSE2 loop; a short one stays inline.
        if (end - p > 256) {
            const void* hit = std::memchr(p, C, size_t(end - p));
            return hit ? static_cast<const char*>(hit) : end;
        }
        return detail::findEitherShort<C, C>(p, end, mText.data());
    }

    bool finish() {
        mPos = mText.size();
        mLineBegin = mPos;
        return false;
    }

    std::string_view mText;
    LineCounter mLines;
    size_t mStart = 0;
    size_t mPos = 0;
    size_t mLineBegin = 0;
    size_t mHash = 0;
    size_t mCommentOpen = 0;
    DirectiveLine mLast;
    bool mInComment = false;
    bool mLineHasSlash = false;
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
