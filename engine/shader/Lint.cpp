#include "shader/Lint.h"

#include <algorithm>
#include <array>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/Str.h"
#include "shader/EditDistance.h"
#include "shader/GlslScan.h"

namespace th {

namespace {

// Macros every GLSL compiler predefines.
constexpr std::array<std::string_view, 5> kGlslMacros = {"GL_ES", "__VERSION__", "__LINE__", "__FILE__",
                                                          "GL_FRAGMENT_PRECISION_HIGH"};

// Type names that start a declaration "type name".
constexpr std::array<std::string_view, 44> kTypes = {
    "float",  "int",     "uint",    "bool",    "vec2",    "vec3",    "vec4",    "ivec2",   "ivec3",
    "ivec4",  "uvec2",   "uvec3",   "uvec4",   "bvec2",   "bvec3",   "bvec4",   "mat2",    "mat3",
    "mat4",   "mat2x2",  "mat2x3",  "mat2x4",  "mat3x2",  "mat3x3",  "mat3x4",  "mat4x2",  "mat4x3",
    "mat4x4", "sampler2D", "sampler3D", "samplerCube", "sampler2DArray", "sampler2DShadow",
    "samplerCubeShadow", "sampler2DArrayShadow", "isampler2D", "usampler2D", "isampler3D", "usampler3D",
    "isamplerCube", "usamplerCube", "isampler2DArray", "usampler2DArray", "void"};

bool isType(std::string_view id) { return std::find(kTypes.begin(), kTypes.end(), id) != kTypes.end(); }

// The conditional structure of a text: for each line, the innermost open branch. Views into
// the text, no per-directive allocation: this runs on every effect build.
struct Branch {
    std::string_view kind; // "if", "ifdef", "ifndef", "elif", "else"
    std::string_view rest; // the directive's expression or name
    size_t line = 0;       // line of the directive opening this branch
    int parent = -1;       // enclosing branch
    int opener = -1;       // for elif/else: the branch of the #if they continue
};

struct ConditionMap {
    std::vector<Branch> branches;
    std::vector<int> lineBranch; // per line, -1 = unconditional
    std::unordered_map<std::string_view, std::vector<size_t>> definedNames; // #define NAME -> lines

    explicit ConditionMap(const ShaderText& t) {
        lineBranch.reserve(t.lines.size());
        glsl::LineCursor cursor(t.text);
        std::string_view line;
        std::vector<int> stack; // open branches
        while (cursor.next(line)) {
            int current = stack.empty() ? -1 : stack.back();
            glsl::Directive d;
            if (cursor.directive(d, line)) {
                // Comments after a condition only shorten the text shown in messages.
                std::string_view rest = glsl::trimSpace(d.rest.substr(0, d.rest.find("//")));
                if (d.name == "if" || d.name == "ifdef" || d.name == "ifndef") {
                    branches.push_back({d.name, rest, cursor.index(), current, -1});
                    stack.push_back(int(branches.size() - 1));
                } else if ((d.name == "elif" || d.name == "else") && !stack.empty()) {
                    const Branch& previous = branches[size_t(stack.back())];
                    int opener = previous.opener >= 0 ? previous.opener : stack.back();
                    branches.push_back({d.name, rest, cursor.index(), previous.parent, opener});
                    stack.back() = int(branches.size() - 1);
                } else if (d.name == "endif" && !stack.empty()) {
                    stack.pop_back();
                } else if (d.name == "define") {
                    std::string_view r = glsl::trimSpace(d.rest);
                    size_t len = glsl::identifierLength(r);
                    if (len) definedNames[r.substr(0, len)].push_back(cursor.index());
                }
            }
            bool continues = d.name == "endif" || d.name == "else" || d.name == "elif";
            lineBranch.push_back(continues ? current : (stack.empty() ? -1 : stack.back()));
        }
    }

    int branchAt(size_t line) const { return line < lineBranch.size() ? lineBranch[line] : -1; }

    bool encloses(int outer, int inner) const {
        if (outer < 0) return true;
        for (int b = inner; b >= 0; b = branches[size_t(b)].parent)
            if (b == outer) return true;
        return false;
    }

    std::string text(int branch) const {
        const Branch& b = branches[size_t(branch)];
        if (b.kind == "else") {
            const Branch& o = branches[size_t(b.opener)];
            return str("the #else of #", o.kind, " ", o.rest);
        }
        return str("#", b.kind, " ", b.rest);
    }

    /// "#ifdef UNLIT (pbr.frag.glsl:120), within #if ... (...)"
    std::string describe(int branch, const LineMap& lines) const {
        std::string out;
        for (int b = branch; b >= 0; b = branches[size_t(b)].parent) {
            if (!out.empty()) out += ", within ";
            out += str(text(b), " (", lines.describe(branches[size_t(b)].line), ")");
        }
        return out;
    }
};

// (a) gates on undeclared defines.
void lintGates(const LintContext& c, const std::unordered_set<std::string>& known, std::vector<Diagnostic>& out) {
    for (const PluginCode* plugin : c.plugins) {
        if (!plugin || !plugin->enabled) continue;
        for (const PluginSnippet& snippet : plugin->code(c.stage)) {
            glsl::LineCursor cursor(snippet.code.text);
            std::string_view line;
            std::string buffer;
            std::unordered_set<std::string> local; // #define inside the snippet itself
            while (cursor.next(line)) {
                glsl::Directive d;
                if (!cursor.directive(d, line)) continue;
                std::string_view rest = glsl::trimSpace(glsl::stripComments(d.rest, false, buffer));
                if (d.name == "define") {
                    size_t len = glsl::identifierLength(rest);
                    if (len) local.emplace(rest.substr(0, len));
                    continue;
                }
                if (d.name != "if" && d.name != "ifdef" && d.name != "ifndef" && d.name != "elif") continue;
                std::vector<std::string_view> names;
                if (d.name == "ifdef" || d.name == "ifndef") {
                    size_t len = glsl::identifierLength(rest);
                    if (len) names.push_back(rest.substr(0, len));
                } else {
                    for (size_t i = 0; i < rest.size();) {
                        if (glsl::isDigit(rest[i])) {
                            while (i < rest.size() && glsl::isIdentChar(rest[i])) ++i;
                        } else if (size_t len = glsl::identifierLength(rest.substr(i))) {
                            if (rest.substr(i, len) != "defined") names.push_back(rest.substr(i, len));
                            i += len;
                        } else {
                            ++i;
                        }
                    }
                }
                for (std::string_view name : names) {
                    std::string n(name);
                    if (known.count(n) || local.count(n)) continue;
                    std::string near;
                    for (const std::string& k : known)
                        if (editDistance(k, n) <= 2 && (near.empty() || k < near)) near = k;
                    out.push_back({Severity::Error, snippet.code.lines.locateIndex(cursor.index()), plugin->name, snippet.key,
                                   str("plugin '", plugin->name, "' key '", snippet.key, "' line ", cursor.index() + 1, ": '#",
                                       d.name, " ", rest, "' gates on ", n, ", which neither the material, any plugin nor ",
                                       "the engine declares, so the code it guards compiles out without a word. ",
                                       near.empty() ? str("Declare ", n, " in the plugin's defines")
                                                    : str("Did you mean ", near, "? Otherwise declare ", n, " in the plugin's defines"))});
                }
            }
        }
    }
}

// Identifiers a replacement brings that the text it replaced did not have.
std::vector<std::string> newIdentifiers(std::string_view text, std::string_view replaced) {
    auto collect = [](std::string_view s) {
        std::vector<std::string> ids;
        for (size_t i = 0; i < s.size();) {
            if (glsl::isDigit(s[i])) {
                while (i < s.size() && glsl::isIdentChar(s[i])) ++i;
                continue;
            }
            size_t len = glsl::identifierLength(s.substr(i));
            if (!len) {
                ++i;
                continue;
            }
            size_t before = i;
            while (before > 0 && glsl::isSpace(s[before - 1])) --before;
            bool member = before > 0 && s[before - 1] == '.'; // swizzles and struct fields
            if (!member) ids.emplace_back(s.substr(i, len));
            i += len;
        }
        return ids;
    };
    std::vector<std::string> mine = collect(text), theirs = collect(replaced), out;
    for (std::string& id : mine)
        if (std::find(theirs.begin(), theirs.end(), id) == theirs.end() && std::find(out.begin(), out.end(), id) == out.end() &&
            !isType(id) && !startsWith(id, "gl_"))
            out.push_back(std::move(id));
    return out;
}

// Lines declaring each wanted identifier: "type name" followed by = ; , [ ( or ), or #define.
std::unordered_map<std::string_view, std::vector<size_t>> findDeclarations(const ShaderText& t, const ConditionMap& conditions,
                                                                           const std::unordered_set<std::string_view>& wanted) {
    std::unordered_map<std::string_view, std::vector<size_t>> out;
    for (auto& [name, lines] : conditions.definedNames)
        if (wanted.count(name)) out[name] = lines;
    glsl::LineCursor cursor(t.text);
    std::string_view line;
    std::string_view previous;
    while (cursor.next(line)) {
        glsl::Directive d;
        if (cursor.directive(d, line)) continue;
        size_t index = cursor.index();
        glsl::forEachCodeSegment(line, cursor.startsInComment(), [&](std::string_view code, size_t) {
            for (size_t i = 0; i < code.size();) {
                size_t len = glsl::isDigit(code[i]) ? 0 : glsl::identifierLength(code.substr(i));
                if (!len) {
                    if (!glsl::isSpace(code[i])) previous = {};
                    ++i;
                    continue;
                }
                std::string_view id = code.substr(i, len);
                i += len;
                if (wanted.count(id) && isType(previous)) {
                    size_t j = i;
                    while (j < code.size() && glsl::isSpace(code[j])) ++j;
                    if (j >= code.size() || std::string_view("=;,[()").find(code[j]) != std::string_view::npos)
                        out[id].push_back(index);
                }
                previous = id;
            }
        });
    }
    return out;
}

} // namespace

std::vector<Diagnostic> Lint::run(const LintContext& c) {
    std::vector<Diagnostic> out;
    std::unordered_set<std::string> known(c.declaredDefines.begin(), c.declaredDefines.end());
    known.insert(c.builtinDefines.begin(), c.builtinDefines.end());
    for (std::string_view m : kGlslMacros) known.emplace(m);
    if (c.defines)
        for (const ShaderDefine& d : *c.defines) known.insert(d.name);
    for (const PluginCode* p : c.plugins)
        if (p)
            for (const PluginDefine& d : p->defines) known.insert(d.name);

    std::optional<ConditionMap> conditions;
    if (c.injection) {
        conditions.emplace(c.injection->text);
        for (auto& [name, lines] : conditions->definedNames) known.emplace(name);
    }

    lintGates(c, known, out);

    if (c.injection) {
        const ShaderText& text = c.injection->text;
        // (c) regex matches inside conditional blocks.
        std::unordered_set<std::string_view> wanted;
        std::vector<std::vector<std::string>> newIds; // `wanted` views these: sized once, up front
        newIds.reserve(c.injection->records.size());
        for (const InjectionRecord& r : c.injection->records) {
            newIds.emplace_back();
            if (r.kind != InjectionKind::Regex) continue;
            int branch = conditions->branchAt(r.firstLine);
            if (branch >= 0)
                out.push_back({Severity::Info, r.target, r.plugin, r.key,
                               str("plugin '", r.plugin, "' key '", r.key, "' matches at ", r.target.toString(), " inside ",
                                   conditions->describe(branch, text.lines),
                                   ": the rewrite takes effect only in variants where that condition holds")});
            newIds.back() = newIdentifiers(r.text, r.replaced);
            wanted.insert(newIds.back().begin(), newIds.back().end());
        }
        // (d) replacements referencing identifiers declared only under a condition.
        if (!wanted.empty()) {
            auto declarations = findDeclarations(text, *conditions, wanted);
            for (size_t k = 0; k < c.injection->records.size(); ++k) {
                const InjectionRecord& r = c.injection->records[k];
                if (r.kind != InjectionKind::Regex) continue;
                int at = conditions->branchAt(r.firstLine);
                for (const std::string& id : newIds[k]) {
                    auto it = declarations.find(id);
                    if (it == declarations.end() || it->second.empty()) continue;
                    bool visible = std::any_of(it->second.begin(), it->second.end(), [&](size_t line) {
                        return conditions->encloses(conditions->branchAt(line), at);
                    });
                    if (visible) continue;
                    size_t first = it->second.front();
                    out.push_back({Severity::Warning, r.target, r.plugin, r.key,
                                   str("plugin '", r.plugin, "' key '", r.key, "' at ", r.target.toString(),
                                       ": the replacement uses '", id, "', declared only inside ",
                                       conditions->describe(conditions->branchAt(first), text.lines), " (",
                                       text.lines.describe(first),
                                       "); variants without that condition fail to compile. Declare it unconditionally ",
                                       "(e.g. at a marker outside any #if)")});
                }
            }
        }
    }

    // (e) enabled plugins without code.
    for (const PluginCode* p : c.plugins)
        if (p && p->enabled && !p->hasCode())
            out.push_back({Severity::Warning, p->where, p->name, "",
                           str("plugin '", p->name, "' is enabled but contributes no code to any stage")});
    return out;
}

} // namespace th
