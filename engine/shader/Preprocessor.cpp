// Over 600 lines on purpose: the directive walk, the #if expression evaluators (the quick one
// for the common shapes and the general one) and macro expansion share one hot loop and one
// macro table, and splitting them would put calls and copies between the stages that the
// preprocessor's speed depends on. Finding the directives is DirectiveTable's.
#include "shader/Preprocessor.h"

#include <array>
#include <cstring>
#include <deque>
#include <memory>
#include <limits>

#include "core/Error.h"
#include "core/Str.h"
#include "shader/DirectiveTable.h"
#include "shader/GlslScan.h"
#include "shader/PipelineLimits.h"

namespace th {

namespace {

// ---------------------------------------------------------------------------------------------
// Macro table: open addressing over string_views that point into the input text, the caller's
// define list or the run's arena, so defining a macro allocates nothing.

struct Macro {
    std::string_view name;
    std::string_view value;
    uint32_t hash = 0;
    bool used = false;
    bool defined = false;
    bool functionLike = false;
};

class MacroTable {
public:
    void reset(size_t expected) {
        size_t capacity = 64;
        while (capacity < expected * 2) capacity *= 2;
        mSlots.assign(capacity, Macro{}); // reuses the storage; a grown table shrinks back
        mUsed = 0;
    }

    void define(std::string_view name, std::string_view value, bool functionLike) {
        Macro& m = slot(name);
        m.value = value;
        m.defined = true;
        m.functionLike = functionLike;
    }

    void undefine(std::string_view name) {
        if (Macro* m = lookup(name)) m->defined = false;
    }

    const Macro* find(std::string_view name) const {
        const Macro* m = const_cast<MacroTable*>(this)->lookup(name);
        return m && m->defined ? m : nullptr;
    }

private:
    static uint64_t load64(const char* p) {
        uint64_t w;
        std::memcpy(&w, p, 8);
        return w;
    }
    static uint32_t load32(const char* p) {
        uint32_t w;
        std::memcpy(&w, p, 4);
        return w;
    }

    /// A word at a time, short tails read as overlapping words: names are hashed on every
    /// #ifdef and every identifier of an #if.
    static uint32_t hashOf(std::string_view s) {
        const char* p = s.data();
        size_t n = s.size();
        uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
        auto mix = [&h](uint64_t w) {
            h = (h ^ w) * 0xff51afd7ed558ccdull;
            h ^= h >> 32;
        };
        for (; n > 8; n -= 8, p += 8) mix(load64(p));
        if (n >= 4) mix(uint64_t(load32(p)) | uint64_t(load32(p + n - 4)) << 32);
        else if (n > 0) mix(uint64_t(uint8_t(p[0])) | uint64_t(uint8_t(p[n / 2])) << 8 | uint64_t(uint8_t(p[n - 1])) << 16);
        return uint32_t(h ^ (h >> 29));
    }

    static bool sameName(std::string_view a, std::string_view b) {
        const size_t n = a.size();
        if (n != b.size()) return false;
        const char* x = a.data();
        const char* y = b.data();
        if (n >= 8) {
            for (size_t i = 0; i + 8 <= n; i += 8)
                if (load64(x + i) != load64(y + i)) return false;
            return load64(x + n - 8) == load64(y + n - 8);
        }
        if (n >= 4) return load32(x) == load32(y) && load32(x + n - 4) == load32(y + n - 4);
        for (size_t i = 0; i < n; ++i)
            if (x[i] != y[i]) return false;
        return true;
    }

    Macro* lookup(std::string_view name) {
        uint32_t h = hashOf(name);
        size_t mask = mSlots.size() - 1;
        for (size_t i = h & mask;; i = (i + 1) & mask) {
            Macro& m = mSlots[i];
            if (!m.used) return nullptr;
            if (m.hash == h && sameName(m.name, name)) return &m;
        }
    }

    Macro& slot(std::string_view name) {
        if ((mUsed + 1) * 2 > mSlots.size()) grow();
        uint32_t h = hashOf(name);
        size_t mask = mSlots.size() - 1;
        for (size_t i = h & mask;; i = (i + 1) & mask) {
            Macro& m = mSlots[i];
            if (!m.used) {
                m.used = true;
                m.name = name;
                m.hash = h;
                ++mUsed;
                return m;
            }
            if (m.hash == h && sameName(m.name, name)) return m;
        }
    }

    void grow() {
        std::vector<Macro> old = std::move(mSlots);
        mSlots.assign(old.size() * 2, Macro{});
        size_t mask = mSlots.size() - 1;
        for (const Macro& m : old) {
            if (!m.used) continue;
            size_t i = m.hash & mask;
            while (mSlots[i].used) i = (i + 1) & mask;
            mSlots[i] = m;
        }
    }

    std::vector<Macro> mSlots = std::vector<Macro>(64);
    size_t mUsed = 0;
};

// ---------------------------------------------------------------------------------------------
// #if expressions: a precedence-climbing parser over a token stream that expands object-like
// macros as it reads (a stack of macro bodies), as C does.

/// `text == literal`, with the length known at compile time so the comparison is a few integer
/// compares (string_view's operator== is an out-of-line call on this hot path).
template <size_t N> inline bool is(std::string_view text, const char (&literal)[N]) {
    return text.size() == N - 1 && std::memcmp(text.data(), literal, N - 1) == 0;
}

/// A piece of a directive short enough for a message: long lines (a generated 10 MB #if)
/// are cut, saying how long they were.
std::string excerpt(std::string_view text) {
    constexpr size_t kMax = 80;
    if (text.size() <= kMax) return std::string(text);
    return str(text.substr(0, kMax - 20), " ... ", text.substr(text.size() - 12), " [", text.size(), " characters]");
}

enum class Tok : uint8_t { End, Number, Ident, LParen, RParen, Op };
enum Op : uint8_t { OrOr, AndAnd, BitOr, BitXor, BitAnd, Eq, Ne, Lt, Gt, Le, Ge, Shl, Shr, Add, Sub, Mul, Div, Mod, Not, Compl };

constexpr int kPrecedence[] = {1, 2, 3, 4, 5, 6, 6, 7, 7, 7, 7, 8, 8, 9, 9, 10, 10, 10, 0, 0};
constexpr const char* kOpText[] = {"||", "&&", "|", "^", "&", "==", "!=", "<", ">", "<=", ">=",
                                   "<<", ">>", "+", "-", "*", "/", "%", "!", "~"};
constexpr int kMaxMacroNesting = 64;
constexpr size_t kMaxExpansionTokens = 100000;

struct Token {
    Tok kind = Tok::End;
    Op op = OrOr;
    int64_t value = 0;
    std::string_view text;
};

/// One frame per macro body being read; kept by the caller so a #if does not clear 64 of them.
struct ExpressionFrame {
    std::string_view text;
    size_t pos = 0;
    std::string_view macro;
};
using ExpressionStack = std::array<ExpressionFrame, kMaxMacroNesting>;

class Expression {
public:
    Expression(std::string_view text, const MacroTable& macros, ExpressionStack& stack) : mMacros(macros), mStack(stack) {
        mStack[0] = {text, 0, {}};
    }

    int64_t evaluate() {
        advance(true);
        if (mTok.kind == Tok::End) throw Error("#if with no expression");
        int64_t v = binary(1, true, 0);
        if (mTok.kind != Tok::End) throw Error(str("unexpected '", describe(mTok), "' in #if expression"));
        return v;
    }

private:
    using Frame = ExpressionFrame;

    static std::string describe(const Token& t) {
        switch (t.kind) {
        case Tok::End: return "end of line";
        case Tok::Op: return kOpText[t.op];
        default: return excerpt(t.text);
        }
    }

    bool expanding(std::string_view name) const {
        for (int i = 1; i <= mDepth; ++i)
            if (mStack[i].macro == name) return true;
        return false;
    }

    void advance(bool expand) {
        for (;;) {
            Frame& f = mStack[mDepth];
            std::string_view s = f.text;
            size_t& i = f.pos;
            while (i < s.size() && glsl::isSpace(s[i])) ++i;
            if (i >= s.size()) {
                if (mDepth == 0) {
                    mTok = Token{};
                    return;
                }
                --mDepth;
                continue;
            }
            // Only tokens from macro bodies count: a long expression written out is fine, macros
            // that expand into one another until they double beyond reason are not.
            if (mDepth > 0 && ++mSteps > kMaxExpansionTokens)
                throw Error(str("the macros in this #if expand to more than ", kMaxExpansionTokens,
                                " tokens (each expanding into several others?)"));
            char c = s[i];
            size_t start = i;
            if (glsl::isIdentStart(c)) {
                size_t len = glsl::identifierLength(s.substr(i));
                i += len;
                std::string_view name = s.substr(start, len);
                if (expand && !is(name, "defined")) {
                    if (const Macro* m = mMacros.find(name); m && !expanding(name)) {
                        if (m->functionLike)
                            throw Error(str("function-like macro '", name, "' cannot be used in #if here; ",
                                            "define an object-like macro for the condition"));
                        if (glsl::trimSpace(m->value).empty())
                            throw Error(str("'", name, "' is defined without a value, so '#if ", name,
                                            "' has nothing to test; use #ifdef ", name, " or define it as 1"));
                        if (mDepth + 1 >= kMaxMacroNesting) throw Error(str("macro '", name, "' nests too deeply in #if"));
                        mStack[++mDepth] = {m->value, 0, name};
                        continue;
                    }
                }
                mTok = Token{Tok::Ident, OrOr, 0, name};
                return;
            }
            if (glsl::isDigit(c) || (c == '.' && i + 1 < s.size() && glsl::isDigit(s[i + 1]))) {
                while (i < s.size() && (glsl::isIdentChar(s[i]) || s[i] == '.')) ++i;
                mTok = Token{Tok::Number, OrOr, number(s.substr(start, i - start)), s.substr(start, i - start)};
                return;
            }
            ++i;
            auto next = [&](char n) {
                if (i < s.size() && s[i] == n) {
                    ++i;
                    return true;
                }
                return false;
            };
            Token t{Tok::Op, OrOr, 0, s.substr(start, 1)};
            switch (c) {
            case '(': t.kind = Tok::LParen; break;
            case ')': t.kind = Tok::RParen; break;
            case '|': t.op = next('|') ? OrOr : BitOr; break;
            case '&': t.op = next('&') ? AndAnd : BitAnd; break;
            case '^': t.op = BitXor; break;
            case '=':
                if (!next('=')) throw Error("'=' in #if expression (did you mean '=='?)");
                t.op = Eq;
                break;
            case '!': t.op = next('=') ? Ne : Not; break;
            case '<': t.op = next('<') ? Shl : next('=') ? Le : Lt; break;
            case '>': t.op = next('>') ? Shr : next('=') ? Ge : Gt; break;
            case '+': t.op = Add; break;
            case '-': t.op = Sub; break;
            case '*': t.op = Mul; break;
            case '/': t.op = Div; break;
            case '%': t.op = Mod; break;
            case '~': t.op = Compl; break;
            default: throw Error(str("unexpected character '", c, "' in #if expression"));
            }
            mTok = t;
            return;
        }
    }

    static int64_t number(std::string_view text) {
        std::string_view digits = text;
        if (!digits.empty() && (digits.back() == 'u' || digits.back() == 'U')) digits.remove_suffix(1);
        if (digits.find_first_of(".eE") != std::string_view::npos && !(digits.size() > 1 && (digits[1] == 'x' || digits[1] == 'X')))
            throw Error(str("'", excerpt(text), "' is not an integer: #if takes integer expressions only"));
        int base = 10;
        if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
            base = 16;
            digits.remove_prefix(2);
        } else if (digits.size() > 1 && digits[0] == '0') {
            base = 8;
            digits.remove_prefix(1);
        }
        uint64_t v = 0;
        for (char c : digits) {
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
            if (d >= base) throw Error(str("'", excerpt(text), "' is not a valid integer literal"));
            if (v > (std::numeric_limits<uint64_t>::max() - uint64_t(d)) / uint64_t(base))
                throw Error(str("integer literal '", excerpt(text), "' is too large"));
            v = v * uint64_t(base) + uint64_t(d);
        }
        if (digits.empty()) throw Error(str("'", excerpt(text), "' is not a valid integer literal"));
        return int64_t(v);
    }

    void expect(Tok kind, const char* what) {
        if (mTok.kind != kind) throw Error(str("expected ", what, " but found '", describe(mTok), "' in #if expression"));
    }

    int64_t unary(bool eval, int depth) {
        if (depth > kMaxExpressionDepth) throw Error("#if expression nests too deeply");
        Token t = mTok;
        switch (t.kind) {
        case Tok::Number: advance(true); return t.value;
        case Tok::Ident:
            if (is(t.text, "defined")) {
                // The operand is read without macro expansion.
                advance(false);
                bool paren = mTok.kind == Tok::LParen;
                if (paren) advance(false);
                if (mTok.kind != Tok::Ident) throw Error("'defined' needs a macro name: defined X or defined(X)");
                bool result = mMacros.find(mTok.text) != nullptr;
                if (paren) {
                    advance(false);
                    expect(Tok::RParen, "')' after defined(X");
                }
                advance(true);
                return result ? 1 : 0;
            }
            advance(true);
            return 0; // not a macro: 0, as in C
        case Tok::LParen: {
            advance(true);
            int64_t v = binary(1, eval, depth + 1);
            expect(Tok::RParen, "')'");
            advance(true);
            return v;
        }
        case Tok::Op: {
            advance(true);
            uint64_t v = uint64_t(unary(eval, depth + 1));
            switch (t.op) {
            case Not: return v == 0 ? 1 : 0;
            case Compl: return int64_t(~v);
            case Sub: return int64_t(uint64_t(0) - v);
            case Add: return int64_t(v);
            default: throw Error(str("'", kOpText[t.op], "' needs a left operand in #if expression"));
            }
        }
        case Tok::RParen: throw Error("unexpected ')' in #if expression");
        case Tok::End: throw Error("#if expression ends where an operand was expected");
        }
        return 0;
    }

    int64_t binary(int minPrecedence, bool eval, int depth) {
        if (depth > kMaxExpressionDepth) throw Error("#if expression nests too deeply");
        int64_t left = unary(eval, depth + 1);
        for (;;) {
            if (mTok.kind != Tok::Op || kPrecedence[mTok.op] < minPrecedence || kPrecedence[mTok.op] == 0) return left;
            Op op = mTok.op;
            int prec = kPrecedence[op];
            advance(true);
            bool evalRight = eval && !(op == AndAnd && left == 0) && !(op == OrOr && left != 0);
            int64_t right = binary(prec + 1, evalRight, depth + 1);
            left = apply(op, left, right, eval);
        }
    }

    static int64_t apply(Op op, int64_t a, int64_t b, bool eval) {
        uint64_t ua = uint64_t(a), ub = uint64_t(b);
        switch (op) {
        case OrOr: return (a != 0 || b != 0) ? 1 : 0;
        case AndAnd: return (a != 0 && b != 0) ? 1 : 0;
        case BitOr: return int64_t(ua | ub);
        case BitXor: return int64_t(ua ^ ub);
        case BitAnd: return int64_t(ua & ub);
        case Eq: return a == b;
        case Ne: return a != b;
        case Lt: return a < b;
        case Gt: return a > b;
        case Le: return a <= b;
        case Ge: return a >= b;
        case Shl:
        case Shr:
            // C leaves shifts by the width or more (or by a negative count) undefined; say so
            // rather than make up a value.
            if (b < 0 || b >= 64) {
                if (eval)
                    throw Error(str("shift count ", b, " in '", a, op == Shl ? " << " : " >> ", b,
                                    "' is outside 0..63: #if arithmetic is 64-bit"));
                return 0;
            }
            return op == Shl ? int64_t(ua << b) : (a >> b);
        case Add: return int64_t(ua + ub);
        case Sub: return int64_t(ua - ub);
        case Mul: return int64_t(ua * ub);
        case Div:
        case Mod:
            if (b == 0) {
                if (eval) throw Error(op == Div ? "division by zero in #if expression" : "modulo by zero in #if expression");
                return 0;
            }
            if (a == std::numeric_limits<int64_t>::min() && b == -1) return op == Div ? a : 0;
            return op == Div ? a / b : a % b;
        default: return 0;
        }
    }

    const MacroTable& mMacros;
    ExpressionStack& mStack;
    int mDepth = 0;
    Token mTok;
    size_t mSteps = 0;
};

/// The shapes that make up nearly every #if in real shaders - defined(X), !defined X, X,
/// X == 2, X > 0, joined by && and || and grouped by parentheses - read straight off the
/// line, without Expression's token stream and macro frames. Anything else (another
/// operator, a literal that is not plain decimal, a macro whose value is not one, a
/// function-like macro, a malformed line) makes evaluate() return false, and Expression
/// decides, giving its errors as before. None of the shapes can fail once parsed (no
/// division, no shifts), so skipping short-circuit evaluation changes nothing: whenever
/// this answers, Expression would have given the same answer.
class QuickExpression {
public:
    QuickExpression(std::string_view text, const MacroTable& macros)
        : mP(text.data()), mEnd(text.data() + text.size()), mMacros(macros) {}

    bool evaluate(bool& result) {
        int64_t v = 0;
        if (!orChain(v, 0)) return false;
        skip();
        if (mP != mEnd) return false;
        result = v != 0;
        return true;
    }

private:
    static constexpr int kMaxDepth = 32; // deeper goes the long way, which bounds it with an error

    void skip() {
        while (mP < mEnd && glsl::isSpace(*mP)) ++mP;
    }
    bool at(char c) const { return mP < mEnd && *mP == c; }
    bool at2(char a, char b) const { return mEnd - mP >= 2 && mP[0] == a && mP[1] == b; }

    bool identifier(std::string_view& name) {
        skip();
        if (mP >= mEnd || !glsl::isIdentStart(*mP)) return false;
        const char* begin = mP++;
        while (mP < mEnd && glsl::isIdentChar(*mP)) ++mP;
        name = std::string_view(begin, size_t(mP - begin));
        return true;
    }

    /// A plain decimal literal: no suffix, no leading zero (octal), at most 18 digits.
    static bool decimal(std::string_view s, int64_t& v) {
        if (s.empty() || s.size() > 18 || (s.size() > 1 && s[0] == '0')) return false;
        int64_t x = 0;
        for (char c : s) {
            if (!glsl::isDigit(c)) return false;
            x = x * 10 + (c - '0');
        }
        v = x;
        return true;
    }

    bool primary(int64_t& v, int depth) {
        if (depth > kMaxDepth) return false;
        skip();
        if (mP >= mEnd) return false;
        const char c = *mP;
        if (c == '!') {
            if (at2('!', '=')) return false;
            ++mP;
            int64_t x = 0;
            if (!primary(x, depth + 1)) return false;
            v = x == 0 ? 1 : 0;
            return true;
        }
        if (c == '(') {
            ++mP;
            if (!orChain(v, depth + 1)) return false;
            skip();
            if (!at(')')) return false;
            ++mP;
            return true;
        }
        if (glsl::isDigit(c)) {
            const char* begin = mP;
            while (mP < mEnd && (glsl::isIdentChar(*mP) || *mP == '.')) ++mP;
            return decimal(std::string_view(begin, size_t(mP - begin)), v);
        }
        std::string_view name;
        if (!identifier(name)) return false;
        if (is(name, "defined")) {
            skip();
            const bool paren = at('(');
            if (paren) ++mP;
            std::string_view macro;
            if (!identifier(macro)) return false;
            if (paren) {
                skip();
                if (!at(')')) return false;
                ++mP;
            }
            v = mMacros.find(macro) ? 1 : 0;
            return true;
        }
        const Macro* m = mMacros.find(name);
        if (!m) {
            v = 0; // not a macro: 0, as in C
            return true;
        }
        return !m->functionLike && decimal(glsl::trimSpace(m->value), v);
    }

    bool comparison(int64_t& v, int depth) {
        if (!primary(v, depth)) return false;
        skip();
        if (mP >= mEnd) return true;
        enum { None, Eq, Ne, Lt, Gt, Le, Ge } op = None;
        size_t width = 2;
        if (at2('=', '=')) op = Eq;
        else if (at2('!', '=')) op = Ne;
        else if (at2('<', '=')) op = Le;
        else if (at2('>', '=')) op = Ge;
        else if (at2('<', '<') || at2('>', '>')) return false;
        else if (at('<')) op = Lt;
        else if (at('>')) op = Gt;
        if (op == None) return true;
        if (op == Lt || op == Gt) width = 1;
        mP += width;
        int64_t r = 0;
        if (!primary(r, depth + 1)) return false;
        switch (op) {
        case Eq: v = v == r; break;
        case Ne: v = v != r; break;
        case Lt: v = v < r; break;
        case Gt: v = v > r; break;
        case Le: v = v <= r; break;
        case Ge: v = v >= r; break;
        case None: break;
        }
        return true; // a second comparison ("1 == 2 == 0") is left unread: the caller gives up
    }

    bool andChain(int64_t& v, int depth) {
        if (!comparison(v, depth)) return false;
        for (;;) {
            skip();
            if (!at2('&', '&')) return true;
            mP += 2;
            int64_t r = 0;
            if (!comparison(r, depth + 1)) return false;
            v = (v != 0 && r != 0) ? 1 : 0;
        }
    }

    bool orChain(int64_t& v, int depth) {
        if (!andChain(v, depth)) return false;
        for (;;) {
            skip();
            if (!at2('|', '|')) return true;
            mP += 2;
            int64_t r = 0;
            if (!andChain(r, depth + 1)) return false;
            v = (v != 0 || r != 0) ? 1 : 0;
        }
    }

    const char* mP;
    const char* mEnd;
    const MacroTable& mMacros;
};

enum class Cond : uint8_t { If, Ifdef, Ifndef };
constexpr const char* kCondName[] = {"#if", "#ifdef", "#ifndef"};

struct CondFrame {
    size_t offset; // input offset of the opening directive's line
    Cond kind;
    bool parentActive;
    bool taken;    // some branch of this block has been taken
    bool seenElse;
};

} // namespace

struct Preprocessor::State {
    MacroTable macros;
    ExpressionStack expressionStack;
    std::vector<CondFrame> frames;
    std::deque<std::string> arena; // define values that needed their comments stripped
    std::string buffer;
    DirectiveTables tables;
};

Preprocessor::Preprocessor() : mState(new State) {}
Preprocessor::~Preprocessor() { delete mState; }

// Always the general evaluator: tests pit run()'s quick one against it.
long long Preprocessor::evaluate(std::string_view expression, const ShaderDefines& defines) {
    MacroTable macros;
    macros.reset(defines.size());
    for (const ShaderDefine& d : defines) macros.define(d.name, d.value, false);
    auto stack = std::make_unique<ExpressionStack>();
    return Expression(expression, macros, *stack).evaluate();
}

ShaderText preprocess(const ShaderText& input, const ShaderDefines& defines, const PreprocessOptions& options) {
    Preprocessor p;
    return p.run(input, defines, options);
}

ShaderText Preprocessor::run(const ShaderText& input, const ShaderDefines& defines, const PreprocessOptions& options) {
    ShaderText out;
    runInto(input, defines, options, out);
    return out;
}

void Preprocessor::runInto(const ShaderText& input, const ShaderDefines& defines, const PreprocessOptions& options,
                           ShaderText& out) {
    State& st = *mState;
    if (input.text.size() > kMaxShaderBytes)
        throw Error(str(input.lines.size() ? input.lines.locateIndex(0).file : std::string("the input"), ": ",
                        input.text.size(), " bytes is more than the ", kMaxShaderBytes >> 20,
                        " MiB the shader pipeline accepts"));
    // Sized for the initial set plus room for the shader's own #defines; it grows if needed.
    st.macros.reset(defines.size() + 64);
    st.frames.clear();
    st.arena.clear();
    for (const ShaderDefine& d : defines) {
        if (!glsl::isIdentifier(d.name)) throw Error(str("define name '", d.name, "' is not an identifier"));
        st.macros.define(d.name, d.value, false);
    }

    out.text.clear();
    out.lines.reset();
    out.lines.adoptSources(input.lines);
    out.text.reserve(input.text.size() + 32 * defines.size() + 16);
    out.lines.reserve(input.lines.size() + defines.size());

    const std::string& text = input.text;
    const char* const base = text.data();
    const size_t n = text.size();
    auto where = [&](size_t line) { return input.lines.locateIndex(line); };

    auto emitDefines = [&] {
        uint32_t source = out.lines.addSource("<defines>");
        uint32_t k = 0;
        for (const ShaderDefine& d : defines) {
            out.text += "#define ";
            out.text += d.name;
            if (!d.value.empty()) {
                out.text += ' ';
                out.text += d.value;
            }
            out.text += '\n';
            out.lines.push({source, ++k});
        }
    };

    // The defines go before the first line of code (after a leading #version, which must stay
    // first). Lines before it hold only comments and blanks, so no directive precedes it.
    size_t start = 0, startLine = 0;
    bool startInComment = false;
    bool definesPending = options.emitDefines && !defines.empty();
    if (definesPending) {
        glsl::LineCursor lines(text);
        std::string_view lineText;
        while (lines.next(lineText)) {
            if (glsl::trimSpace(glsl::stripComments(lineText, lines.startsInComment(), st.buffer)).empty()) continue;
            glsl::Directive d;
            bool version = lines.directive(d, lineText) && d.name == "version";
            size_t end = version ? lines.nextOffset() : lines.offset();
            size_t endLine = lines.index() + (version ? 1 : 0);
            out.text.append(base, end);
            if (version && text[end - 1] != '\n') out.text += '\n';
            out.lines.appendSameSources(input.lines, 0, endLine);
            emitDefines();
            definesPending = false;
            start = end;
            startLine = endLine;
            // The line after #version starts in a comment only if #version's line opened one.
            startInComment = version ? glsl::commentStateAfter(lineText, false) : lines.startsInComment();
            break;
        }
    }

    // Runs of kept lines are copied with one append each; `runBegin` starts the pending run.
    // Line indices are asked for only where a run starts or ends, and the table keeps them.
    DirectiveTable& table = st.tables.get(text, start, startLine, startInComment, st.buffer);
    std::vector<DirectiveEntry>& entries = table.entries;
    glsl::LineCounter lineOf(text, start, startLine);
    auto lineAt = [&](DirectiveEntry& e) -> size_t {
        if (e.line == DirectiveEntry::kUnknown) e.line = uint32_t(lineOf.at(e.offset));
        return e.line;
    };
    // A place in the text: a directive's line start, or the start of the line after it
    // (`after`), or with no directive the start of the scan. Its line index is asked for only
    // when a run ends there or began there.
    struct Place {
        size_t offset;
        DirectiveEntry* entry;
        bool after;
    };
    auto lineOfPlace = [&](const Place& p) { return p.entry ? lineAt(*p.entry) + (p.after ? 1 : 0) : startLine; };
    Place runBegin{0, nullptr, false};
    bool inRun = false;
    // The run ends at `endOffset`, on the line `endLine()` gives (asked after the run's first
    // line, so that the counter runs forward); `extra` counts a last line without '\n'.
    auto flush = [&](size_t endOffset, auto endLine, size_t extra) {
        out.text.append(base + runBegin.offset, endOffset - runBegin.offset);
        const size_t firstLine = lineOfPlace(runBegin);
        out.lines.appendSameSources(input.lines, firstLine, endLine() + extra - firstLine);
        inRun = false;
    };
    auto endRunAt = [&](DirectiveEntry& e) {
        if (inRun) flush(e.offset, [&] { return lineAt(e); }, 0);
    };
    auto keep = [&](const Place& p) {
        if (!inRun) {
            inRun = true;
            runBegin = p;
        }
    };

    bool active = true;
    Place pos{start, nullptr, false}; // first byte not yet accounted for
    for (size_t k = 0; k < entries.size();) {
        DirectiveEntry& e = entries[k];
        // The lines between the previous directive and this one: kept or dropped whole.
        if (active) keep(pos);
        const size_t directiveOffset = e.offset;
        const DirectiveKeyword keyword = e.keyword;
        if (!active && !continuesBlock(keyword)) {
            // In a dead region only the conditionals matter, and only their nesting: an
            // opening directive pushes a frame without reading its condition; #define,
            // #undef, #error and the rest are dead text.
            endRunAt(e);
            if (opensBlock(keyword)) {
                if (st.frames.size() >= size_t(kMaxConditionalDepth))
                    throw Error(where(lineAt(e)), str("conditionals nest deeper than ", kMaxConditionalDepth));
                const Cond kind = keyword == DirectiveKeyword::If      ? Cond::If
                                  : keyword == DirectiveKeyword::Ifdef ? Cond::Ifdef
                                                                       : Cond::Ifndef;
                st.frames.push_back({directiveOffset, kind, false, false, false});
                k = table.skipDeadBranch(k);
            } else {
                ++k;
            }
            continue;
        }
        if (!e.read) {
            e.setLine(glsl::readDirectiveLine(text, e.restBegin));
        }
        pos = {e.nextLine, &e, true};
        // Its line index, for a message or a run that ends here (counted once, then kept).
        auto line = [&] { return lineAt(e); };
        const std::string_view name(base + e.nameBegin, e.restBegin - e.nameBegin);
        std::string_view rest(base + e.restBegin, e.lineEnd - e.restBegin);

        // Comments inside a directive: strip them (rare, so only then do we copy).
        if (e.hasSlash) rest = glsl::stripComments(rest, false, st.buffer);
        rest = glsl::trimSpace(rest);

        auto passThrough = [&] {
            if (active) keep({directiveOffset, &e, false});
            else endRunAt(e);
        };
        auto drop = [&] { endRunAt(e); };
        auto macroName = [&](const char* directiveName) {
            size_t l = glsl::identifierLength(rest);
            if (l == 0)
                throw Error(where(line()), str("#", directiveName, " needs a macro name",
                                             rest.empty() ? std::string() : str(", found '", excerpt(rest), "'")));
            return rest.substr(0, l);
        };
        auto onlyName = [&](const char* directiveName) {
            std::string_view m = macroName(directiveName);
            if (!glsl::trimSpace(rest.substr(m.size())).empty())
                throw Error(where(line()), str("unexpected '", excerpt(glsl::trimSpace(rest.substr(m.size()))), "' after #",
                                             directiveName, " ", m));
            return m;
        };
        auto nothingAfter = [&](const char* directiveName) {
            if (!rest.empty())
                throw Error(where(line()), str("unexpected '", excerpt(rest), "' after #", directiveName,
                                             std::string_view(directiveName) == "else" ? " (did you mean #elif?)" : ""));
        };
        auto condition = [&]() -> bool {
            bool quick = false;
            if (QuickExpression(rest, st.macros).evaluate(quick)) return quick;
            try {
                return Expression(rest, st.macros, st.expressionStack).evaluate() != 0;
            } catch (const Error& err) {
                throw Error(where(line()), str(err.message(), " (in '#", name, " ", excerpt(rest), "')"));
            }
        };
        auto openFrame = [&](Cond kind, bool value) {
            if (st.frames.size() >= size_t(kMaxConditionalDepth))
                throw Error(where(line()), str("conditionals nest deeper than ", kMaxConditionalDepth));
            st.frames.push_back({directiveOffset, kind, active, value, false});
            active = active && value;
        };
        auto openedAt = [&](const CondFrame& f) { return str(kCondName[int(f.kind)], " at ", where(lineOf.at(f.offset)).toString()); };

        bool conditional = true;
        switch (keyword) {
        case DirectiveKeyword::If: openFrame(Cond::If, active && condition()); break;
        case DirectiveKeyword::Ifdef: openFrame(Cond::Ifdef, active && st.macros.find(onlyName("ifdef")) != nullptr); break;
        case DirectiveKeyword::Ifndef: openFrame(Cond::Ifndef, active && st.macros.find(onlyName("ifndef")) == nullptr); break;
        case DirectiveKeyword::Elif: {
            if (st.frames.empty()) throw Error(where(line()), "#elif without a matching #if");
            CondFrame& f = st.frames.back();
            if (f.seenElse) throw Error(where(line()), str("#elif after #else (in the ", openedAt(f), ")"));
            if (f.parentActive && !f.taken) {
                bool value = condition();
                f.taken = value;
                active = value;
            } else {
                active = false;
            }
            break;
        }
        case DirectiveKeyword::Else: {
            if (st.frames.empty()) throw Error(where(line()), "#else without a matching #if");
            CondFrame& f = st.frames.back();
            if (f.seenElse) throw Error(where(line()), str("second #else (in the ", openedAt(f), ")"));
            nothingAfter("else");
            f.seenElse = true;
            active = f.parentActive && !f.taken;
            f.taken = true;
            break;
        }
        case DirectiveKeyword::Endif:
            if (st.frames.empty()) throw Error(where(line()), "#endif without a matching #if");
            nothingAfter("endif");
            active = st.frames.back().parentActive;
            st.frames.pop_back();
            break;
        case DirectiveKeyword::Error:
            if (active) throw Error(where(line()), str("#error ", rest));
            conditional = false;
            drop();
            break;
        case DirectiveKeyword::Undef:
            conditional = false;
            if (active) st.macros.undefine(onlyName("undef"));
            passThrough();
            break;
        case DirectiveKeyword::Define:
            conditional = false;
            if (active) {
                // A value read through the comment-stripping buffer needs a home that
                // outlives the line; everything else points into the input.
                if (!rest.empty() && rest.data() >= st.buffer.data() && rest.data() < st.buffer.data() + st.buffer.size()) {
                    st.arena.emplace_back(rest);
                    rest = st.arena.back();
                }
                std::string_view macro = macroName("define");
                std::string_view after = rest.substr(macro.size());
                bool functionLike = !after.empty() && after[0] == '(';
                std::string_view value = glsl::trimSpace(after);
                st.macros.define(macro, functionLike ? std::string_view() : value, functionLike);
            }
            passThrough();
            break;
        case DirectiveKeyword::PassThrough:
            conditional = false;
            passThrough();
            break;
        case DirectiveKeyword::Unknown:
            conditional = false;
            if (active)
                throw Error(where(line()), str("unknown preprocessor directive '#", excerpt(name),
                                             "' (GLSL knows #define #undef #if #ifdef #ifndef #elif #else #endif #error ",
                                             "#pragma #extension #version #line)"));
            drop();
            break;
        }

        if (!conditional) {
            ++k;
            continue;
        }
        drop();
        // A conditional line we drop may open a /* comment that active lines close: keep
        // the opener so the comment stays balanced for the driver.
        if (e.opensComment && active) {
            out.text += "/*\n";
            out.lines.appendSameSources(input.lines, line(), 1);
        }
        // A branch that is not taken is jumped over, nested conditionals and all.
        k = active || keyword == DirectiveKeyword::Endif ? k + 1 : table.skipDeadBranch(k);
    }
    if (table.endsInComment) {
        size_t open = table.commentOpen;
        throw Error(where(glsl::detail::countNewlines(base, base + open)),
                    "unterminated /* comment: no */ before the end of the shader");
    }
    if (active && pos.offset < n) keep(pos); // nothing left after a last directive line: no empty run
    if (inRun) {
        auto endLine = [&]() -> size_t {
            if (table.endLine == DirectiveEntry::kUnknown) table.endLine = uint32_t(lineOf.at(n));
            return table.endLine;
        };
        flush(n, endLine, n > start && text.back() != '\n' ? 1 : 0);
    }
    if (!out.text.empty() && out.text.back() != '\n') out.text += '\n';
    if (definesPending) emitDefines();
    if (!st.frames.empty()) {
        const CondFrame& f = st.frames.back();
        throw Error(where(lineOf.at(f.offset)), str("unterminated ", kCondName[int(f.kind)], ": no #endif before the end of ",
                                       input.lines.size() ? where(input.lines.size() - 1).file : std::string("the input"),
                                       st.frames.size() > 1 ? str(" (", st.frames.size(), " blocks are open)") : std::string()));
    }
}

} // namespace th
