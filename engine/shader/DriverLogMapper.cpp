#include "shader/DriverLogMapper.h"

#include <algorithm>
#include <charconv>

#include "core/Str.h"
#include "shader/GlslScan.h"

namespace th {

namespace {

struct Parsed {
    bool ok = false;
    int line = 0;
    Severity severity = Severity::Error;
    std::string_view message; ///< without the location, starting at the severity word
};

bool readInt(std::string_view s, size_t& i, int& out) {
    size_t start = i;
    while (i < s.size() && glsl::isDigit(s[i])) ++i;
    if (i == start) return false;
    auto r = std::from_chars(s.data() + start, s.data() + i, out);
    return r.ec == std::errc();
}

bool eat(std::string_view s, size_t& i, std::string_view what) {
    if (s.substr(i, what.size()) != what) return false;
    i += what.size();
    return true;
}

void skipSpace(std::string_view s, size_t& i) {
    while (i < s.size() && glsl::isSpace(s[i])) ++i;
}

Severity severityOf(std::string_view word) {
    if (word.starts_with("warning") || word.starts_with("WARNING")) return Severity::Warning;
    if (word.starts_with("info") || word.starts_with("INFO") || word.starts_with("note")) return Severity::Info;
    return Severity::Error;
}

Parsed parseLine(std::string_view s) {
    Parsed p;
    size_t i = 0;
    skipSpace(s, i);
    // glslang / ANGLE / AMD / Apple: "ERROR: 0:42: message"
    for (std::string_view prefix : {"ERROR:", "WARNING:", "INFO:"}) {
        size_t j = i;
        if (!eat(s, j, prefix)) continue;
        skipSpace(s, j);
        int file = 0;
        if (!readInt(s, j, file) || !eat(s, j, ":") || !readInt(s, j, p.line) || !eat(s, j, ":")) return p;
        skipSpace(s, j);
        p.ok = true;
        p.severity = severityOf(prefix);
        p.message = s.substr(j);
        return p;
    }
    int file = 0;
    size_t j = i;
    if (!readInt(s, j, file)) return p;
    if (eat(s, j, ":")) {
        // Mesa: "0:42(12): error: message"
        if (!readInt(s, j, p.line)) return p;
        if (j < s.size() && s[j] == '(') {
            int column = 0;
            ++j;
            if (!readInt(s, j, column) || !eat(s, j, ")")) return p;
        }
        if (!eat(s, j, ":")) return p;
    } else if (eat(s, j, "(")) {
        // NVIDIA: "0(42) : error C1008: message"
        if (!readInt(s, j, p.line) || !eat(s, j, ")")) return p;
        skipSpace(s, j);
        if (!eat(s, j, ":")) return p;
    } else {
        return p;
    }
    skipSpace(s, j);
    p.ok = true;
    p.message = s.substr(j);
    p.severity = severityOf(p.message);
    return p;
}

// "error: x" stays; a glslang message without a severity word gets one.
std::string withSeverity(const Parsed& p) {
    std::string_view m = p.message;
    if (m.starts_with("error") || m.starts_with("warning") || m.starts_with("info") || m.starts_with("note")) return std::string(m);
    return str(toString(p.severity), ": ", m);
}

} // namespace

std::string DriverLogMapper::map(std::string_view log, const LineMap& lines) {
    std::string out;
    out.reserve(log.size() + 256);
    for (std::string_view line : split(log, '\n')) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        Parsed p = parseLine(line);
        if (p.ok) {
            out += str(lines.locate(p.line).toString(), ": ", withSeverity(p));
            if (const std::string& context = lines.contextAt(p.line); !context.empty()) out += str(" (", context, ")");
        } else {
            out += line;
        }
        out += '\n';
    }
    while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
    if (!log.empty() && log.back() != '\n' && !out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

namespace {

/// Identifiers the message quotes: `x', 'x' or "x".
std::vector<std::string_view> quotedIdentifiers(std::string_view line) {
    std::vector<std::string_view> out;
    for (size_t i = 0; i < line.size(); ++i) {
        char open = line[i];
        if (open != '`' && open != '\'' && open != '"') continue;
        size_t j = i + 1;
        if (j >= line.size() || !glsl::isIdentStart(line[j])) continue;
        while (j < line.size() && glsl::isIdentChar(line[j])) ++j;
        char close = open == '`' ? '\'' : open;
        if (j < line.size() && line[j] == close) {
            std::string_view id = line.substr(i + 1, j - i - 1);
            if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
            i = j;
        }
    }
    return out;
}

/// Origin of the first line of `text` where `id` stands as a whole word at global scope
/// (not indented: a declaration, not a use inside a function); empty when none.
std::string declarationOf(const ShaderText& text, std::string_view id) {
    size_t lineStart = 0;
    for (size_t index = 0; lineStart < text.text.size(); ++index) {
        size_t end = text.text.find('\n', lineStart);
        if (end == std::string::npos) end = text.text.size();
        std::string_view line(text.text.data() + lineStart, end - lineStart);
        if (!line.empty() && !glsl::isSpace(line[0]))
            for (size_t at = line.find(id); at != std::string_view::npos; at = line.find(id, at + 1)) {
                bool startOk = at == 0 || !glsl::isIdentChar(line[at - 1]);
                bool endOk = at + id.size() >= line.size() || !glsl::isIdentChar(line[at + id.size()]);
                if (startOk && endOk) {
                    const std::string& context = text.lines.contextAt(int(index) + 1);
                    return context.empty() ? text.lines.describe(index) : str(text.lines.describe(index), " (", context, ")");
                }
            }
        lineStart = end + 1;
    }
    return {};
}

} // namespace

std::string DriverLogMapper::mapLink(std::string_view log, const ShaderText& vertex, const ShaderText& fragment) {
    std::string out;
    for (std::string_view line : split(log, '\n')) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim(line).empty()) continue;
        out += line;
        for (std::string_view id : quotedIdentifiers(line)) {
            std::string v = declarationOf(vertex, id), f = declarationOf(fragment, id);
            if (v.empty() && f.empty()) continue;
            out += str("\n  [", id, ": vertex: ", v.empty() ? "not declared" : v, "; fragment: ", f.empty() ? "not declared" : f, "]");
        }
        out += '\n';
    }
    if (!out.empty()) out.pop_back();
    return out;
}

std::vector<Diagnostic> DriverLogMapper::parse(std::string_view log, const LineMap& lines) {
    std::vector<Diagnostic> out;
    for (std::string_view line : split(log, '\n')) {
        Parsed p = parseLine(line);
        if (!p.ok) continue;
        Diagnostic d;
        d.severity = p.severity;
        d.where = lines.locate(p.line);
        std::string_view m = p.message;
        for (std::string_view word : {"error:", "warning:", "info:", "note:"})
            if (m.starts_with(word)) {
                m.remove_prefix(word.size());
                break;
            }
        d.message = std::string(trim(m));
        if (const std::string& context = lines.contextAt(p.line); !context.empty()) d.message += str(" (", context, ")");
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace th
