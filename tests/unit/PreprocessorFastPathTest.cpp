// The preprocessor's fast paths against its general ones. Dead regions are skipped without
// reading most directive lines (only the keyword; the rest is scanned as text for comments),
// lines are counted only where kept runs start and end, and the common #if shapes are read
// by a small evaluator before the general one. Each must decide exactly what the general
// path decides: these tests pit one against the other, on hand-written edge cases and on
// generated ones.
#include <doctest/doctest.h>

#include <functional>
#include <random>

#include "ShaderTestHelpers.h"
#include "core/Str.h"
#include "shader/Preprocessor.h"

using namespace th;
using namespace th::test;

namespace {

ShaderText run(std::string_view text, const ShaderDefines& defines = {}) {
    PreprocessOptions options;
    options.emitDefines = false;
    ShaderText out = preprocess(ShaderText::fromSource("test.glsl", text), defines, options);
    checkLineMap(out);
    return out;
}

const ShaderDefines kDefines = {{"A", "1"},        {"B", "2"},         {"ZERO", "0"},
                                {"NUM_LIGHTS", "4"}, {"TWICE", "NUM_LIGHTS * 2"}, {"EMPTY", ""},
                                {"HEX", "0x10"},     {"SPACED", "  3  "}, {"OCT", "010"}};

/// The #if result through the preprocessor (fast evaluator first) and through
/// Preprocessor::evaluate (the general evaluator alone) must agree, errors included.
void checkAgrees(const std::string& expression, const ShaderDefines& defines) {
    CAPTURE(expression);
    std::optional<long long> general;
    std::string generalError;
    try {
        general = Preprocessor::evaluate(expression, defines);
    } catch (const Error& e) {
        generalError = e.message();
    }
    std::optional<bool> fast;
    std::string fastError;
    try {
        std::string text = run(str("#if ", expression, "\nyes;\n#else\nno;\n#endif\n"), defines).text;
        REQUIRE((text == "yes;\n" || text == "no;\n"));
        fast = text == "yes;\n";
    } catch (const Error& e) {
        fastError = e.message();
    }
    REQUIRE_MESSAGE(general.has_value() == fast.has_value(), "general: ", generalError, " / preprocessor: ", fastError);
    if (general) CHECK(*fast == (*general != 0));
    else CHECK_MESSAGE(contains(fastError, generalError), fastError, " does not hold ", generalError);
}

} // namespace

TEST_CASE("Preprocessor fast path: #if shapes agree with the general evaluator - hand-picked") {
    const char* cases[] = {
        "defined(A)", "defined A", "!defined(A)", "!defined UNSET", "defined ( A )", "!!defined(A)",
        "defined(A) && defined(B)", "defined(A) && !defined(B)", "defined(UNSET) || defined(B)",
        "defined(A) || defined(B) && defined(UNSET)", "(defined(A) || defined(UNSET)) && !defined(B)",
        "NUM_LIGHTS > 3", "NUM_LIGHTS>3", "NUM_LIGHTS >= 4", "NUM_LIGHTS < 4", "NUM_LIGHTS <= 4", "B == 2",
        "B != 2", "A", "ZERO", "UNSET", "UNSET == 0", "!A", "!A == 0", "!ZERO", "(A)", "((A == 1))",
        "SPACED == 3", "0", "1", "18446744073709551615", "999999999999999999 > 0", "defined(A) && NUM_LIGHTS > 2",
        // Shapes the fast evaluator leaves to the general one (values, operators, errors).
        "TWICE == 8", "HEX == 16", "OCT == 8", "010", "0x1F", "16u", "1 == 1 == 1", "2 < 3 < 1", "A + 1 == 2",
        "-A", "~ZERO", "A & B", "A | B", "1 << 2", "A<<1", "NUM_LIGHTS % 3", "EMPTY", "EMPTY == 1", "0 && EMPTY",
        "1 || EMPTY", "0 && (1 / 0)", "1 / ZERO", "defined", "defined(A", "defined()", "(A", "A)", "A &&",
        "|| A", "A ||", "!= 1", "A = 1", "1.0", "08", "", "  ", "@", "A B", "FUNC(1)", "defined(A) defined(B)",
        "((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))",
        "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!0",
    };
    for (const char* c : cases) checkAgrees(c, kDefines);
    // A function-like macro in the define set of the text, not of the caller.
    auto e = errorOf([] { run("#define F(x) x\n#if F\n#endif\n"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "function-like"));
}

TEST_CASE("Preprocessor fast path: #if shapes agree with the general evaluator - generated") {
    const char* atoms[] = {"defined(A)", "!defined(B)", "defined UNSET", "defined ( ZERO )", "A", "ZERO",
                           "NUM_LIGHTS", "UNSET", "2", "0", "B", "EMPTY", "TWICE", "HEX", "SPACED", "07", "3u"};
    const char* ops[] = {"&&", "||", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "&", "+", "<<", "/", "%"};
    std::mt19937 rng(18);
    auto pick = [&](auto& array) { return array[rng() % std::size(array)]; };
    std::function<std::string(int)> expression = [&](int depth) {
        std::string out;
        if (rng() % 5 == 0) out += "!";
        if (depth < 3 && rng() % 4 == 0) out += str("(", expression(depth + 1), ")");
        else out += pick(atoms);
        for (int terms = int(rng() % 4); terms > 0; --terms) {
            out += rng() % 2 ? " " : "";
            out += pick(ops);
            out += rng() % 2 ? " " : "";
            if (rng() % 6 == 0) out += "!";
            if (depth < 3 && rng() % 5 == 0) out += str("(", expression(depth + 1), ")");
            else out += pick(atoms);
        }
        return out;
    };
    for (int i = 0; i < 1500; ++i) checkAgrees(expression(0), kDefines);
}

TEST_CASE("Preprocessor fast path: a skipped directive line is scanned as text for comments") {
    // A comment opened on a dead #define or #ifdef line hides the directives in it; one
    // opened and closed there hides nothing; a '#' after the keyword is not a directive.
    const char* text =
        "#ifdef NOPE\n"
        "#define X /* opens a comment on a skipped line\n"
        "#endif\n"
        "   still the comment */ y;\n"
        "#ifdef Y /* open and */ // closed, then a line comment with #endif /*\n"
        "#pragma dead # not a directive /**/\n"
        "#error dead \"#endif\" in quotes\n"
        "#endif\n"
        "#define D // with a */ in a line comment\n"
        "#elif defined(A)\n"
        "kept;\n"
        "#endif\n"
        "after;\n";
    ShaderText out = run(text, {{"A", "1"}});
    CHECK(out.text == "kept;\nafter;\n");
    CHECK(out.lines[0].line == 11);
    CHECK(out.lines[1].line == 13);
    // The same comment opened on a dead #else line: that line is read whole.
    out = run("#ifdef NOPE\n#if 1\n#else /* hides\n#endif\n*/\n#endif\n#endif\nlast;\n");
    CHECK(out.text == "last;\n");
    CHECK(out.lines[0].line == 8);
}

TEST_CASE("Preprocessor fast path: a backslash at a line end joins nothing, dead or live") {
    // GLSL ES 1.00 has no line continuation and the preprocessor does not join lines; the dead
    // scan must not either, so the #endif after "\" closes the block in both.
    const char* body = "#define LONG 1 + \\\n#endif\nafter;\n";
    CHECK(run(str("#ifdef NOPE\n", body)).text == "after;\n");
    CHECK(run(str("#ifndef NOPE\n", body)).text == "#define LONG 1 + \\\nafter;\n");
    // A // comment ending in "\" does not swallow the next line's directive either.
    CHECK(run("#ifdef NOPE\n// comment \\\n#else\nkept;\n#endif\n").text == "kept;\n");
}

TEST_CASE("Preprocessor fast path: nested blocks and #elif chains in dead regions") {
    const char* text =
        "#ifdef NOPE\n"
        "#if BAD + +\n"       // never evaluated: dead
        "#elif 1 / 0\n"       // nor this
        "#else\n"
        "#ifndef Q\n"
        "#endif\n"
        "#endif\n"
        "#elif defined(YES) && N > 1\n"
        "yes;\n"
        "#if 0\n"
        "#elif 1\n"
        "inner;\n"
        "#endif\n"
        "#elif 1\n"
        "no1;\n"
        "#else\n"
        "no2;\n"
        "#endif\n";
    ShaderText out = run(text, {{"YES", ""}, {"N", "2"}});
    CHECK(out.text == "yes;\ninner;\n");
    CHECK(out.lines[0].line == 9);
    CHECK(out.lines[1].line == 12);

    // Errors in dead regions still name the right lines (counted only when needed).
    auto e = errorOf([] { run("a;\n#if 0\nb;\n#if 1\n#else\n#else\n#endif\n#endif\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 6);
    CHECK_MESSAGE(contains(e->message(), "second #else (in the #if at test.glsl:4)"), e->message());
    e = errorOf([] { run("#if 0\n\n#endif junk\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 3);
    CHECK(contains(e->message(), "unexpected 'junk' after #endif"));
    e = errorOf([] { run("#if 1\nx;\n#if 0\n#ifdef A\ny;\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 4);
    CHECK_MESSAGE(contains(e->message(), "unterminated #ifdef"), e->message());
    CHECK(contains(e->message(), "(3 blocks are open)"));
    std::string deep = "#if 0\n";
    for (int i = 0; i < 300; ++i) deep += "#ifdef X\n";
    e = errorOf([&] { run(deep); });
    REQUIRE(e);
    CHECK(contains(e->message(), "nest deeper"));
    CHECK(e->where().line > 200);
}

TEST_CASE("Preprocessor fast path: generated texts read the same dead as live") {
    // Any text T that preprocesses cleanly must vanish whole inside a dead block (the skipping
    // scan finds the same directives and comments as the live one) and come out unchanged
    // inside a live one.
    const char* pieces[] = {
        "code;\n", "a = b / c; # x\n", "// #endif /* in a line comment\n", "/* #else\n", "*/\n", "*/ #endif\n",
        "x; /* c */ y;\n", "#define M /* open\n", "#define N 1 // #endif\n", "#pragma p /*\n", "#ifdef A\n",
        "#if defined(A) && B > 1\n", "#ifndef Z // c\n", "#if 0\n", "#elif 1\n", "#elif defined(Z)\n", "#else\n",
        "#endif\n", "#endif // done\n", "#endif /* open\n", "#define L \\\n", "   #  ifdef A\n", "\t#endif\n",
        "#error no\n", "#undef A\n", "#line 3\n", "#\n", "#/* c */ endif\n", "\n", "  \t\n", "/**/#endif\n",
        "#else // #if\n", "#if B == 2 /* x */ || A\n",
    };
    const ShaderDefines defines = {{"A", "1"}, {"B", "2"}};
    std::mt19937 rng(1800);
    int clean = 0;
    for (int i = 0; i < 6000; ++i) {
        std::string t;
        for (int k = 1 + int(rng() % 10); k > 0; --k) t += pieces[rng() % std::size(pieces)];
        std::optional<ShaderText> live;
        try {
            live = run(t, defines);
        } catch (const Error&) {
            continue; // unbalanced, #error taken, an unterminated comment: not this test's case
        }
        ++clean;
        CAPTURE(t);
        CHECK(run(str("#ifdef NOPE\n", t, "#else\nmarker;\n#endif\n"), defines).text == "marker;\n");
        ShaderText wrapped = run(str("#ifndef NOPE\n", t, "#endif\n"), defines);
        CHECK(wrapped.text == live->text);
        REQUIRE(wrapped.lines.size() == live->lines.size());
        for (size_t l = 0; l < live->lines.size(); ++l) CHECK(wrapped.lines[l].line == live->lines[l].line + 1);
    }
    CHECK(clean > 500); // the generator makes enough clean texts to mean something
}

TEST_CASE("Preprocessor fast path: a text ending in a directive line without a newline maps one origin per line") {
    // Found by the preprocessor fuzz target: the empty run after a last #endif counted a line.
    const ShaderDefines defines = {{"A", "1"}};
    for (bool emitDefines : {false, true})
        for (const char* text : {"x\n#if X\n#endif", "#if X\n#endif", "x\n#if A\ny\n#endif", "x\n#define Q 1", "x\ny"}) {
            CAPTURE(text);
            CAPTURE(emitDefines);
            Preprocessor preprocessor;
            PreprocessOptions options;
            options.emitDefines = emitDefines;
            ShaderText out = preprocessor.run(ShaderText::fromSource("end.glsl", text), defines, options);
            CHECK(out.lines.size() == glsl::countLines(out.text));
        }
}

namespace {

/// A run's outcome, comparable: the text and line origins, or the error with its place.
std::string outcome(Preprocessor& preprocessor, const std::string& text, const ShaderDefines& defines) {
    try {
        ShaderText out = preprocessor.run(ShaderText::fromSource("gen.glsl", text), defines);
        std::string lines;
        for (size_t l = 0; l < out.lines.size(); ++l) lines += str(out.lines[l].source, ":", out.lines[l].line, " ");
        return str(out.text, "|", lines);
    } catch (const Error& e) {
        return str("error at ", e.where().toString(), ": ", e.message());
    }
}

} // namespace

TEST_CASE("Preprocessor fast path: a text's kept directive table decides what a first run decides") {
    // A Preprocessor keeps the directive table of a text it has seen twice and reuses it, with
    // the line indices and line ends earlier runs filled in, for every later define set. Each
    // run on a reused preprocessor must match a fresh one's, errors and their lines included,
    // across texts that take turns (so tables are kept, found again and evicted).
    const char* pieces[] = {
        "code;\n", "// #endif /* c\n", "/* #else\n", "*/\n", "x; /* c */ y;\n", "#define M /* open\n",
        "#ifdef A\n", "#if defined(A) && B > 1\n", "#ifndef Z // c\n", "#if 0\n", "#elif 1\n", "#elif B == 3\n",
        "#else\n", "#else junk\n", "#endif\n", "#endif // done\n", "#endif /* open\n", "   #  ifdef B\n",
        "#error no\n", "#undef A\n", "#\n", "#bogus\n", "#if 1 +\n", "\n", "#define A 5\n", "#if A == 5\n",
    };
    const ShaderDefines defineSets[] = {{}, {{"A", "1"}}, {{"A", "1"}, {"B", "2"}}, {{"B", "3"}}, {{"Z", ""}, {"B", "2"}}};
    std::mt19937 rng(2026);
    std::vector<std::string> texts;
    for (int i = 0; i < 300; ++i) {
        std::string t;
        for (int k = 1 + int(rng() % 12); k > 0; --k) t += pieces[rng() % std::size(pieces)];
        texts.push_back(t);
    }
    Preprocessor reused;
    int compared = 0;
    for (int round = 0; round < 4000; ++round) {
        // Mostly a handful of recent texts (they get kept), sometimes an older one (evicted).
        const std::string& t = texts[(rng() % 8 == 0 ? rng() : size_t(round) / 40 + rng() % 5) % texts.size()];
        const ShaderDefines& d = defineSets[rng() % std::size(defineSets)];
        CAPTURE(t);
        Preprocessor fresh;
        CHECK(outcome(reused, t, d) == outcome(fresh, t, d));
        ++compared;
    }
    CHECK(compared == 4000);
}

TEST_CASE("Preprocessor fast path: a dead branch is jumped over only where nothing in it is an error") {
    // The directive table lets a run jump from a branch not taken to the directive that ends
    // it. An error inside (text after #else, a second #else) must still stop the run there.
    auto e = errorOf([] { run("#ifdef NOPE\n#ifdef A\n#else x\n#endif\n#endif\nafter;\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 3);
    CHECK(contains(e->message(), "unexpected 'x' after #else"));
    e = errorOf([] { run("#if 0\n#if 1\n#elif 2\n#else\n#elif 3\n#endif\n#endif\n"); });
    REQUIRE(e);
    CHECK(e->where().line == 5);
    CHECK(contains(e->message(), "#elif after #else"));
    // A clean dead branch with an #error or an unknown directive inside is skipped whole.
    CHECK(run("#if 0\n#error never\n#bogus\n#if 1 +\n#endif\n#else\nyes;\n#endif\n").text == "yes;\n");
}
