#include "shader/SourceEdit.h"

#include <exception>
#include <vector>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> out;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        out.push_back(text.substr(pos, nl - pos));
        pos = nl + 1;
    }
    return out;
}

} // namespace

void applySourceEdit(const SourceEdit& edit, ShaderStage stage, ShaderText& text) {
    std::string edited;
    try {
        edited = edit.edit(text.text, stage);
    } catch (const std::exception& e) {
        throw Error(str(edit.owner, ": the source hook failed on the ", toString(stage), " stage: ", e.what()));
    } catch (...) {
        throw Error(str(edit.owner, ": the source hook failed on the ", toString(stage), " stage (a non-standard exception)"));
    }
    if (edited.find_first_not_of(" \t\r\n") == std::string::npos)
        throw Error(str(edit.owner, ": the source hook returned an empty ", toString(stage),
                        " source; return the source it was given, edited"));
    if (edited == text.text) return;

    // Which lines are the old ones: a common prefix and suffix, and in between a greedy
    // forward match with a short look-ahead (hooks insert lines and edit a few; they do not
    // shuffle the shader).
    std::vector<std::string_view> before = splitLines(text.text), after = splitLines(edited);
    ShaderText out;
    out.lines.adoptSources(text.lines);
    uint32_t hook = out.lines.addSource(str(edit.owner, " source hook"));
    size_t prefix = 0;
    while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix]) ++prefix;
    size_t suffix = 0;
    while (suffix < before.size() - prefix && suffix < after.size() - prefix &&
           before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
        ++suffix;
    out.lines.appendSameSources(text.lines, 0, prefix);
    constexpr size_t kLookAhead = 64;
    size_t old = prefix;
    const size_t oldEnd = before.size() - suffix;
    for (size_t i = prefix; i < after.size() - suffix; ++i) {
        size_t found = SIZE_MAX;
        for (size_t k = old; k < oldEnd && k < old + kLookAhead; ++k)
            if (before[k] == after[i]) {
                found = k;
                break;
            }
        if (found != SIZE_MAX) {
            out.lines.push(found < text.lines.size() ? text.lines[found] : LineOrigin{hook, uint32_t(i + 1)});
            old = found + 1;
        } else {
            out.lines.push({hook, uint32_t(i + 1)});
        }
    }
    out.lines.appendSameSources(text.lines, before.size() - suffix, suffix);
    while (out.lines.size() < after.size()) out.lines.push({hook, uint32_t(out.lines.size() + 1)});
    out.text = std::move(edited);
    if (out.text.back() != '\n') out.text += '\n';
    text = std::move(out);
}

} // namespace th
