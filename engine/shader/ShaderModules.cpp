#include "shader/ShaderModules.h"

#include <algorithm>
#include <climits>

#include "core/Error.h"
#include "core/Str.h"
#include "shader/GlslScan.h"

namespace th {

namespace {

bool hasVersionDirective(std::string_view text) {
    for (std::string_view line : split(text, '\n')) {
        size_t first = line.find_first_not_of(" \t");
        if (first != std::string_view::npos && line.substr(first).rfind("#version", 0) == 0) return true;
    }
    return false;
}

struct Resolver {
    const ShaderStore& store;
    std::vector<const ShaderSource*> order;   // dependencies first
    std::vector<const ShaderSource*> visiting; // the current chain, for cycles
    std::vector<std::string> chainNames;

    const ShaderSource& find(const std::string& name, const std::string& askedBy, const SourceLocation& where) {
        std::string error;
        if (const ShaderSource* s = store.tryResolve(name, &error)) {
            // A stage's main shader found by the same lookup would paste a second #version
            // and main() after the declarations; the driver's error would name neither file.
            if (hasVersionDirective(s->text))
                throw Error(where, str(askedBy, " requires shader module '", name, "', but ", s->origin,
                                       " is a stage's main shader (it has #version), not a module"));
            return *s;
        }
        throw Error(where, str(askedBy, " requires shader module '", name, "', which is not in the shader store (", error, ")"));
    }

    void visit(const ShaderSource& module, const std::string& name) {
        if (std::find(order.begin(), order.end(), &module) != order.end()) return;
        auto it = std::find(visiting.begin(), visiting.end(), &module);
        if (it != visiting.end()) {
            std::vector<std::string> cycle(chainNames.begin() + (it - visiting.begin()), chainNames.end());
            cycle.push_back(name);
            throw Error(str("shader module cycle: ", join(cycle, " -> "), " (module '", chainNames.back(), "' requires '", name,
                            "', which requires it back)"));
        }
        visiting.push_back(&module);
        chainNames.push_back(name);
        for (auto& [dependency, line] : ShaderModules::requirements(module.text)) {
            SourceLocation where{module.origin, int(line + 1)};
            visit(find(dependency, str("shader module '", name, "'"), where), dependency);
        }
        visiting.pop_back();
        chainNames.pop_back();
        order.push_back(&module);
    }
};

} // namespace

const char* ShaderModules::marker(ShaderStage stage) {
    return stage == ShaderStage::Vertex ? "CUSTOM_VERTEX_DEFINITIONS" : "CUSTOM_FRAGMENT_DEFINITIONS";
}

std::vector<std::pair<std::string, size_t>> ShaderModules::requirements(std::string_view text) {
    std::vector<std::pair<std::string, size_t>> out;
    glsl::DirectiveCursor cursor(text);
    std::string_view line;
    std::string buffer;
    while (cursor.next(line)) {
        glsl::Directive d;
        if (!glsl::parseDirective(glsl::stripComments(line, false, buffer), d) || d.name != "requires") continue;
        for (std::string_view name : split(d.rest, ',')) {
            name = glsl::trimSpace(name);
            if (!name.empty()) out.emplace_back(std::string(name), cursor.index());
        }
    }
    return out;
}

PluginCode ShaderModules::resolve(const ShaderStore& store, const IncludeExpander& expander, const IncludeOptions& options,
                                  ShaderStage stage, std::span<const PluginCode* const> plugins) {
    PluginCode out;
    out.name = "shader modules";
    out.priority = INT_MIN + 1; // after the engine's declarations (INT_MIN), before every plugin
    Resolver resolver{store, {}, {}, {}};
    for (const PluginCode* plugin : injectionOrder(plugins)) {
        if (!plugin->enabled || plugin->modules.empty() || plugin->code(stage).empty()) continue;
        for (const std::string& name : plugin->modules)
            resolver.visit(resolver.find(name, str("plugin '", plugin->name, "'"), plugin->where), name);
    }
    for (const ShaderSource* module : resolver.order) {
        // "#requires" lines become comments: the list is for this resolver, not the driver.
        std::string text = module->text;
        size_t previous = SIZE_MAX;
        for (auto& [dependency, line] : requirements(text)) {
            (void)dependency;
            if (line == previous) continue; // "#requires a, b": one line
            previous = line;
            size_t begin = 0;
            for (size_t k = 0; k < line; ++k) begin = text.find('\n', begin) + 1;
            size_t hash = text.find('#', begin);
            text.replace(hash, 1, "//");
        }
        ShaderText source = ShaderText::fromSource(module->origin, text, str("shader module '", module->name, "'"));
        ShaderText expanded = expander.expand(source, options);
        PluginSnippet& snippet = out.addCode(stage, marker(stage), "", module->origin);
        snippet.code = std::move(expanded);
        snippet.where = SourceLocation{module->origin, 1};
    }
    return out;
}

} // namespace th
