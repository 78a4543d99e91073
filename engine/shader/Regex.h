#pragma once
// Regular expressions for `!pattern` injection keys, on PCRE2 with its JIT. std::regex is
// slow (backtracking interpreter, ~100x slower) and recurses per character, which overflows
// the stack on 100 KB shaders; PCRE2's JIT matches a literal-led pattern over a 300 KB shader
// in microseconds and bounds its own work (match limit, JIT stack) instead of crashing.
// Compiled patterns are cached process-wide, so a plugin's keys compile once.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace th {

class Regex {
public:
    struct Match {
        size_t begin = 0, end = 0;
        /// Capture groups 0..n as [begin, end); npos for a group that did not take part.
        std::vector<std::pair<size_t, size_t>> groups;
    };

    /// Compiles (or fetches from the cache) `pattern`. Throws th::Error (without location)
    /// with PCRE2's message and the offset on a bad pattern.
    static std::shared_ptr<const Regex> compile(std::string_view pattern);

    /// Every non-overlapping match, left to right (empty matches advance by one character).
    /// Stops after `maxMatches`. Throws th::Error when the pattern exceeds its match budget
    /// (catastrophic backtracking) rather than hang.
    std::vector<Match> findAll(std::string_view subject, size_t maxMatches = 1u << 20) const;

    unsigned captureCount() const { return mCaptureCount; }

    /// Checks a replacement template ($0..$99, ${n}, $&, $$) against this pattern's groups;
    /// throws th::Error naming a group that does not exist.
    void checkReplacement(std::string_view replacement) const;
    /// The replacement with groups substituted.
    std::string expand(std::string_view replacement, std::string_view subject, const Match& match) const;

    ~Regex();
    Regex(const Regex&) = delete;
    Regex& operator=(const Regex&) = delete;

private:
    Regex() = default;
    struct Code;
    Code* mCode = nullptr;
    unsigned mCaptureCount = 0;
};

} // namespace th
