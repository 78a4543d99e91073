// th-shader: the shader pipeline on the command line. See usage() below.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "MaterialResolution.h"
#include "common/BenchStats.h"
#include "material/EffectCache.h"
#include "material/EngineInterface.h"
#include "material/ErrorMaterial.h"
#include "material/PbrMaterial.h"
#include "plugins/library/PluginLibrary.h"
#include "render/Renderer.h"
#include "render/SamplerReport.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"
#include "shader/DriverLogMapper.h"
#include "shader/IncludeExpander.h"
#include "shader/Injector.h"
#include "shader/Lint.h"
#include "shader/PluginIncludes.h"
#include "shader/Preprocessor.h"
#include "shader/ShaderBuilder.h"
#include "shader/ShaderInterface.h"
#include "shader/ShaderModules.h"

namespace {

using namespace th;

constexpr const char* kUsage = R"(usage:
  th-shader preprocess [-D NAME[=VALUE]]... [--defines-file F] [--repeat N] [--annotate] [FILE|-]
      Evaluates conditionals (no includes, no migration); #define/#undef lines stay for the driver.
  th-shader inject --plugins P.json [--stage vertex|fragment] [-I DIR]... [-D ...] [--repeat N]
                   [--annotate] [FILE|-]
      Expands includes (search path -I, then the engine's shaders) and applies the plugins'
      injections; prints the result, lint findings on stderr. Integer -D values also serve as
      include index parameters; -D names count as declared for the lint.
  th-shader build --material NAME [--plugins NAMES|P.json] --stage vertex|fragment
                  [--pass main|depth|shadow] [--language es300|glsl330] [--instanced]
                  [-D ...] [-I DIR]... [--annotate] [--validate]
      The full pipeline for a material's shader. NAME is an engine material ("pbr": the glTF
      metallic-roughness material; its texture slots are switched on with -D HAS_BASECOLOR_MAP
      and the like) or, failing that, a shader pair NAME.vert/NAME.frag in the store.
      --plugins takes the shipped plugins by name (wind, conform, dither, wing, terrain) or a
      plugin JSON file. Lint findings, the sampler report (texture units of the WebGL2 budget,
      by owner), the budget check and uniform blocks go to stderr; --validate runs
      glslangValidator on the result.
  th-shader report [--language es300|glsl330] [--pairs [-D NAME=N]... [-I DIR]...]
      The sampler report of every shipped material, main pass, against the WebGL2 limits: the
      PBR material in each configuration the shipped scenes give it (its plugins, alpha mode,
      instancing, texture slots) and the error material; with --pairs also the store's other
      shader pairs (built alone; -D values are their defines and index parameters: the example
      pair needs -D maxLights=N). Each lists the texture units used of the limit and every
      unit's owner, and the textures a material drops to fit (least important first: extension
      detail textures before the base's); the summary lists the materials that drop any. The
      exit status is 1 when any material is over a budget or fails to build.
  --repeat N runs the stage N times after a warm-up and prints median_ms=<ms> on stderr;
             preprocess also prints first_ms=<ms>, a run on a text the preprocessor has not
             seen before (median_ms is for a text it has: the directive table is kept).
  --allow-path DIR lets a plugin JSON file name snippet files in DIR; otherwise its {"file": ...}
      snippets must lie in its own folder.
)";

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Options {
    std::string command;
    ShaderDefines defines;
    std::vector<std::string> includeDirs;
    std::string definesFile, plugins, material, file;
    std::optional<ShaderStage> stage;
    std::string pass;
    ShaderLanguage language = ShaderLanguage::Es300;
    int repeat = 0;
    bool annotate = false, validate = false, instanced = false;
    bool pairs = false; ///< report: the store's other shader pairs too
    /// --allow-path: folders a plugin list may name snippet files in outside its own folder.
    std::vector<std::filesystem::path> trustedFolders;
};

Options parseArguments(int argc, char** argv) {
    if (argc < 2) throw UsageError("missing command");
    Options o;
    o.command = argv[1];
    if (o.command == "-h" || o.command == "--help") {
        std::cout << kUsage;
        std::exit(0);
    }
    if (o.command != "preprocess" && o.command != "inject" && o.command != "build" && o.command != "report")
        throw UsageError(str("unknown command '", o.command, "'"));
    bool haveFile = false;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char* what) -> std::string {
            if (i + 1 >= argc) throw UsageError(str(a, " needs ", what));
            return argv[++i];
        };
        if (a == "-D") o.defines.push_back(parseDefineArgument(value("NAME[=VALUE]")));
        else if (a == "--instanced") o.instanced = true;
        else if (a.size() > 2 && a.rfind("-D", 0) == 0) o.defines.push_back(parseDefineArgument(a.substr(2)));
        else if (a == "-I") o.includeDirs.push_back(value("a directory"));
        else if (a.size() > 2 && a.rfind("-I", 0) == 0) o.includeDirs.push_back(a.substr(2));
        else if (a == "--defines-file") o.definesFile = value("a file");
        else if (a == "--plugins") o.plugins = value("NAMES or P.json");
        else if (a == "--material") o.material = value("a material name");
        else if (a == "--stage") {
            std::string s = value("vertex or fragment");
            o.stage = parseShaderStage(s);
            if (!o.stage) throw UsageError(str("--stage '", s, "': expected vertex or fragment"));
        } else if (a == "--pass") {
            o.pass = value("main, depth or shadow");
            if (o.pass != "main" && o.pass != "depth" && o.pass != "shadow")
                throw UsageError(str("--pass '", o.pass, "': expected main, depth or shadow"));
        } else if (a == "--language") {
            std::string s = value("es300 or glsl330");
            auto l = parseShaderLanguage(s);
            if (!l) throw UsageError(str("--language '", s, "': expected es300 or glsl330"));
            o.language = *l;
        } else if (a == "--repeat") {
            std::string s = value("a count");
            char* end = nullptr;
            long n = std::strtol(s.c_str(), &end, 10);
            if (!end || *end || n < 1 || n > 1000000) throw UsageError(str("--repeat '", s, "': expected a count from 1"));
            o.repeat = int(n);
        } else if (a == "--annotate") o.annotate = true;
        else if (a == "--validate") o.validate = true;
        else if (a == "--pairs") o.pairs = true;
        else if (a == "--allow-path") o.trustedFolders.push_back(value("a folder"));
        else if (a == "-" || a[0] != '-') {
            if (haveFile) throw UsageError(str("more than one input file ('", o.file, "' and '", a, "')"));
            o.file = a;
            haveFile = true;
        } else throw UsageError(str("unknown option '", a, "'"));
    }
    if (o.pairs && o.command != "report") throw UsageError("--pairs belongs to report");
    if (o.command == "report" && (haveFile || !o.material.empty() || !o.plugins.empty()))
        throw UsageError("report takes no input file, material or plugins: it covers every shipped material");
    if (o.command == "inject" && o.plugins.empty()) throw UsageError("inject needs --plugins P.json");
    if (o.command == "build") {
        if (o.material.empty()) throw UsageError("build needs --material NAME");
        if (!o.stage) throw UsageError("build needs --stage vertex|fragment");
        if (haveFile) throw UsageError("build takes no input file (it reads the material's shaders from the store)");
    }
    return o;
}

ShaderText readInput(const std::string& file) {
    if (file.empty() || file == "-") {
        std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
        return ShaderText::fromSource("<stdin>", text);
    }
    return ShaderText::fromSource(file, readFile(file));
}

/// Runs `work` once to warm up, then `repeat` times, and prints the median on stderr.
void measure(int repeat, const std::function<void()>& work) {
    if (repeat <= 0) return;
    std::fprintf(stderr, "median_ms=%.4f\n", bench::medianTiming(repeat, work, 1).wallMs);
}

void print(const ShaderText& text, bool annotated) { std::cout << (annotated ? annotate(text) : text.text); }

/// Prints findings; returns true when one is an error.
bool report(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics) std::cerr << d.toString() << "\n";
    return hasErrors(diagnostics);
}

ShaderStore makeStore(const Options& o) {
    ShaderStore store;
    // Earlier -I directories win: add them last.
    for (auto it = o.includeDirs.rbegin(); it != o.includeDirs.rend(); ++it) store.addDirectory(*it);
    return store;
}

std::vector<std::pair<std::string, int64_t>> indexParameters(const ShaderDefines& defines) {
    std::vector<std::pair<std::string, int64_t>> out;
    for (const ShaderDefine& d : defines) {
        char* end = nullptr;
        long long v = std::strtoll(d.value.c_str(), &end, 0);
        if (!d.value.empty() && end && !*end) out.emplace_back(d.name, v);
    }
    return out;
}

int runPreprocess(const Options& o) {
    ShaderDefines defines;
    if (!o.definesFile.empty()) defines = parseDefinesFile(readFile(o.definesFile), o.definesFile);
    for (const ShaderDefine& d : o.defines) setDefine(defines, d.name, d.value);
    ShaderText input = readInput(o.file);
    Preprocessor preprocessor;
    ShaderText out = preprocessor.run(input, defines);
    // Steady state, as ShaderBuilder runs an effect's permutations: the output buffers are
    // reused and the text's directive table is kept from run to run.
    measure(o.repeat, [&] { preprocessor.runInto(input, defines, {}, out); });
    // And a text met for the first time: a new preprocessor each run, which must find the
    // directives itself (at most 100 runs: each allocates its tables afresh).
    if (o.repeat > 0) {
        const int firstRuns = std::min(o.repeat, 100);
        const double firstMs = bench::medianTiming(firstRuns, [&] { Preprocessor().runInto(input, defines, {}, out); }, 1).wallMs;
        std::fprintf(stderr, "first_ms=%.4f\n", firstMs);
    }
    print(out, o.annotate);
    return 0;
}

int runInject(const Options& o) {
    ShaderStore store = makeStore(o);
    std::vector<PluginCode> plugins = loadPlugins(o.plugins, o.trustedFolders);
    std::vector<const PluginCode*> pointers;
    for (const PluginCode& p : plugins) pointers.push_back(&p);
    ShaderText input = readInput(o.file);
    ShaderStage stage = o.stage.value_or(o.file.find(".vert") != std::string::npos ? ShaderStage::Vertex : ShaderStage::Fragment);
    IncludeOptions includeOptions;
    includeOptions.indexParameters = indexParameters(o.defines);
    IncludeExpander expander(store);
    std::string name = o.file.empty() ? "<stdin>" : o.file;
    auto work = [&] {
        // As an effect build: plugin code's own includes expanded, the modules it uses added.
        std::deque<PluginCode> expandedPlugins;
        std::vector<const PluginCode*> withIncludes =
            PluginIncludes::expand(expander, includeOptions, stage, pointers, expandedPlugins);
        PluginCode modules = ShaderModules::resolve(store, expander, includeOptions, stage, pointers);
        if (modules.hasCode()) withIncludes.push_back(&modules);
        return Injector::inject(expander.expand(input, includeOptions), stage, withIncludes, name);
    };
    InjectionResult result = work();
    measure(o.repeat, [&] { result = work(); });

    LintContext lint;
    lint.stage = stage;
    lint.injection = &result;
    lint.plugins = pointers;
    for (const ShaderDefine& d : o.defines) lint.declaredDefines.push_back(d.name);
    bool errors = report(Lint::run(lint));
    print(result.text, o.annotate);
    return errors ? 1 : 0;
}

// Runs glslangValidator (from PATH) on a final shader; its messages map to origins.
int validate(const ShaderText& text, ShaderStage stage, ShaderLanguage language) {

    // glslangValidator from PATH; the stage comes from -S, the file name is ours.
    char path[] = "/tmp/th-shader-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) throw Error("cannot create a temporary file for --validate");
    close(fd);
    writeFile(path, text.text);
    std::string command = str("glslangValidator -S ", stage == ShaderStage::Vertex ? "vert" : "frag", " ", path, " 2>&1");
    std::FILE* pipe = popen(command.c_str(), "r");
    std::string log;
    if (pipe) {
        char buffer[4096];
        size_t n;
        while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) log.append(buffer, n);
    }
    int status = pipe ? pclose(pipe) : -1;
    std::filesystem::remove(path);
    if (status == -1 || (WIFEXITED(status) && WEXITSTATUS(status) == 127))
        throw Error("--validate: glslangValidator not found on PATH (Debian package glslang-tools)");
    // Its first line names our temporary file; the rest maps to origins.
    if (log.rfind(path, 0) == 0) log.erase(0, log.find('\n') == std::string::npos ? log.size() : log.find('\n') + 1);
    std::string mapped = DriverLogMapper::map(log, text.lines);
    if (!mapped.empty()) std::cerr << mapped << (mapped.back() == '\n' ? "" : "\n");
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    std::cerr << "validation: " << (ok ? "ok" : "FAILED") << " (glslangValidator, " << toString(language) << ")\n";
    return ok ? 0 : 1;
}

ContextInfo webgl2Context(ShaderLanguage language) {
    return ContextInfo::webgl2(language == ShaderLanguage::Es300 ? GlApi::Gles30 : GlApi::Gl33Core);
}

// Builds an engine material's effect stage through the material layer: the same request the
// renderer makes (material and plugin defines, engine defines, plugin declarations) against
// the WebGL2 limits, without a GL context.
int runBuildEngineMaterial(const Options& o, ShaderStore& store) {
    auto material = std::make_shared<PbrMaterial>(o.material);
    std::vector<PluginCode> dataPlugins;
    if (endsWith(o.plugins, ".json")) {
        dataPlugins = loadPlugins(o.plugins, o.trustedFolders);
        for (const PluginCode& p : dataPlugins) material->addPlugin(std::make_shared<DataPlugin>(p), true);
    } else {
        for (std::string_view name : split(o.plugins, ','))
            if (!trim(name).empty()) material->addPlugin(createShippedPlugin(trim(name)), true);
    }
    ContextInfo context = webgl2Context(o.language);
    EffectCache cache(store, context);
    Renderer::configureEffectCache(cache);
    DrawInfo draw;
    if (!o.pass.empty() && !parseRenderPass(o.pass, draw.pass)) throw UsageError(str("unknown pass '", o.pass, "'"));
    draw.instanced = o.instanced;
    draw.hasUv0 = draw.hasUv1 = draw.hasColors = draw.hasTangents = true;
    EffectRequest request = makeEffectRequest(*material, draw, false);
    for (const ShaderDefine& d : o.defines) {
        setDefine(request.defines, d.name, d.value);
        request.declaredDefines.push_back(d.name);
    }
    auto [vertex, fragment] = cache.buildSources(request);
    const ShaderBuildResult& result = *o.stage == ShaderStage::Vertex ? vertex : fragment;
    bool errors = report(result.diagnostics);
    std::cerr << samplerReport(cache, request).toString() << "\n";
    ShaderInterface vs = ShaderInterface::scan(vertex.text), fs = ShaderInterface::scan(fragment.text);
    std::vector<std::string> blocks;
    for (auto& b : (*o.stage == ShaderStage::Vertex ? vs : fs).uniformBlocks) blocks.push_back(b.name);
    std::cerr << "uniform blocks: " << blocks.size() << " (" << join(blocks, ", ") << ")\n";
    try {
        cache.checkBudget(request, vs, fs);
        std::cerr << "budget: within the WebGL2 limits\n";
    } catch (const Error& e) {
        std::cerr << "budget: " << e.what() << "\n";
        errors = true;
    }
    print(result.text, o.annotate);
    if (errors) return 1;
    return o.validate ? validate(result.text, *o.stage, o.language) : 0;
}

int runBuild(const Options& o) {
    ShaderStore store = makeStore(o);
    if (o.material == "pbr") return runBuildEngineMaterial(o, store);
    std::vector<PluginCode> plugins = loadPlugins(o.plugins, o.trustedFolders);
    ShaderBuildRequest request;
    request.stage = *o.stage;
    request.source = materialShaderName(store, o.material, request.stage);
    request.language = o.language;
    request.defines = o.defines;
    for (std::string_view d : engine_define::kPass) request.builtinDefines.emplace_back(d);
    if (RenderPass pass; !o.pass.empty() && parseRenderPass(o.pass, pass)) setDefine(request.defines, passDefine(pass), "1");
    for (const ShaderDefine& d : o.defines) request.declaredDefines.push_back(d.name);
    request.indexParameters = indexParameters(o.defines);
    for (const PluginCode& p : plugins) request.plugins.push_back(&p);
    request.lintErrorsThrow = false;

    ShaderBuilder builder(store);
    ShaderBuildResult result = builder.build(request);
    bool errors = report(result.diagnostics);
    ShaderInterface interface = ShaderInterface::scan(result.text);
    std::vector<std::string> blocks;
    for (auto& b : interface.uniformBlocks) blocks.push_back(b.name);
    std::cerr << "texture units: " << interface.textureUnits() << " (" << interface.samplers.size() << " samplers)\n"
              << "uniform blocks: " << interface.uniformBlocks.size() << (blocks.empty() ? "" : " (" + join(blocks, ", ") + ")")
              << "\n";
    print(result.text, o.annotate);
    if (errors) return 1;
    return o.validate ? validate(result.text, request.stage, o.language) : 0;
}

// One engine material's main-pass effect in `th-shader report`: its sampler report, then the
// whole budget check (units, uniform blocks, vectors) the cache makes before compiling.
// Returns false when it is over a budget or does not build.
bool reportEngineMaterial(EffectCache& cache, const Material& material, const DrawInfo& draw,
                          const std::vector<std::string>& textureDefines, std::vector<std::string>* drops = nullptr) {
    EffectRequest request = makeEffectRequest(material, draw, false);
    for (const std::string& d : textureDefines) {
        setDefine(request.defines, d, "");
        request.declaredDefines.push_back(d);
        // The slots switched on here may be dropped to fit, as the material's own would be.
        for (const MaterialSampler& s : material.samplers())
            if (s.define == d) request.droppableTextures.push_back({s.name, s.define, str("material '", material.name(), "'"), s.importance});
    }
    try {
        auto [vertex, fragment, dropped] = cache.buildFittedSources(request);
        bool errors = report(vertex.diagnostics);
        errors = report(fragment.diagnostics) || errors;
        SamplerReport samplers = samplerReport(cache, request);
        std::cout << samplers.toString() << "\n";
        if (drops && !dropped.empty()) drops->push_back(str(material.name(), " (dropped ", join(dropped, ", "), ")"));
        if (errors) {
            std::cout << "  FAILED: the pipeline reported errors (above, on stderr)\n";
            return false;
        }
        cache.checkBudget(request, ShaderInterface::scan(vertex.text), ShaderInterface::scan(fragment.text));
        return samplers.unitsUsed <= samplers.unitLimit;
    } catch (const Error& e) {
        std::cout << "  FAILED: " << e.what() << "\n";
        return false;
    }
}

// A store shader pair that is no engine material: built alone (no engine samplers to tell
// apart), so every sampler it declares is its own.
bool reportShaderPair(const ShaderStore& store, const std::string& name, const Options& o) {
    ShaderBuildRequest request;
    request.stage = ShaderStage::Fragment;
    request.language = o.language;
    for (std::string_view d : engine_define::kPass) request.builtinDefines.emplace_back(d);
    request.defines = o.defines;
    setDefine(request.defines, passDefine(RenderPass::Main), "1");
    for (const ShaderDefine& d : o.defines) request.declaredDefines.push_back(d.name);
    request.indexParameters = indexParameters(o.defines);
    request.lintErrorsThrow = false;
    const int limit = Limits::webgl2Minimums().maxTextureImageUnits;
    try {
        request.source = materialShaderName(store, name, ShaderStage::Fragment);
        ShaderBuildResult result = ShaderBuilder(store).build(request);
        ShaderInterface in = ShaderInterface::scan(result.text);
        int used = in.textureUnits();
        std::cout << "material '" << name << "' (shader pair), main pass: " << used << " of " << limit
                  << " fragment texture units (webgl2), "
                  << (used <= limit ? str(limit - used, " left") : str(used - limit, " over"));
        int unit = 0;
        for (const SamplerDeclaration& s : in.samplers) {
            std::cout << "\n  " << unit << (unit < 10 ? "  " : " ") << s.name << " (" << s.type << ") shader '" << name << "'";
            unit += std::max(s.arraySize, 1);
        }
        std::cout << "\n";
        if (report(result.diagnostics)) {
            std::cout << "  FAILED: the pipeline reported errors (above, on stderr)\n";
            return false;
        }
        return used <= limit;
    } catch (const Error& e) {
        std::cout << "material '" << name << "' (shader pair): FAILED: " << e.what()
                  << " (a pair's index parameters and defines come from -D)\n";
        return false;
    }
}

int runReport(const Options& o) {
    ShaderStore store = makeStore(o);
    ContextInfo context = webgl2Context(o.language);
    EffectCache cache(store, context);
    Renderer::configureEffectCache(cache);
    std::vector<std::string> failed;
    std::vector<std::string> drops; // materials that fit only without some textures
    int count = 0;

    for (const ShippedMaterial& m : shippedMaterials()) {
        PbrParams params;
        params.alphaMode = m.alphaTested ? AlphaMode::Mask : AlphaMode::Opaque;
        params.vertexColors = m.vertexColors;
        auto material = std::make_shared<PbrMaterial>(m.name, params);
        for (const std::string& p : m.plugins) material->addPlugin(createShippedPlugin(p), true);
        // Meshes as the scenes make them: normals, uv0, tangents and colours (the terrain's
        // colours are its layer weights, read whether or not the material tints by them).
        DrawInfo draw;
        draw.instanced = m.instanced;
        draw.hasUv0 = draw.hasTangents = draw.hasColors = true;
        std::cout << (count ? "\n" : "") << "# " << m.name << ": " << m.usedBy << "; plugins: "
                  << (m.plugins.empty() ? std::string("none") : join(m.plugins, ", ")) << "\n";
        if (!reportEngineMaterial(cache, *material, draw, m.textureDefines, &drops)) failed.push_back(m.name);
        ++count;
    }

    std::cout << "\n# error: drawn in place of a material whose effect failed\n";
    if (!reportEngineMaterial(cache, ErrorMaterial(), DrawInfo{}, {})) failed.push_back("error");
    ++count;

    // The store's other shader pairs are no shipped materials; they are reported when asked
    // for with --pairs (their index parameters and defines come from -D).
    if (o.pairs) {
        for (const std::string& name : shaderPairMaterials(store)) {
            if (name == "pbr" || name == "error") continue; // reported above, as the engine builds them
            std::cout << "\n# " << name << ": a shader pair in the store\n";
            if (!reportShaderPair(store, name, o)) failed.push_back(name);
            ++count;
        }
    }

    std::cout << "\nsampler report: " << count << " materials, ";
    if (failed.empty()) std::cout << "all within the WebGL2 limits\n";
    else std::cout << failed.size() << " over budget or failing: " << join(failed, ", ") << "\n";
    // Within the limits, but not with every texture: the device draws them without those.
    if (!drops.empty()) std::cout << drops.size() << " fit only by dropping textures: " << join(drops, "; ") << "\n";
    return failed.empty() ? 0 : 1;
}

} // namespace

/// The shader text is the product: a write to stdout that fails (a full disk, a closed pipe)
/// fails the command.
static int flushed(int status) {
    std::cout.flush();
    if (std::cout) return status;
    std::cerr << "th-shader: cannot write standard output: " << std::strerror(errno) << "\n";
    return status == 0 ? 1 : status;
}

int main(int argc, char** argv) {
    try {
        Options o = parseArguments(argc, argv);
        if (o.command == "preprocess") return flushed(runPreprocess(o));
        if (o.command == "inject") return flushed(runInject(o));
        if (o.command == "report") return flushed(runReport(o));
        return flushed(runBuild(o));
    } catch (const UsageError& e) {
        std::cerr << "th-shader: " << e.what() << "\n" << kUsage;
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "th-shader: " << e.what() << "\n";
        return 1;
    }
}
