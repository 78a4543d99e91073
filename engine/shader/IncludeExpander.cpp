#include "shader/IncludeExpander.h"

#include <charconv>
#include <unordered_map>

#include "core/Error.h"
#include "core/Str.h"
#include "shader/GlslScan.h"

namespace th {

namespace {

constexpr std::string_view kDeclPrefix = "__decl__";
constexpr std::string_view kUboSuffix = "_ubo";

// Where the lines of a text being expanded come from: either a store file (line i is line
// i+1 of `source`) or a text with its own line map (re-indexed into the output's sources).
struct LineSource {
    uint32_t source = 0;
    std::string_view originName;
    const LineMap* map = nullptr;
    std::vector<uint32_t> remap;
    /// For a store file reached through plugin code: which plugin, key and line included it
    /// (the context its lines carry in messages). Empty for the shader's own includes.
    std::string context;

    LineOrigin origin(size_t index) const {
        if (!map) return {source, uint32_t(index + 1)};
        if (index >= map->size()) return {0, 0};
        const LineOrigin& o = (*map)[index];
        return {remap[o.source], o.line};
    }
};

struct Frame {
    const ShaderSource* file = nullptr; // nullptr for a text that is not in the store
    std::string where;                  // "file:line" of the #include being processed
};

struct IncludeDirective {
    std::string_view name;
    std::vector<std::pair<std::string_view, std::string_view>> parameters;
    bool hasRange = false;
    std::string_view rangeFrom, rangeTo;
};

// Splits "A,a,B,vec4(1.0,0.0)" at top-level commas.
std::vector<std::string_view> splitArguments(std::string_view s) {
    std::vector<std::string_view> out;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || (s[i] == ',' && depth == 0)) {
            out.push_back(glsl::trimSpace(s.substr(start, i - start)));
            start = i + 1;
        } else if (s[i] == '(' || s[i] == '[') {
            ++depth;
        } else if (s[i] == ')' || s[i] == ']') {
            --depth;
        }
    }
    return out;
}

// Finds the bracket closing the one at s[open] ('(' or '['), honouring nesting.
size_t findClose(std::string_view s, size_t open) {
    char o = s[open], c = o == '(' ? ')' : ']';
    int depth = 0;
    for (size_t i = open; i < s.size(); ++i) {
        if (s[i] == o) ++depth;
        else if (s[i] == c && --depth == 0) return i;
    }
    return std::string_view::npos;
}

class Expansion {
public:
    Expansion(const ShaderStore& store, const IncludeOptions& options, ShaderText& out)
        : mStore(store), mOptions(options), mOut(out) {}

    void run(std::string_view text, LineSource& lines, const ShaderSource* self, int depth) {
        glsl::LineCursor cursor(text);
        std::string_view line;
        size_t runStart = 0, runFirstLine = 0;
        std::string buffer;
        while (cursor.next(line)) {
            glsl::Directive d;
            if (!cursor.directive(d, line) || d.name != "include") continue;
            flush(text, lines, runStart, cursor.offset(), runFirstLine, cursor.index());
            std::string_view code = glsl::stripComments(line, false, buffer);
            glsl::parseDirective(code, d);
            include(d.rest, lines, cursor.index(), self, depth);
            runStart = cursor.nextOffset();
            runFirstLine = cursor.index() + 1;
        }
        flush(text, lines, runStart, text.size(), runFirstLine, cursor.index() + 1);
    }

private:
    SourceLocation location(const LineSource& lines, size_t index) const {
        if (lines.map) return lines.map->locateIndex(index);
        return SourceLocation{std::string(lines.originName), int(index + 1)};
    }

    std::string chain(std::string_view last = {}) const {
        std::string out;
        for (const Frame& f : mChain) {
            if (!out.empty()) out += " -> ";
            out += f.where;
        }
        if (!last.empty()) out += str(" -> ", last);
        return out;
    }

    [[noreturn]] void fail(const LineSource& lines, size_t index, std::string message) const {
        throw Error(location(lines, index), std::move(message));
    }

    void flush(std::string_view text, const LineSource& lines, size_t begin, size_t end, size_t firstLine,
               size_t endLine) {
        if (end <= begin) return;
        mOut.text.append(text.data() + begin, end - begin);
        if (mOut.text.back() != '\n') mOut.text += '\n';
        for (size_t i = firstLine; i < endLine; ++i) mOut.lines.push(lines.origin(i));
        if (mOut.text.size() > mOptions.maxOutputBytes)
            fail(lines, endLine - 1,
                 str("include expansion produced more than ", mOptions.maxOutputBytes,
                     " bytes (includes: ", chain(), "); is an include repeated or recursive?"));
    }

    IncludeDirective parse(std::string_view rest, const LineSource& lines, size_t index) const {
        IncludeDirective d;
        rest = glsl::trimSpace(rest);
        if (rest.empty() || rest[0] != '<')
            fail(lines, index, str("malformed #include: expected '#include<name>', found '#include", rest, "'"));
        size_t close = rest.find('>');
        if (close == std::string_view::npos) fail(lines, index, "malformed #include: missing '>' after the name");
        d.name = glsl::trimSpace(rest.substr(1, close - 1));
        if (d.name.empty()) fail(lines, index, "malformed #include: empty name in '#include<>'");
        rest = glsl::trimSpace(rest.substr(close + 1));
        bool haveParameters = false;
        while (!rest.empty()) {
            size_t end = (rest[0] == '(' || rest[0] == '[') ? findClose(rest, 0) : std::string_view::npos;
            if (end == std::string_view::npos)
                fail(lines, index, str("malformed #include<", d.name, ">: unexpected '", rest,
                                       "' (expected '(A,a,...)' parameters and/or a '[0..N]' range)"));
            std::string_view inner = rest.substr(1, end - 1);
            if (rest[0] == '(') {
                if (haveParameters) fail(lines, index, str("#include<", d.name, "> has two parameter lists"));
                haveParameters = true;
                std::vector<std::string_view> args = splitArguments(inner);
                if (args.size() == 1 && args[0].empty()) args.clear();
                if (args.size() % 2 != 0)
                    fail(lines, index, str("#include<", d.name, ">(", inner, "): parameters come in pairs ",
                                           "'from,to' but there are ", args.size()));
                for (size_t i = 0; i < args.size(); i += 2) {
                    if (args[i].empty())
                        fail(lines, index, str("#include<", d.name, ">: empty parameter name in (", inner, ")"));
                    d.parameters.emplace_back(args[i], args[i + 1]);
                }
            } else {
                if (d.hasRange) fail(lines, index, str("#include<", d.name, "> has two index ranges"));
                size_t dots = inner.find("..");
                if (dots == std::string_view::npos)
                    fail(lines, index, str("#include<", d.name, ">[", inner, "]: a range is written [A..B]"));
                d.hasRange = true;
                d.rangeFrom = glsl::trimSpace(inner.substr(0, dots));
                d.rangeTo = glsl::trimSpace(inner.substr(dots + 2));
            }
            rest = glsl::trimSpace(rest.substr(end + 1));
        }
        return d;
    }

    int64_t bound(std::string_view text, std::string_view includeName, const LineSource& lines, size_t index) const {
        int64_t value = 0;
        if (!text.empty() && (glsl::isDigit(text[0]) || text[0] == '-')) {
            auto r = std::from_chars(text.data(), text.data() + text.size(), value);
            if (r.ec == std::errc() && r.ptr == text.data() + text.size()) return value;
            fail(lines, index, str("#include<", includeName, ">: '", text, "' is not an integer range bound"));
        }
        for (auto& [name, v] : mOptions.indexParameters)
            if (name == text) return v;
        std::vector<std::string> known;
        for (auto& p : mOptions.indexParameters) known.push_back(str(p.first, "=", p.second));
        fail(lines, index, str("#include<", includeName, ">: unknown index parameter '", text, "'; known: ",
                               known.empty() ? std::string("(none)") : join(known, ", ")));
    }

    const ShaderSource& lookup(std::string_view name, const LineSource& lines, size_t index) const {
        std::string error;
        if (name.substr(0, kDeclPrefix.size()) == kDeclPrefix) {
            std::string_view base = name.substr(kDeclPrefix.size());
            std::string wanted = mOptions.uniformBuffers ? str(base, kUboSuffix) : std::string(base);
            if (const ShaderSource* s = mStore.tryResolve(wanted, &error)) return *s;
            fail(lines, index, str("#include<", name, ">: the ", mOptions.uniformBuffers ? "uniform-block" : "plain-uniform",
                                   " variant '", wanted, "' is missing (", error, "); includes: ", chain(name)));
        }
        if (const ShaderSource* s = mStore.tryResolve(name, &error)) return *s;
        fail(lines, index, str("#include<", name, ">: ", error, "; includes: ", chain(name)));
    }

    uint32_t sourceIndex(const ShaderSource& file, const std::string& context) {
        if (!context.empty()) return mOut.lines.addSource(file.origin, context);
        auto it = mSourceIds.find(&file);
        if (it != mSourceIds.end()) return it->second;
        uint32_t id = mOut.lines.addSource(file.origin);
        mSourceIds.emplace(&file, id);
        return id;
    }

    // The context an include on line `index` hands to the file it includes: the chain back to
    // plugin code ("plugin 'Fog' key 'CUSTOM_FRAGMENT_DEFINITIONS' line 2"), so an error in an
    // included file names the snippet that pulled it in. Plain shader includes have none.
    static std::string includeContext(const LineSource& lines, size_t index) {
        if (!lines.map) return lines.context;
        if (index >= lines.map->size()) return {};
        const LineOrigin& o = (*lines.map)[index];
        const std::string& context = lines.map->sourceContext(o.source);
        const std::string& name = lines.map->sourceName(o.source);
        if (!context.empty()) return str(context, ", ", name, ":", o.line);
        if (name.rfind("plugin '", 0) == 0) return str(name, " line ", o.line);
        return {};
    }

    void include(std::string_view rest, LineSource& lines, size_t index, const ShaderSource* self, int depth) {
        IncludeDirective d = parse(rest, lines, index);
        mChain.push_back({self, location(lines, index).toString()});
        const ShaderSource& file = lookup(d.name, lines, index);
        for (const Frame& f : mChain)
            if (f.file == &file) fail(lines, index, str("include cycle: ", chain(file.origin)));
        if (depth + 1 > mOptions.maxDepth)
            fail(lines, index, str("includes nested deeper than ", mOptions.maxDepth, ": ", chain(file.origin)));

        std::string_view text = file.text;
        std::string substituted;
        if (!d.parameters.empty()) {
            substituted = replaceParameters(text, d.parameters);
            text = substituted;
        }
        LineSource fileLines;
        fileLines.context = includeContext(lines, index);
        fileLines.source = sourceIndex(file, fileLines.context);
        fileLines.originName = file.origin;
        if (!d.hasRange) {
            run(text, fileLines, &file, depth + 1);
        } else {
            int64_t from = bound(d.rangeFrom, d.name, lines, index);
            int64_t to = bound(d.rangeTo, d.name, lines, index);
            if (to - from > mOptions.maxRepeat)
                fail(lines, index, str("#include<", d.name, ">[", d.rangeFrom, "..", d.rangeTo, "] repeats ", to - from,
                                       " times; at most ", mOptions.maxRepeat, " are allowed"));
            std::string repeated;
            for (int64_t i = from; i < to; ++i) {
                replaceIndex(text, i, repeated);
                run(repeated, fileLines, &file, depth + 1);
            }
        }
        mChain.pop_back();
    }

    // Whole-token replacement for identifier parameters, plain text for anything else; all
    // parameters at once, so "A,B,B,C" does not turn A into C.
    static std::string replaceParameters(std::string_view text,
                                         const std::vector<std::pair<std::string_view, std::string_view>>& params) {
        bool allIdentifiers = true;
        for (auto& p : params) allIdentifiers = allIdentifiers && glsl::isIdentifier(p.first);
        std::string out;
        out.reserve(text.size() + text.size() / 8);
        size_t i = 0;
        const size_t n = text.size();
        while (i < n) {
            char c = text[i];
            if (glsl::isIdentStart(c)) {
                size_t len = glsl::identifierLength(text.substr(i));
                std::string_view token = text.substr(i, len);
                const std::string_view* to = nullptr;
                for (auto& p : params)
                    if (p.first == token) {
                        to = &p.second;
                        break;
                    }
                if (to) out.append(*to);
                else out.append(token);
                i += len;
                continue;
            }
            if (glsl::isDigit(c)) { // a number's suffix is not an identifier ("1u", "2.0e3")
                size_t j = i;
                while (j < n && glsl::isIdentChar(text[j])) ++j;
                out.append(text.substr(i, j - i));
                i = j;
                continue;
            }
            if (!allIdentifiers) {
                bool replaced = false;
                for (auto& p : params)
                    if (!glsl::isIdentifier(p.first) && text.substr(i, p.first.size()) == p.first) {
                        out.append(p.second);
                        i += p.first.size();
                        replaced = true;
                        break;
                    }
                if (replaced) continue;
            }
            out += c;
            ++i;
        }
        return out;
    }

    static void replaceIndex(std::string_view text, int64_t index, std::string& out) {
        out.clear();
        char digits[24];
        auto r = std::to_chars(digits, digits + sizeof digits, index);
        std::string_view number(digits, size_t(r.ptr - digits));
        size_t pos = 0;
        for (;;) {
            size_t hit = text.find("{X}", pos);
            if (hit == std::string_view::npos) break;
            out.append(text.substr(pos, hit - pos));
            out.append(number);
            pos = hit + 3;
        }
        out.append(text.substr(pos));
    }

    const ShaderStore& mStore;
    const IncludeOptions& mOptions;
    ShaderText& mOut;
    std::vector<Frame> mChain;
    std::unordered_map<const ShaderSource*, uint32_t> mSourceIds;
};

} // namespace

ShaderText IncludeExpander::expand(std::string_view name, const IncludeOptions& options) const {
    ShaderText out;
    expandInto(name, options, out);
    return out;
}

void IncludeExpander::expandInto(std::string_view name, const IncludeOptions& options, ShaderText& out) const {
    const ShaderSource& file = mStore.resolve(name);
    out.text.clear();
    out.lines.reset();
    out.text.reserve(file.text.size() * 4);
    Expansion expansion(mStore, options, out);
    LineSource lines;
    lines.source = out.lines.addSource(file.origin);
    lines.originName = file.origin;
    expansion.run(file.text, lines, &file, 0);
}

ShaderText IncludeExpander::expand(const ShaderText& text, const IncludeOptions& options) const {
    ShaderText out;
    out.text.reserve(text.text.size() * 4);
    Expansion expansion(mStore, options, out);
    LineSource lines;
    lines.map = &text.lines;
    for (size_t i = 0; i < text.lines.sourceCount(); ++i)
        lines.remap.push_back(out.lines.addSource(text.lines.sourceName(uint32_t(i)), text.lines.sourceContext(uint32_t(i))));
    expansion.run(text.text, lines, nullptr, 0);
    return out;
}

} // namespace th
