// Preprocessor conformance: #if expressions, nested conditionals, comments, errors; where GLSL
// and C agree, the same inputs go through gcc's `cpp -P` and must give the same result.
#include <doctest/doctest.h>

#include <cstdio>

#include "ShaderTestHelpers.h"
#include "core/Str.h"
#include "shader/Preprocessor.h"

using namespace th;
using namespace th::test;

namespace {

// Macros every expression case sees (defined in the same order for cpp).
const ShaderDefines kDefines = {{"A", "1"},         {"ZERO", "0"},
                                {"NUM_LIGHTS", "4"}, {"TWICE", "NUM_LIGHTS * 2"},
                                {"SELF", "SELF + 1"}, {"PING", "PONG"},
                                {"PONG", "PING"},    {"HEX", "0x1F"},
                                {"NEG", "(-3)"},     {"EMPTY", ""}};

struct ExpressionCase {
    const char* expression;
    long long expected;
};

const ExpressionCase kExpressions[] = {
    {"1", 1},
    {"0", 0},
    {"defined A", 1},
    {"defined(A)", 1},
    {"defined ( A )", 1},
    {"defined B", 0},
    {"!defined(B)", 1},
    {"defined EMPTY", 1},
    {"A && B", 0},
    {"A || B", 1},
    {"B", 0},
    {"UNDEFINED_NAME == 0", 1},
    {"A + 2 == 3", 1},
    {"(A + 2) * 3", 9},
    {"1 + 2 * 3", 7},
    {"10 / 3", 3},
    {"10 % 3", 1},
    {"-7 / 2", -3},
    {"-7 % 2", -1},
    {"1 << 4", 16},
    {"256 >> 4", 16},
    {"-16 >> 2", -4},
    {"0x10", 16},
    {"0X1f", 31},
    {"010", 8},
    {"16u", 16},
    {"0x10U", 16},
    {"~0", -1},
    {"5 & 3", 1},
    {"5 | 3", 7},
    {"5 ^ 3", 6},
    {"1 | 2 ^ 3 & 4", 3},
    {"3 > 2 && 2 >= 2 && 1 < 2 && 2 <= 2 && 1 != 2 && 2 == 2", 1},
    {"1 == 2 == 0", 1},
    {"2 < 3 < 1", 0},
    {"NUM_LIGHTS > 3", 1},
    {"TWICE", 8},
    {"TWICE / NUM_LIGHTS - 2", 0},
    {"SELF", 1},
    {"PING", 0},
    {"HEX == 31", 1},
    {"NEG * NEG", 9},
    {"-NEG", 3},
    {"!0", 1},
    {"!!5", 1},
    {"- - 3", 3},
    {"+3", 3},
    {"~~7", 7},
    {"0 && (1 / 0)", 0},
    {"1 || (1 % 0)", 1},
    {"ZERO && 1 / ZERO", 0},
    {"(((((1)))))", 1},
    {"defined(A) && !defined(UNLIT) && NUM_LIGHTS >= 2", 1},
    {"9223372036854775807 + 1 < 0", 1},
};

struct BadExpression {
    const char* expression;
    const char* message;
};

const BadExpression kBadExpressions[] = {
    {"", "no expression"},
    {"1 +", "operand"},
    {"(1", "')'"},
    {"1)", "unexpected ')'"},
    {"1 2", "unexpected '2'"},
    {"1 / 0", "division by zero"},
    {"NUM_LIGHTS % ZERO", "modulo by zero"},
    {"1.0", "integer"},
    {"2e3", "integer"},
    {"A = 1", "'=='"},
    {"EMPTY", "without a value"},
    {"defined", "macro name"},
    {"defined(A", "')'"},
    {"08", "not a valid integer"},
    {"@", "unexpected character"},
    {"99999999999999999999999", "too large"},
    {"* 2", "left operand"},
};

/// Runs gcc's preprocessor on `text`; nullopt when cpp is missing. `ok` tells whether it
/// succeeded.
std::optional<std::string> runCpp(const std::string& text, bool* ok = nullptr) {
    static const bool available = std::system("cpp --version >/dev/null 2>&1") == 0;
    if (!available) return std::nullopt;
    TempDir dir;
    auto file = dir.path / "input.glsl";
    writeFile(file, text);
    std::string command = "cpp -P -undef -nostdinc " + file.string() + " 2>/dev/null";
    std::FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return std::nullopt;
    std::string out;
    char buffer[4096];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
    int status = pclose(pipe);
    if (ok) *ok = status == 0;
    return out;
}

std::string definesText(const ShaderDefines& defines) {
    std::string out;
    for (const ShaderDefine& d : defines) out += str("#define ", d.name, d.value.empty() ? "" : " ", d.value, "\n");
    return out;
}

/// The non-blank, non-directive lines, trimmed: what cpp -P and we agree on.
std::vector<std::string> codeLines(const std::string& text) {
    std::vector<std::string> out;
    for (std::string_view line : split(text, '\n')) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        out.emplace_back(line);
    }
    return out;
}

ShaderText run(std::string_view text, const ShaderDefines& defines = {}, bool emit = false) {
    PreprocessOptions options;
    options.emitDefines = emit;
    ShaderText out = preprocess(ShaderText::fromSource("test.glsl", text), defines, options);
    checkLineMap(out);
    return out;
}

} // namespace

TEST_CASE("Preprocessor: #if expression table") {
    for (const ExpressionCase& c : kExpressions) {
        CAPTURE(c.expression);
        CHECK(Preprocessor::evaluate(c.expression, kDefines) == c.expected);
    }
}

TEST_CASE("Preprocessor: #if expressions agree with cpp -P") {
    for (const ExpressionCase& c : kExpressions) {
        CAPTURE(c.expression);
        std::string text = str(definesText(kDefines), "#if ", c.expression, "\nyes\n#else\nno\n#endif\n");
        bool ok = false;
        auto expected = runCpp(text, &ok);
        if (!expected) {
            MESSAGE("cpp not available: comparison skipped");
            return;
        }
        REQUIRE(ok);
        CHECK(codeLines(run(text).text) == codeLines(*expected));
    }
}

TEST_CASE("Preprocessor: malformed expressions are errors with location") {
    for (const BadExpression& c : kBadExpressions) {
        CAPTURE(c.expression);
        std::string text = str(definesText(kDefines), "float a;\n#if ", c.expression, "\nyes\n#endif\n");
        auto e = errorOf([&] { run(text); });
        REQUIRE(e);
        CHECK(e->where().file == "test.glsl");
        CHECK(e->where().line == int(kDefines.size()) + 2);
        CHECK_MESSAGE(contains(e->message(), c.message), e->message());
        // gcc rejects the same input (function-like macros aside, which GLSL forbids here).
        bool ok = true;
        if (runCpp(text, &ok) && std::string_view(c.expression) != "08" && std::string_view(c.expression) != "99999999999999999999999")
            CHECK_MESSAGE(!ok, "cpp accepted '", c.expression, "'");
    }
}

struct NestedCase {
    const char* name;
    ShaderDefines defines;
    const char* input;
    const char* expected; // code lines only, joined by ' '
};

const NestedCase kNested[] = {
    {"ifdef/else", {{"LIT", "1"}}, "#ifdef LIT\nlit;\n#else\nunlit;\n#endif\nafter;\n", "lit; after;"},
    {"ifndef", {}, "#ifndef LIT\nunlit;\n#endif\n", "unlit;"},
    {"elif chain takes the first true branch",
     {{"Q", "2"}},
     "#if Q == 1\none;\n#elif Q == 2\ntwo;\n#elif Q >= 2\ntwo_or_more;\n#else\nother;\n#endif\n",
     "two;"},
    {"elif chain falls to else", {}, "#if Q == 1\none;\n#elif Q == 2\ntwo;\n#else\nother;\n#endif\n", "other;"},
    {"nested inside an inactive block stays inactive",
     {{"INNER", "1"}},
     "#ifdef OUTER\n#ifdef INNER\ninner;\n#else\nnot_inner;\n#endif\nouter;\n#else\n#ifdef INNER\nelse_inner;\n#endif\n#endif\n",
     "else_inner;"},
    {"deep nesting",
     {{"A", "1"}, {"B", "1"}, {"C", "1"}},
     "#if defined(A)\n#if defined(B)\n#if defined(C)\nabc;\n#endif\nab;\n#endif\na;\n#endif\n",
     "abc; ab; a;"},
    {"#define inside active block is visible below",
     {},
     "#define LOCAL 3\n#if LOCAL == 3\nlocal;\n#endif\n#undef LOCAL\n#ifdef LOCAL\nstill;\n#endif\n",
     "local;"},
    {"#define inside inactive block is not", {}, "#ifdef NOPE\n#define HIDDEN\n#endif\n#ifdef HIDDEN\nhidden;\n#endif\nend;\n", "end;"},
    {"errors in inactive blocks are skipped", {}, "#if 0\n#error not me\n#if 1 +\n#endif\n#endif\nok;\n", "ok;"},
};

TEST_CASE("Preprocessor: nested conditionals") {
    for (const NestedCase& c : kNested) {
        CAPTURE(c.name);
        std::string out = join(codeLines(run(c.input, c.defines).text), " ");
        CHECK(out == c.expected);
        auto expected = runCpp(definesText(c.defines) + c.input);
        if (expected) CHECK(join(codeLines(*expected), " ") == c.expected);
    }
}

TEST_CASE("Preprocessor: directives only at line start and never inside comments") {
    const char* text =
        "keep1; // see the #ifdef note below\n"
        "/* a comment that spells\n"
        "#ifdef NOTHING\n"
        "   and #endif */ keep2;\n"
        "x = 1; #if 0\n"
        "   #ifdef NOPE\n"
        "dropped;\n"
        "   #endif\n"
        "keep3; /* open\n"
        "#else\n"
        "*/ keep4;\n";
    ShaderText out = run(text);
    CHECK(contains(out.text, "keep1;"));
    CHECK(contains(out.text, "#ifdef NOTHING")); // inside a comment: text, kept
    CHECK(contains(out.text, "keep2;"));
    CHECK(contains(out.text, "x = 1; #if 0"));
    CHECK(!contains(out.text, "dropped;"));
    CHECK(contains(out.text, "keep3;"));
    CHECK(contains(out.text, "#else")); // inside /* */
    CHECK(contains(out.text, "keep4;"));
}

TEST_CASE("Preprocessor: lines are never split at a semicolon in trailing comments") {
    ShaderText out = run("float x = 1.0; // one; two\nfloat y;\n");
    CHECK(out.text == "float x = 1.0; // one; two\nfloat y;\n");
    CHECK(out.lines.describe(1) == "test.glsl:2");
}

TEST_CASE("Preprocessor: #define and #undef stay for the driver - pass-through directives") {
    ShaderText out = run("#version 300 es\n#extension GL_EXT_foo : enable\n#pragma optimize(on)\n#define X 2\n#if X > 1\n"
                         "#undef X\nint a;\n#endif\n#line 10\n#\n");
    CHECK(out.text == "#version 300 es\n#extension GL_EXT_foo : enable\n#pragma optimize(on)\n#define X 2\n#undef X\nint a;\n"
                      "#line 10\n#\n");
}

TEST_CASE("Preprocessor: function-like macros pass through to the driver") {
    ShaderText out = run("#define SQ(x) ((x) * (x))\n#ifdef SQ\nfloat a = SQ(2.0);\n#endif\n");
    CHECK(out.text == "#define SQ(x) ((x) * (x))\nfloat a = SQ(2.0);\n");
    auto e = errorOf([] { run("#define SQ(x) x\n#if SQ(1)\n#endif\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "function-like"));
}

TEST_CASE("Preprocessor: comments inside directives") {
    ShaderText out = run("#define V 3 // three\n#if V == 3 /* yes */\nok;\n#endif // V\n#ifdef V /* spans\n*/\nalso;\n#endif\n");
    CHECK(contains(out.text, "ok;"));
    CHECK(contains(out.text, "also;"));
    // The dropped "#ifdef V /* spans" opened a comment that "*/" closes: the opener is kept.
    CHECK(contains(out.text, "/*\n*/"));
}

TEST_CASE("Preprocessor: initial defines are emitted after #version") {
    ShaderText out = run("// header\n#version 300 es\nvoid main() {}\n", {{"A", "1"}, {"FLAG", ""}}, true);
    CHECK(out.text == "// header\n#version 300 es\n#define A 1\n#define FLAG\nvoid main() {}\n");
    CHECK(out.lines.describe(2) == "<defines>:1");
    CHECK(out.lines.describe(4) == "test.glsl:3");
    ShaderText noVersion = run("void main() {}\n", {{"A", "1"}}, true);
    CHECK(noVersion.text == "#define A 1\nvoid main() {}\n");
}

TEST_CASE("Preprocessor: the line map follows dropped lines") {
    ShaderText out = run("a;\n#ifdef X\nb;\n#else\nc;\n#endif\nd;");
    CHECK(out.text == "a;\nc;\nd;\n");
    CHECK(out.lines.describe(0) == "test.glsl:1");
    CHECK(out.lines.describe(1) == "test.glsl:5");
    CHECK(out.lines.describe(2) == "test.glsl:7");
}

TEST_CASE("Preprocessor: unbalanced conditionals are errors naming where the block opened") {
    auto e = errorOf([] { run("a;\n#ifdef A\n#if 1\nb;\n#endif\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 2);
    CHECK(contains(e->message(), "unterminated #ifdef"));
    e = errorOf([] { run("#endif\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "#endif without"));
    e = errorOf([] { run("#else\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "#else without"));
    e = errorOf([] { run("#if 1\n#else\n#else\n#endif\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 3);
    CHECK(contains(e->message(), "#if at test.glsl:1"));
    e = errorOf([] { run("#ifdef A\n#else\n#elif 1\n#endif\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "#elif after #else"));
    e = errorOf([] { run("#ifdef\n#endif\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "#ifdef needs a macro name"));
    e = errorOf([] { run("#else if X\n"); });
    REQUIRE(e);
}

TEST_CASE("Preprocessor: #error and unknown directives") {
    auto e = errorOf([] { run("a;\n#ifndef FEATURE\n#error FEATURE is required here\n#endif\n"); });
    REQUIRE(e);
    CHECK(e->where().toString() == "test.glsl:3");
    CHECK(e->message() == "#error FEATURE is required here");
    e = errorOf([] { run("#warning hi\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "unknown preprocessor directive '#warning'"));
    CHECK(run("#if 0\n#warning inactive\n#endif\n").text.empty());
}

TEST_CASE("Preprocessor: nesting and expansion are bounded") {
    std::string deep;
    for (int i = 0; i < 300; ++i) deep += "#if 1\n";
    auto e = errorOf([&] { run(deep); });
    REQUIRE(e);
    CHECK(contains(e->message(), "nest deeper"));
    std::string parens(400, '(');
    e = errorOf([&] { run(str("#if ", parens, "1\n#endif\n")); });
    REQUIRE(e);
    // Exponential macros stop instead of running away.
    ShaderDefines blowup;
    for (int i = 0; i < 30; ++i) blowup.push_back({str("M", i), str("M", i + 1, " + M", i + 1)});
    e = errorOf([&] { Preprocessor::evaluate("M0", blowup); });
    REQUIRE(e);
    CHECK_MESSAGE(contains(e->message(), "expand to more than"), e->message());
}

TEST_CASE("Preprocessor: a reused instance starts from a clean define set") {
    Preprocessor p;
    ShaderText in = ShaderText::fromSource("t", "#ifdef X\nx;\n#endif\n#define X\n");
    CHECK(p.run(in, {}).text == "#define X\n");
    CHECK(p.run(in, {}).text == "#define X\n");
    CHECK(p.run(in, {{"X", ""}}, {false}).text == "x;\n#define X\n");
}

TEST_CASE("Preprocessor: a 10 MB #if line is evaluated - an error in it is shown as a short excerpt") {
    std::string sum;
    sum.reserve(10u << 20);
    size_t terms = 0;
    while (sum.size() < (10u << 20)) {
        sum += "1+";
        ++terms;
    }
    sum += "1";
    ++terms;
    // Written out, however long: evaluated (the expansion bound is for macros only).
    ShaderText out = run(str("#if ", sum, " == ", terms, "\nsum_ok;\n#endif\n"));
    CHECK(out.text == "sum_ok;\n");
    // A mistake at its end: the message says what is wrong, with a short excerpt of the line.
    auto e = errorOf([&] { run(str("#if ", sum, " +\nx;\n#endif\n")); });
    REQUIRE(e);
    MESSAGE(e->message());
    CHECK(e->message().size() < 400);
    CHECK(contains(e->message(), "operand"));
    CHECK(contains(e->message(), "characters]"));
    CHECK(!contains(e->message(), "recursive"));
}

TEST_CASE("Preprocessor: a shift by the width or more is an error - not a made-up value") {
    for (const char* expression : {"1 << 200", "1 << 64", "1 >> 64", "1 << -1", "(1 << 63) >> 70"}) {
        CAPTURE(expression);
        auto e = errorOf([&] { run(str("#if ", expression, "\nx;\n#endif\n")); });
        REQUIRE(e);
        CHECK_MESSAGE(contains(e->message(), "outside 0..63"), e->message());
        CHECK(e->where().line == 1);
    }
    CHECK(Preprocessor::evaluate("1 << 63 < 0", {}) == 1);
    CHECK(Preprocessor::evaluate("0 && (1 << 200)", {}) == 0); // not evaluated, as 1 / 0 there
}

TEST_CASE("Preprocessor: an unterminated block comment is an error at the line that opens it") {
    auto e = errorOf([&] { run("float a;\nfloat b; /* starts here\n#ifdef X\nstill a comment\n"); });
    REQUIRE(e);
    CHECK(e->where().file == "test.glsl");
    CHECK(e->where().line == 2);
    CHECK_MESSAGE(contains(e->message(), "unterminated /* comment"), e->message());
    // One that opens on a directive line, and one inside a dead region, count as well.
    e = errorOf([&] { run("#if 1 /* open\nx;\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 1);
    e = errorOf([&] { run("#if 0\n\n/*\n#endif\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 3);
    CHECK(run("a; /* closed\n */ b;\n").text == "a; /* closed\n */ b;\n");
}

TEST_CASE("Preprocessor: input over the 16 MiB pipeline limit is refused") {
    std::string big((16u << 20) + 1, ' ');
    big.back() = '\n';
    auto e = errorOf([&] { run(big); });
    REQUIRE(e);
    CHECK_MESSAGE(contains(e->message(), "16 MiB"), e->message());
}

TEST_CASE("Preprocessor: dead regions are skipped by the directive scan - comments, slashes and hashes there") {
    // What the scan must get right between directives: '#' that is not at a line start, '/'
    // that is division, // comments holding '#' or '/*', and block comments hiding directives.
    const char* text =
        "a = b / c; // #endif and /* in a line comment\n"
        "#ifdef NOPE\n"
        "x = y / 2; # not a directive\n"
        "  /* #else\n"
        "#endif */ z;\n"
        "   #  else\n"
        "kept1; /**/ #endif is code here\n"
        "\t#endif // closes\n"
        "kept2;";
    ShaderText out = run(text);
    CHECK(out.text == "a = b / c; // #endif and /* in a line comment\nkept1; /**/ #endif is code here\nkept2;\n");
    CHECK(out.lines[1].line == 7);
    CHECK(out.lines[2].line == 9);
    auto cpp = runCpp(text);
    // gcc keeps the same lines (it removes the comments, which we leave for the driver).
    if (cpp) CHECK(join(codeLines(*cpp), " | ") == "a = b / c; | kept1; #endif is code here | kept2;");
}
