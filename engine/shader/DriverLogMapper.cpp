#include "shader/DriverLogMapper.h"

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
