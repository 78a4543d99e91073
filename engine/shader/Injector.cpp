#include "shader/Injector.h"

#include <algorithm>
#include <unordered_map>

#include "core/Str.h"
#include "shader/EditDistance.h"
#include "shader/GlslScan.h"
#include "shader/PipelineLimits.h"
#include "shader/Regex.h"

namespace th {

namespace {

constexpr std::string_view kMarkerPrefix = "CUSTOM_";

// Text the injector adds, and where each of its lines comes from: a snippet's own line map
// (plugin code) or the origin of one input line (the generated hook header and brace).
struct Piece {
    std::string_view text;
    const ShaderText* snippet = nullptr; // line k comes from snippet->lines[k] (clamped)
    size_t fixedLine = 0;                // else: every line takes this input line's origin
    bool plugin = false;                 // plugin text claims the output line it lands on
};

// One change to the input: bytes [begin, end) replaced by some pieces ([begin, begin) inserts).
struct Edit {
    size_t begin = 0, end = 0;
    size_t sequence = 0; // plugin order, for a stable sort
    std::string who;     // "plugin 'X' fragment key 'K'" or "#hook NAME", for conflict messages
    SourceLocation where;
    // Marker or regex: the record holding the text and the snippet giving its origins.
    size_t record = SIZE_MAX;
    const ShaderText* snippet = nullptr;
    // Hook: generated header and footer around the body parts (records + snippets).
    std::string header, footer;
    size_t hookLine = 0;
    std::vector<std::pair<size_t, const ShaderText*>> body;
};

struct Scan {
    std::vector<size_t> lineStart; // byte offset of each input line
    std::vector<InjectionPoint> markers;
    std::vector<InjectionPoint> hooks;
};

size_t lineOf(const std::vector<size_t>& lineStart, size_t offset) {
    auto it = std::upper_bound(lineStart.begin(), lineStart.end(), offset);
    return it == lineStart.begin() ? 0 : size_t(it - lineStart.begin()) - 1;
}

// "#hook [TYPE] NAME(PARAMETERS) [header { CODE }] [footer { CODE }]" (see Injector.h).
InjectionPoint parseHook(std::string_view rest, const SourceLocation& where, std::string_view line) {
    auto malformed = [&](std::string_view why) -> Error {
        return Error(where, str("malformed #hook (", why, "): expected '#hook [TYPE] NAME(parameters) ",
                                "[header { code }] [footer { code }]', e.g. '#hook OFFSET_POSITION(inout vec3 positionW)' or ",
                                "'#hook vec3 FILTER_COLOR(vec3 color) footer { return color; }', found '", line, "'"));
    };
    InjectionPoint hook;
    // Words up to '(': the last is the name, any before it the return type ("highp vec4").
    std::vector<std::string_view> words;
    size_t i = 0;
    for (;;) {
        while (i < rest.size() && glsl::isSpace(rest[i])) ++i;
        size_t len = glsl::identifierLength(rest.substr(i));
        if (len == 0) break;
        words.push_back(rest.substr(i, len));
        i += len;
    }
    if (words.empty()) throw malformed("no name");
    if (i >= rest.size() || rest[i] != '(') throw malformed("no parameter list after the name");
    size_t open = i, depth = 0, close = std::string_view::npos;
    for (size_t k = open; k < rest.size(); ++k) {
        if (rest[k] == '(') ++depth;
        else if (rest[k] == ')' && --depth == 0) {
            close = k;
            break;
        }
    }
    if (close == std::string_view::npos) throw malformed("the parameter list is not closed");
    hook.name = std::string(words.back());
    words.pop_back();
    std::vector<std::string> type(words.begin(), words.end());
    hook.returnType = type.empty() ? "void" : join(type, " ");
    hook.signature = std::string(glsl::trimSpace(rest.substr(open + 1, close - open - 1)));
    std::string_view tail = glsl::trimSpace(rest.substr(close + 1));
    while (!tail.empty()) {
        size_t len = glsl::identifierLength(tail);
        std::string_view clause = tail.substr(0, len);
        if (clause != "header" && clause != "footer")
            throw malformed(str("unexpected '", tail, "' after the parameters"));
        std::string& target = clause == "header" ? hook.header : hook.footer;
        if (!target.empty()) throw malformed(str("two ", clause, "s"));
        tail = glsl::trimSpace(tail.substr(len));
        if (tail.empty() || tail[0] != '{') throw malformed(str(clause, " needs '{ code }'"));
        size_t braces = 0, end = std::string_view::npos;
        for (size_t k = 0; k < tail.size(); ++k) {
            if (tail[k] == '{') ++braces;
            else if (tail[k] == '}' && --braces == 0) {
                end = k;
                break;
            }
        }
        if (end == std::string_view::npos) throw malformed(str("the ", clause, "'s '{' is not closed on the line"));
        target = std::string(glsl::trimSpace(tail.substr(1, end - 1)));
        if (target.empty()) throw malformed(str("an empty ", clause));
        tail = glsl::trimSpace(tail.substr(end + 1));
    }
    // A function with a value must return on every path, injected statements or not: the
    // header or footer provides the default return (as luma.gl's targets require).
    if (hook.returnType != "void") {
        auto returns = [](std::string_view code) {
            for (size_t k = 0; k < code.size();) {
                size_t len = glsl::identifierLength(code.substr(k));
                if (len == 0) {
                    ++k;
                    continue;
                }
                if (code.substr(k, len) == "return") return true;
                k += len;
            }
            return false;
        };
        if (!returns(hook.header) && !returns(hook.footer))
            throw Error(where, str("callable target '", hook.name, "' returns ", hook.returnType,
                                   " but neither a header nor a footer returns a value, so the function would end ",
                                   "without one when no plugin returns; add e.g. 'footer { return ",
                                   hook.signature.empty() ? std::string("...") : std::string("<a parameter>"), "; }'"));
    }
    return hook;
}

Scan scanText(const ShaderText& input) {
    Scan scan;
    scan.lineStart.reserve(input.lines.size() + 1);
    glsl::LineCursor cursor(input.text);
    std::string_view line;
    std::string buffer;
    while (cursor.next(line)) {
        scan.lineStart.push_back(cursor.offset());
        glsl::Directive d;
        if (!cursor.directive(d, line)) continue;
        if (d.name == "define") {
            std::string_view rest = glsl::trimSpace(d.rest);
            size_t len = glsl::identifierLength(rest);
            if (len > kMarkerPrefix.size() && rest.substr(0, kMarkerPrefix.size()) == kMarkerPrefix &&
                (len == rest.size() || rest[len] != '('))
                scan.markers.push_back({std::string(rest.substr(0, len)), {}, cursor.index()});
        } else if (d.name == "hook") {
            SourceLocation where = input.lines.locateIndex(cursor.index());
            std::string_view code = glsl::stripComments(line, false, buffer);
            glsl::parseDirective(code, d);
            InjectionPoint hook = parseHook(glsl::trimSpace(d.rest), where, glsl::trimSpace(line));
            hook.line = cursor.index();
            for (const InjectionPoint& h : scan.hooks)
                if (h.name == hook.name)
                    throw Error(where, str("callable target '", hook.name, "' is declared twice (first at ",
                                           input.lines.describe(h.line), ")"));
            scan.hooks.push_back(std::move(hook));
        }
    }
    // A sentinel line start at the end of a text that ends in '\n', so the last line counts as
    // complete when a copy reaches the end.
    if (!input.text.empty() && input.text.back() == '\n') scan.lineStart.push_back(input.text.size());
    return scan;
}

// Builds the output text and its line map from the input and the sorted edits. A line's
// origin is that of the first plugin text on it, else of whatever starts it.
class Assembler {
public:
    Assembler(const ShaderText& input, const std::vector<size_t>& lineStart, ShaderText& out)
        : mInput(input), mLineStart(lineStart), mOut(out) {
        mOut.lines.adoptSources(input.lines);
        mOut.lines.reserve(input.lines.size() + 64);
    }

    /// 0-based index of the output line the next text lands on.
    size_t currentLine() const { return mOut.lines.size(); }
    /// Output lines touched since `first` (as currentLine() returned before appending).
    size_t linesSince(size_t first) const { return mOut.lines.size() - first + (mAtLineStart ? 0 : 1); }

    // Input bytes [begin, end).
    void base(size_t begin, size_t end) {
        if (end <= begin) return;
        mOut.text.append(mInput.text, begin, end - begin);
        size_t line = lineOf(mLineStart, begin);
        if (mAtLineStart) startLine(inputOrigin(line), false);
        // Input lines starting inside (begin, end]: the previous line ends there.
        size_t next = line + 1;
        if (next >= mLineStart.size() || mLineStart[next] > end) return;
        endLine();
        size_t last = lineOf(mLineStart, end);
        // Lines [next, last) are complete inside the range: copy their origins in bulk.
        if (last > next) appendInputOrigins(next, last);
        if (mLineStart[last] < end) startLine(inputOrigin(last), false);
    }

    void piece(const Piece& p) {
        const std::string_view t = p.text;
        if (t.empty()) return;
        mOut.text.append(t);
        size_t local = 0, pos = 0;
        while (pos < t.size()) {
            size_t nl = t.find('\n', pos);
            LineOrigin o = origin(p, local);
            if (mAtLineStart) {
                startLine(o, p.plugin);
            } else if (p.plugin && !mClaimed) {
                mCurrent = o;
                mClaimed = true;
            }
            if (nl == std::string_view::npos) break;
            endLine();
            ++local;
            pos = nl + 1;
        }
    }

    void finish() {
        if (!mAtLineStart) {
            mOut.text += '\n';
            endLine();
        }
    }

private:
    LineOrigin inputOrigin(size_t line) const { return line < mInput.lines.size() ? mInput.lines[line] : LineOrigin{}; }

    void appendInputOrigins(size_t first, size_t end) {
        mOut.lines.appendSameSources(mInput.lines, first, end - first);
        for (size_t i = std::max(first, mInput.lines.size()); i < end; ++i) mOut.lines.push({});
    }

    LineOrigin origin(const Piece& p, size_t local) {
        if (!p.snippet || p.snippet->lines.size() == 0) return inputOrigin(p.fixedLine);
        const LineMap& map = p.snippet->lines;
        auto [it, inserted] = mRemap.try_emplace(p.snippet);
        if (inserted)
            for (size_t s = 0; s < map.sourceCount(); ++s)
                it->second.push_back(mOut.lines.addSource(map.sourceName(uint32_t(s)), map.sourceContext(uint32_t(s))));
        // A regex group that spans lines makes the expanded text longer than the snippet.
        const LineOrigin& o = map[std::min(local, map.size() - 1)];
        return {it->second[o.source], o.line};
    }

    void startLine(LineOrigin o, bool claimed) {
        mCurrent = o;
        mClaimed = claimed;
        mAtLineStart = false;
    }
    void endLine() {
        mOut.lines.push(mCurrent);
        mAtLineStart = true;
    }

    const ShaderText& mInput;
    const std::vector<size_t>& mLineStart;
    ShaderText& mOut;
    LineOrigin mCurrent;
    bool mClaimed = false;
    bool mAtLineStart = true;
    std::unordered_map<const ShaderText*, std::vector<uint32_t>> mRemap;
};

std::string describeKey(const PluginCode& p, ShaderStage stage, std::string_view key) {
    return str("plugin '", p.name, "' ", toString(stage), " key '", key, "'");
}

InjectionRecord makeRecord(const PluginCode& plugin, const std::string& key, InjectionKind kind, size_t inputLine,
                           const ShaderText& input, std::string text) {
    InjectionRecord r;
    r.plugin = plugin.name;
    r.key = key;
    r.kind = kind;
    r.inputLine = inputLine;
    r.target = input.lines.locateIndex(inputLine);
    r.text = std::move(text);
    return r;
}

} // namespace

InjectionResult Injector::scanPoints(const ShaderText& expanded) {
    Scan scan = scanText(expanded);
    InjectionResult out;
    out.markers = std::move(scan.markers);
    out.hooks = std::move(scan.hooks);
    return out;
}

InjectionResult Injector::inject(const ShaderText& input, ShaderStage stage, std::span<const PluginCode* const> plugins,
                                 std::string_view shaderName) {
    InjectionResult result;
    injectInto(input, stage, plugins, shaderName, result);
    return result;
}

void Injector::injectInto(const ShaderText& input, ShaderStage stage, std::span<const PluginCode* const> plugins,
                          std::string_view shaderName, InjectionResult& result) {
    result.records.clear();
    result.text.text.clear();
    result.text.lines.reset();
    Scan scan = scanText(input);
    std::string shaderLabel(shaderName.empty() ? std::string_view("the shader") : shaderName);
    const std::string& text = input.text;
    std::vector<Edit> edits;
    std::vector<Edit> hookEdits(scan.hooks.size());
    size_t sequence = 0;
    size_t addedBytes = 0;
    auto account = [&](size_t bytes, const SourceLocation& where, const std::string& who) {
        addedBytes += bytes;
        if (text.size() + addedBytes > kMaxShaderBytes)
            throw Error(where, str(who, ": the injected code makes the shader larger than ", kMaxShaderBytes, " bytes"));
    };

    for (const PluginCode* plugin : injectionOrder(plugins)) {
        if (!plugin->enabled) continue;
        for (const PluginSnippet& snippet : plugin->code(stage)) {
            const std::string& key = snippet.key;
            SourceLocation where = snippet.where.known() ? snippet.where : SourceLocation{shaderLabel};
            std::string who = describeKey(*plugin, stage, key);

            if (!key.empty() && key[0] == '!') {
                bool all = key.size() > 1 && key[1] == '*';
                std::string_view pattern = std::string_view(key).substr(all ? 2 : 1);
                // A snippet file ends with a newline that is never part of the replacement.
                std::string_view replacement = snippet.code.text;
                if (!replacement.empty() && replacement.back() == '\n') replacement.remove_suffix(1);
                std::vector<Regex::Match> matches;
                std::shared_ptr<const Regex> regex;
                try {
                    if (pattern.empty()) throw Error("the pattern is empty");
                    regex = Regex::compile(pattern);
                    regex->checkReplacement(replacement);
                    matches = regex->findAll(text);
                } catch (const Error& e) {
                    throw Error(where, str(who, ": ", e.message()));
                }
                if (matches.empty()) {
                    throw Error(where, str(who, " matches nothing in ", shaderLabel,
                                           ". A regex sees the expanded shader: #include lines are already replaced by ",
                                           "the include's text, with its parameters substituted; target a statement of ",
                                           "that text (th-shader inject prints it)"));
                }
                if (!all && matches.size() != 1) {
                    std::vector<std::string> lines;
                    for (size_t i = 0; i < matches.size() && i < 10; ++i)
                        lines.push_back(input.lines.describe(lineOf(scan.lineStart, matches[i].begin)));
                    if (matches.size() > 10) lines.push_back("...");
                    throw Error(where, str(who, " must match exactly once but matches ", matches.size(), " times, at ",
                                           join(lines, ", "), ". Make the pattern specific to one place, or write '!*",
                                           pattern, "' to replace every match"));
                }
                for (const Regex::Match& m : matches) {
                    Edit e;
                    e.begin = m.begin;
                    e.end = m.end;
                    e.sequence = sequence++;
                    e.who = who;
                    e.where = where;
                    e.snippet = &snippet.code;
                    e.record = result.records.size();
                    result.records.push_back(makeRecord(*plugin, key, InjectionKind::Regex, lineOf(scan.lineStart, m.begin),
                                                        input, regex->expand(replacement, text, m)));
                    result.records.back().replaced = text.substr(m.begin, m.end - m.begin);
                    account(result.records.back().text.size(), where, who);
                    edits.push_back(std::move(e));
                }
                continue;
            }

            bool landed = false;
            for (const InjectionPoint& marker : scan.markers) {
                if (marker.name != key) continue;
                landed = true;
                Edit e;
                e.begin = e.end = scan.lineStart[marker.line];
                e.sequence = sequence++;
                e.who = who;
                e.where = where;
                e.snippet = &snippet.code;
                std::string code = snippet.code.text;
                if (!code.empty() && code.back() != '\n') code += '\n';
                account(code.size(), where, who);
                e.record = result.records.size();
                result.records.push_back(makeRecord(*plugin, key, InjectionKind::Marker, marker.line, input, std::move(code)));
                edits.push_back(std::move(e));
            }
            if (landed) continue;
            for (size_t h = 0; h < scan.hooks.size(); ++h) {
                if (scan.hooks[h].name != key) continue;
                landed = true;
                std::string code = snippet.code.text;
                if (!code.empty() && code.back() != '\n') code += '\n';
                account(code.size(), where, who);
                hookEdits[h].body.emplace_back(result.records.size(), &snippet.code);
                result.records.push_back(makeRecord(*plugin, key, InjectionKind::Hook, scan.hooks[h].line, input, std::move(code)));
            }
            if (landed) continue;

            std::vector<std::string> markers, hooks, near;
            for (const InjectionPoint& m : scan.markers)
                if (std::find(markers.begin(), markers.end(), m.name) == markers.end()) markers.push_back(m.name);
            for (const InjectionPoint& h : scan.hooks)
                hooks.push_back(str(h.returnType == "void" ? std::string() : str(h.returnType, " "), h.name, "(", h.signature, ")"));
            for (const std::string& m : markers)
                if (editDistance(m, key) <= 3) near.push_back(m);
            for (const InjectionPoint& h : scan.hooks)
                if (editDistance(h.name, key) <= 3) near.push_back(h.name);
            throw Error(where, str(who, " names no injection point in ", shaderLabel,
                                   near.empty() ? std::string() : str(" (did you mean ", join(near, " or "), "?)"),
                                   ". Markers (#define CUSTOM_...): ", markers.empty() ? std::string("none") : join(markers, ", "),
                                   "; callable targets (#hook): ", hooks.empty() ? std::string("none") : join(hooks, ", "),
                                   "; a regex key starts with '!'"));
        }
    }

    // Every hook line becomes a function, with or without injected statements.
    for (size_t h = 0; h < scan.hooks.size(); ++h) {
        const InjectionPoint& hook = scan.hooks[h];
        Edit& e = hookEdits[h];
        e.begin = scan.lineStart[hook.line];
        e.end = text.find('\n', e.begin);
        if (e.end == std::string::npos) e.end = text.size();
        std::string_view line(text.data() + e.begin, e.end - e.begin);
        size_t indent = 0;
        while (indent < line.size() && glsl::isSpace(line[indent])) ++indent;
        std::string_view indentText = line.substr(0, indent);
        e.sequence = sequence++;
        e.who = str("#hook ", hook.name);
        e.where = input.lines.locateIndex(hook.line);
        e.hookLine = hook.line;
        bool open = !e.body.empty() || !hook.header.empty() || !hook.footer.empty();
        e.header = str(indentText, hook.returnType, " ", hook.name, "(", hook.signature, ") {", open ? "\n" : "}");
        if (!hook.header.empty()) e.header += str(indentText, "    ", hook.header, "\n");
        if (open) e.footer = str(hook.footer.empty() ? std::string() : str(indentText, "    ", hook.footer, "\n"), indentText, "}");
        edits.push_back(std::move(e));
    }

    // Apply in text order; inserts before replacements at the same place, plugin order within.
    std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
        if (a.begin != b.begin) return a.begin < b.begin;
        bool aInsert = a.begin == a.end, bInsert = b.begin == b.end;
        if (aInsert != bInsert) return aInsert;
        return a.sequence < b.sequence;
    });
    for (size_t i = 1, widest = 0; i < edits.size(); ++i) {
        if (edits[i - 1].end > edits[widest].end) widest = i - 1;
        const Edit& a = edits[widest];
        const Edit& b = edits[i];
        if (b.begin < a.end)
            throw Error(b.where, str(b.who, " overlaps ", a.who, " (", a.where.toString(), ") at ",
                                     input.lines.describe(lineOf(scan.lineStart, b.begin)),
                                     ": every key edits the expanded shader as it was before injection, so two ",
                                     "edits may not touch the same text (a regex may not span a marker or #hook line)"));
    }

    Assembler out(input, scan.lineStart, result.text);
    result.text.text.reserve(text.size() + addedBytes + 64 * scan.hooks.size());
    size_t cursor = 0;
    for (const Edit& e : edits) {
        out.base(cursor, e.begin);
        cursor = e.end;
        if (e.record != SIZE_MAX) {
            InjectionRecord& r = result.records[e.record];
            r.firstLine = out.currentLine();
            out.piece({r.text, e.snippet, r.inputLine, true});
            r.lineCount = out.linesSince(r.firstLine);
            continue;
        }
        out.piece({e.header, nullptr, e.hookLine, false});
        for (auto& [record, snippet] : e.body) {
            InjectionRecord& r = result.records[record];
            r.firstLine = out.currentLine();
            out.piece({r.text, snippet, e.hookLine, true});
            r.lineCount = out.linesSince(r.firstLine);
        }
        out.piece({e.footer, nullptr, e.hookLine, false});
    }
    out.base(cursor, text.size());
    out.finish();
    result.markers = std::move(scan.markers);
    result.hooks = std::move(scan.hooks);
}

} // namespace th
