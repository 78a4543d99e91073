#pragma once
// One command-line parser for the programs. Each program declares its options once, with the
// modes each applies to (th-capture: scene files, a glTF model, a blank check; th-demo: a
// window or headless). Parsing rejects an unknown option, a missing value, and an option that
// does not apply to the mode the command line selects, naming the option and the mode, so an
// option is never accepted and then ignored. Values are checked whole ("2x" is not 2) and
// against a range. Errors are UsageError (the apps print it and exit 2); nothing here exits,
// so the parsers can be fuzzed.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "core/Error.h"
#include "core/NumberRange.h"

namespace th {

/// A command line that cannot mean anything: the message names the option and what it expects.
class UsageError : public Error {
public:
    using Error::Error;
};

struct OptionSpec {
    std::string name;        ///< "--exposure"
    bool takesValue = false;
    uint32_t modes = 0;      ///< the modes (bit flags, the program's) it applies to
    bool repeatable = false; ///< may be given more than once (--scene A --scene B)
};

struct ParsedOption {
    std::string name;  ///< empty for a positional argument
    std::string value;
};

class CommandLine {
public:
    /// `modeNames[i]` names mode bit i in messages ("--gltf captures").
    CommandLine(std::string program, std::vector<OptionSpec> options, std::vector<std::string> modeNames,
                bool positionals = false);

    /// Splits argv (argv[0] is the program) into options and values. Throws UsageError for an
    /// unknown option, a missing value, or a non-repeatable option given twice.
    std::vector<ParsedOption> parse(int argc, const char* const* argv) const;
    /// Throws UsageError for the first option that does not apply to every mode in `modes`.
    void checkModes(const std::vector<ParsedOption>& parsed, uint32_t modes) const;

    const OptionSpec* find(std::string_view name) const;
    /// "--gltf captures and scene-file captures"
    std::string describeModes(uint32_t modes) const;

private:
    std::string mProgram;
    std::vector<OptionSpec> mOptions;
    std::vector<std::string> mModeNames;
    bool mPositionals = false;
};

/// The whole of `text` as a number in `range` ("2x", "1e99", "nan" are errors naming `option`).
double parseNumberOption(std::string_view option, std::string_view text, const NumberRange& range);
/// The whole of `text` as an integer in [lo, hi].
int64_t parseIntegerOption(std::string_view option, std::string_view text, int64_t lo, int64_t hi);
/// "X,Y,Z", each a number in `range`.
glm::vec3 parseVec3Option(std::string_view option, std::string_view text, const NumberRange& range);

/// Lets a file size limit (RLIMIT_FSIZE) fail a write with EFBIG, which writeFile reports with
/// the path, instead of killing the process with SIGXFSZ. Called first thing by the programs.
void reportFileSizeLimitAsError();

/// Flushes standard output, where the programs print the paths they wrote (or the shader they
/// built): a full disk or a closed pipe there is a lost write too. Returns `status`, or 1
/// with a message naming `program` when the flush failed.
int finishStandardOutput(const char* program, int status);

} // namespace th
