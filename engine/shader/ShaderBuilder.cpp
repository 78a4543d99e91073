#include "shader/ShaderBuilder.h"

#include <algorithm>
#include <chrono>

#include "core/Str.h"
#include "shader/IncludeExpander.h"
#include "shader/Injector.h"
#include "shader/Lint.h"
#include "shader/Migrator.h"
#include "shader/PluginIncludes.h"
#include "shader/ShaderModules.h"

namespace th {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point& start) {
    Clock::time_point now = Clock::now();
    double ms = std::chrono::duration<double, std::milli>(now - start).count();
    start = now;
    return ms;
}

} // namespace

ShaderBuildResult ShaderBuilder::build(const ShaderBuildRequest& request) {
    return build(ShaderText{}, request);
}

ShaderBuildResult ShaderBuilder::build(const ShaderText& source, const ShaderBuildRequest& request) {
    ShaderBuildResult result;
    IncludeOptions includeOptions;
    includeOptions.indexParameters = request.indexParameters;
    includeOptions.uniformBuffers = request.uniformBuffers;
    IncludeExpander expander(mStore);

    Clock::time_point t = Clock::now();
    std::string name;
    if (source.lines.size() == 0 && source.text.empty()) {
        const ShaderSource& file = mStore.resolve(request.source);
        name = file.origin;
        expander.expandInto(file.name, includeOptions, mExpanded);
    } else {
        name = source.lines.size() ? source.lines.locateIndex(0).file : request.source;
        mExpanded = expander.expand(source, includeOptions);
    }
    result.timings.includes = since(t);

    // Plugin code with its own includes expanded, and the shader modules it uses.
    std::deque<PluginCode> expandedPlugins;
    std::vector<const PluginCode*> plugins =
        PluginIncludes::expand(expander, includeOptions, request.stage, request.plugins, expandedPlugins);
    PluginCode modules = ShaderModules::resolve(mStore, expander, includeOptions, request.stage, request.plugins);
    if (modules.hasCode()) plugins.push_back(&modules);
    Injector::injectInto(mExpanded, request.stage, plugins, name, mInjected);
    result.timings.injection = since(t);

    if (request.lint) {
        LintContext lint;
        lint.stage = request.stage;
        lint.injection = &mInjected;
        lint.plugins = plugins;
        lint.declaredDefines = request.declaredDefines;
        lint.builtinDefines = request.builtinDefines;
        lint.defines = &request.defines;
        result.diagnostics = Lint::run(lint);
        result.timings.lint = since(t);
        if (request.lintErrorsThrow) {
            auto isError = [](const Diagnostic& d) { return d.severity == Severity::Error; };
            auto firstError = std::find_if(result.diagnostics.begin(), result.diagnostics.end(), isError);
            if (firstError != result.diagnostics.end()) {
                auto errors = std::count_if(result.diagnostics.begin(), result.diagnostics.end(), isError);
                throw Error(firstError->where, errors > 1 ? str(firstError->message, " (and ", errors - 1, " more lint errors)")
                                                          : firstError->message);
            }
        }
    }

    for (const SourceEdit& edit : request.sourceEdits) applySourceEdit(edit, request.stage, mInjected.text);
    mPreprocessor.runInto(mInjected.text, request.defines, {}, mPreprocessed);
    result.timings.preprocess = since(t);
    Migrator::migrateInto(mPreprocessed, request.stage, request.language, result.text);
    result.timings.migration = since(t);
    return result;
}

std::string annotate(const ShaderText& text) {
    std::vector<std::string> labels;
    labels.reserve(text.lines.size());
    size_t width = 0;
    for (size_t i = 0; i < text.lines.size(); ++i) {
        labels.push_back(text.lines.describe(i));
        width = std::max(width, labels.back().size());
    }
    width = std::min<size_t>(width, 56);
    std::string out;
    out.reserve(text.text.size() + labels.size() * (width + 3));
    size_t line = 0, pos = 0;
    while (pos < text.text.size()) {
        size_t nl = text.text.find('\n', pos);
        size_t end = nl == std::string::npos ? text.text.size() : nl;
        const std::string& label = line < labels.size() ? labels[line] : std::string("?");
        out += label;
        if (label.size() < width) out.append(width - label.size(), ' ');
        out += " | ";
        out.append(text.text, pos, end - pos);
        out += '\n';
        pos = end + 1;
        ++line;
    }
    return out;
}

} // namespace th
