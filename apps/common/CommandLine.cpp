#include "common/CommandLine.h"

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "core/Str.h"

namespace th {

CommandLine::CommandLine(std::string program, std::vector<OptionSpec> options, std::vector<std::string> modeNames,
                         bool positionals)
    : mProgram(std::move(program)), mOptions(std::move(options)), mModeNames(std::move(modeNames)), mPositionals(positionals) {}

const OptionSpec* CommandLine::find(std::string_view name) const {
    for (const OptionSpec& o : mOptions)
        if (o.name == name) return &o;
    return nullptr;
}

std::string CommandLine::describeModes(uint32_t modes) const {
    std::vector<std::string> names;
    for (size_t i = 0; i < mModeNames.size(); ++i)
        if ((modes & (1u << i)) && !mModeNames[i].empty()) names.push_back(mModeNames[i]);
    return join(names, " and ");
}

std::vector<ParsedOption> CommandLine::parse(int argc, const char* const* argv) const {
    std::vector<ParsedOption> out;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i] ? argv[i] : "";
        if (a.empty() || a[0] != '-' || a == "-") {
            if (!mPositionals) throw UsageError(str("unexpected argument '", a, "' (options start with --)"));
            out.push_back({"", a});
            continue;
        }
        const OptionSpec* spec = find(a);
        if (!spec) throw UsageError(str("unknown option '", a, "'"));
        if (!spec->repeatable)
            for (const ParsedOption& p : out)
                if (p.name == a) throw UsageError(str(a, " is given twice; give it once"));
        ParsedOption p{a, ""};
        if (spec->takesValue) {
            if (i + 1 >= argc || !argv[i + 1]) throw UsageError(str(a, " needs a value"));
            p.value = argv[++i];
        }
        out.push_back(std::move(p));
    }
    return out;
}

void CommandLine::checkModes(const std::vector<ParsedOption>& parsed, uint32_t modes) const {
    for (const ParsedOption& p : parsed) {
        if (p.name.empty()) continue;
        const OptionSpec* spec = find(p.name);
        uint32_t missing = modes & ~spec->modes;
        if (missing == 0) continue;
        throw UsageError(str(p.name, " applies to ", describeModes(spec->modes), ", not to ", describeModes(missing),
                             ": it would be ignored there"));
    }
}

double parseNumberOption(std::string_view option, std::string_view text, const NumberRange& range) {
    double v = 0;
    // from_chars: locale-independent, and it reports how much of the text it used.
    auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || r.ec != std::errc() || r.ptr != text.data() + text.size() || !std::isfinite(v))
        throw UsageError(str(option, ": '", text, "' is not a number"));
    if (!range.contains(v)) throw UsageError(str(option, ": ", text, " is outside ", range.toString()));
    return v;
}

int64_t parseIntegerOption(std::string_view option, std::string_view text, int64_t lo, int64_t hi) {
    int64_t v = 0;
    auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || r.ec == std::errc::invalid_argument || r.ptr != text.data() + text.size())
        throw UsageError(str(option, ": '", text, "' is not a whole number"));
    if (r.ec == std::errc::result_out_of_range || v < lo || v > hi)
        throw UsageError(str(option, ": ", text, " is outside [", lo, ", ", hi, "]"));
    return v;
}

glm::vec3 parseVec3Option(std::string_view option, std::string_view text, const NumberRange& range) {
    std::vector<std::string_view> parts = split(text, ',');
    if (parts.size() != 3) throw UsageError(str(option, " expects X,Y,Z, got '", text, "'"));
    glm::vec3 v;
    for (int i = 0; i < 3; ++i) v[i] = float(parseNumberOption(option, parts[size_t(i)], range));
    return v;
}

void reportFileSizeLimitAsError() { std::signal(SIGXFSZ, SIG_IGN); }

int finishStandardOutput(const char* program, int status) {
    std::cout.flush();
    bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
    if (!failed) return status;
    std::fprintf(stderr, "%s: cannot write standard output: %s\n", program, std::strerror(errno));
    return status == 0 ? 1 : status;
}

} // namespace th
