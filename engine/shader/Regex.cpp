#define PCRE2_CODE_UNIT_WIDTH 8
#include "shader/Regex.h"

#include <pcre2.h>

#include <mutex>
#include <unordered_map>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

struct Regex::Code {
    pcre2_code* code = nullptr;
};

namespace {

// Bounds one search's backtracking: a pathological pattern fails with a message instead of
// running for minutes. Real keys need a few thousand steps.
constexpr uint32_t kMatchLimit = 20'000'000;
constexpr size_t kCacheLimit = 512;

struct JitStack {
    pcre2_jit_stack* stack = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, nullptr);
    pcre2_match_context* context = nullptr;
    JitStack() {
        context = pcre2_match_context_create(nullptr);
        pcre2_set_match_limit(context, kMatchLimit);
        pcre2_set_depth_limit(context, 100'000);
        if (stack) pcre2_jit_stack_assign(context, nullptr, stack);
    }
    ~JitStack() {
        pcre2_match_context_free(context);
        if (stack) pcre2_jit_stack_free(stack);
    }
};

pcre2_match_context* matchContext() {
    thread_local JitStack jit;
    return jit.context;
}

std::string pcreMessage(int code) {
    PCRE2_UCHAR buffer[256];
    int n = pcre2_get_error_message(code, buffer, sizeof buffer);
    return n < 0 ? str("PCRE2 error ", code) : std::string(reinterpret_cast<char*>(buffer), size_t(n));
}

} // namespace

Regex::~Regex() {
    if (mCode) {
        pcre2_code_free(mCode->code);
        delete mCode;
    }
}

std::shared_ptr<const Regex> Regex::compile(std::string_view pattern) {
    static std::mutex mutex;
    static std::unordered_map<std::string, std::shared_ptr<const Regex>> cache;
    {
        std::lock_guard lock(mutex);
        auto it = cache.find(std::string(pattern));
        if (it != cache.end()) return it->second;
    }
    int error = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), 0, &error, &offset, nullptr);
    if (!code) throw Error(str("bad regex: ", pcreMessage(error), " at offset ", offset, " of '", pattern, "'"));
    pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); // falls back to the interpreter when unavailable
    std::shared_ptr<Regex> regex(new Regex);
    regex->mCode = new Code{code};
    uint32_t captures = 0;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &captures);
    regex->mCaptureCount = captures;
    std::lock_guard lock(mutex);
    if (cache.size() >= kCacheLimit) cache.clear();
    cache.emplace(std::string(pattern), regex);
    return regex;
}

std::vector<Regex::Match> Regex::findAll(std::string_view subject, size_t maxMatches) const {
    std::vector<Match> out;
    pcre2_match_data* data = pcre2_match_data_create_from_pattern(mCode->code, nullptr);
    auto* subjectData = reinterpret_cast<PCRE2_SPTR>(subject.data());
    size_t start = 0;
    uint32_t options = 0;
    while (start <= subject.size() && out.size() < maxMatches) {
        int rc = pcre2_match(mCode->code, subjectData, subject.size(), start, options, data, matchContext());
        if (rc == PCRE2_ERROR_NOMATCH) {
            if (options == 0) break;
            // No non-empty match at an empty match's position: move on one character.
            options = 0;
            ++start;
            continue;
        }
        if (rc < 0) {
            pcre2_match_data_free(data);
            throw Error(str("regex search failed: ", pcreMessage(rc),
                            rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_JIT_STACKLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT
                                ? " (the pattern backtracks too much; anchor it on a literal)"
                                : ""));
        }
        PCRE2_SIZE* ov = pcre2_get_ovector_pointer(data);
        Match m;
        m.begin = ov[0];
        m.end = ov[1];
        uint32_t pairs = pcre2_get_ovector_count(data);
        m.groups.resize(mCaptureCount + 1, {std::string_view::npos, std::string_view::npos});
        for (uint32_t g = 0; g < pairs && g <= mCaptureCount; ++g)
            if (g < uint32_t(rc) && ov[2 * g] != PCRE2_UNSET) m.groups[g] = {ov[2 * g], ov[2 * g + 1]};
        out.push_back(std::move(m));
        start = ov[1];
        // After an empty match, look for a non-empty one at the same place before moving on.
        options = ov[0] == ov[1] ? PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED : 0;
    }
    pcre2_match_data_free(data);
    return out;
}

namespace {

// Walks a replacement template, calling literal(text) and group(n) in order.
template <typename Literal, typename Group>
void walkTemplate(std::string_view t, unsigned captures, Literal&& literal, Group&& group) {
    size_t i = 0, run = 0;
    while (i < t.size()) {
        if (t[i] != '$' || i + 1 >= t.size()) {
            ++i;
            continue;
        }
        char c = t[i + 1];
        size_t consumed = 0;
        long n = -1;
        if (c == '$') {
            literal(t.substr(run, i - run));
            literal("$");
            i += 2;
            run = i;
            continue;
        }
        if (c == '&') {
            n = 0;
            consumed = 2;
        } else if (c >= '0' && c <= '9') {
            n = c - '0';
            consumed = 2;
            // Two digits when that names an existing group (JavaScript's rule).
            if (i + 2 < t.size() && t[i + 2] >= '0' && t[i + 2] <= '9') {
                long two = n * 10 + (t[i + 2] - '0');
                if (two <= long(captures)) {
                    n = two;
                    consumed = 3;
                }
            }
        } else if (c == '{') {
            size_t close = t.find('}', i + 2);
            if (close != std::string_view::npos && close > i + 2 && close - i - 2 <= 3) {
                n = 0;
                for (size_t k = i + 2; k < close && n >= 0; ++k)
                    n = (t[k] >= '0' && t[k] <= '9') ? n * 10 + (t[k] - '0') : -1;
                if (n >= 0) consumed = close + 1 - i;
            }
        }
        if (consumed == 0) {
            ++i;
            continue;
        }
        literal(t.substr(run, i - run));
        group(n);
        i += consumed;
        run = i;
    }
    literal(t.substr(run));
}

} // namespace

void Regex::checkReplacement(std::string_view replacement) const {
    walkTemplate(
        replacement, mCaptureCount, [](std::string_view) {},
        [&](long n) {
            if (n > long(mCaptureCount))
                throw Error(str("the replacement refers to group $", n, " but the pattern has ", mCaptureCount,
                                " capture group", mCaptureCount == 1 ? "" : "s", " (write $$ for a literal dollar)"));
        });
}

std::string Regex::expand(std::string_view replacement, std::string_view subject, const Match& match) const {
    std::string out;
    out.reserve(replacement.size() + (match.end - match.begin));
    walkTemplate(
        replacement, mCaptureCount, [&](std::string_view s) { out.append(s); },
        [&](long n) {
            if (n < 0 || size_t(n) >= match.groups.size()) return;
            auto [b, e] = match.groups[size_t(n)];
            if (b != std::string_view::npos) out.append(subject.substr(b, e - b));
        });
    return out;
}

} // namespace th
