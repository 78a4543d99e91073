// The layers point down only (DESIGN.md's table): each engine folder includes its own headers
// and those of the layers it may use; nothing in engine/ includes plugins/ or apps/; a plugin
// includes only core, shader, gl, material, its own folder and plugins/common; the hike
// library includes the engine and the plugins only; and the GL-free files (everything the
// build does not list as needing GL, tests/unit included) include no file that needs GL, so
// the unit suite, which links no GL library, stays buildable. CMake's link graph refuses most
// upward uses; this catches an include that slips in without a link.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = TRAILHEAD_SOURCE_DIR;
const std::set<std::string> kEngineLayers = {"core", "shader", "gl", "material", "scene", "render", "assets"};

struct Include {
    fs::path file;
    int line = 0;
    std::string text;   ///< the whole line
    std::string target; ///< what it names ("gl/Texture.h", "epoxy/gl.h")
    bool system = false;
};

bool isSource(const fs::path& p) { return p.extension() == ".h" || p.extension() == ".cpp"; }

std::vector<Include> includesOf(const fs::path& file) {
    static const std::regex include(R"re(^\s*#\s*include\s*([<"])([^>"]+)[>"])re");
    std::vector<Include> out;
    std::ifstream in(file);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        std::smatch m;
        if (std::regex_search(line, m, include)) out.push_back({file, number, line, m[2], m[1] == "<"});
    }
    return out;
}

std::vector<fs::path> sourcesUnder(const fs::path& dir) {
    std::vector<fs::path> out;
    if (!fs::exists(dir)) return out;
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && isSource(e.path())) out.push_back(e.path());
    return out;
}

/// The first path component of a project include ("gl" for "gl/Texture.h").
std::string topOf(const std::string& target) { return target.substr(0, target.find('/')); }

/// The repository path, without extension, of a project include seen from `from`.
std::string repositoryPathOf(const std::string& target, const fs::path& from) {
    std::string top = topOf(target);
    fs::path p;
    if (kEngineLayers.count(top))
        p = fs::path("engine") / target;
    else if (top == "plugins")
        p = target;
    else if (top == "hike" || top == "common")
        p = fs::path("apps") / target;
    else if (top == "support" || top == "unit")
        p = fs::path("tests") / target;
    else
        p = fs::relative(from.parent_path() / target, kRoot);
    return p.replace_extension().generic_string();
}

std::string repoRelative(const fs::path& p) { return fs::relative(p, kRoot).generic_string(); }

std::string stem(const fs::path& p) { return fs::path(repoRelative(p)).replace_extension().generic_string(); }

/// Checks every project include of the files under `dir`: `allowed(include)` says whether
/// its first path component may be used there. Returns how many includes it checked.
int checkIncludes(const fs::path& dir, const std::function<bool(const fs::path&, const std::string&)>& allowed,
                  const std::string& rule) {
    int checked = 0;
    for (const fs::path& file : sourcesUnder(dir))
        for (const Include& inc : includesOf(file)) {
            if (inc.system) continue;
            ++checked;
            std::string where = repoRelative(inc.file) + ":" + std::to_string(inc.line);
            CAPTURE(where);
            CHECK_MESSAGE(allowed(file, topOf(inc.target)), rule << ": " << inc.text);
        }
    return checked;
}

std::set<std::string> glFiles() {
    std::set<std::string> out;
    std::ifstream in(TRAILHEAD_GL_FILE_LIST);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) out.insert(line);
    return out;
}

} // namespace

TEST_CASE("engine layers include only the layers below them, never plugins or apps") {
    // scene holds GPU geometry and instance buffers, so it uses gl as well as material.
    const std::map<std::string, std::set<std::string>> allowed = {
        {"core", {"core"}},
        {"shader", {"core", "shader"}},
        {"gl", {"core", "shader", "gl"}},
        {"material", {"core", "shader", "gl", "material"}},
        {"scene", {"core", "gl", "material", "scene"}},
        {"render", {"core", "shader", "gl", "material", "scene", "render"}},
        {"assets", {"core", "gl", "material", "scene", "assets"}},
    };
    int checked = 0;
    for (const auto& entry : allowed) {
        // Named copies: clang 14 cannot capture structured bindings in doctest's message lambdas.
        const std::string layer = entry.first;
        const std::set<std::string> uses = entry.second;
        checked += checkIncludes(
            kRoot / "engine" / layer, [&](const fs::path&, const std::string& top) { return uses.count(top) == 1; },
            layer + " may include only " +
                [&] {
                    std::string list;
                    for (auto& u : uses) list += (list.empty() ? "" : ", ") + u;
                    return list;
                }());
    }
    CHECK(checked > 100);
    // Everything under engine/ is a layer folder: a new folder must be added to the table.
    for (auto& e : fs::directory_iterator(kRoot / "engine"))
        if (e.is_directory())
            CHECK_MESSAGE(allowed.count(e.path().filename().string()), "engine/" << e.path().filename().string());
}

TEST_CASE("plugins include only core, shader, gl, material, their own folder and plugins/common") {
    const std::set<std::string> engine = {"core", "shader", "gl", "material"};
    int checked = 0;
    for (auto& e : fs::directory_iterator(kRoot / "plugins")) {
        if (!e.is_directory()) continue;
        const std::string folder = e.path().filename().string();
        for (const fs::path& file : sourcesUnder(e.path()))
            for (const Include& inc : includesOf(file)) {
                if (inc.system) continue;
                ++checked;
                std::string top = topOf(inc.target);
                bool ok = engine.count(top) == 1;
                if (top == "plugins") {
                    std::string plugin = inc.target.substr(8, inc.target.find('/', 8) - 8);
                    // The registry (library/) is the one place that names every plugin.
                    ok = plugin == folder || plugin == "common" || folder == "library";
                }
                std::string where = repoRelative(file) + ":" + std::to_string(inc.line);
                CAPTURE(where);
                CHECK_MESSAGE(ok, "plugin '" << folder << "' includes " << inc.text);
            }
    }
    CHECK(checked > 30);
}

TEST_CASE("the hike library includes the engine and the plugins only") {
    int checked = checkIncludes(
        kRoot / "apps" / "hike",
        [](const fs::path&, const std::string& top) {
            return kEngineLayers.count(top) || top == "plugins" || top == "hike";
        },
        "apps/hike may include engine layers, plugins/ and hike/ only (not apps/common)");
    CHECK(checked > 40);
}

TEST_CASE("GL-free files include nothing that needs GL") {
    const std::set<std::string> gl = glFiles();
    REQUIRE_MESSAGE(gl.size() > 20,
                    "the build's list of files that need GL (" << TRAILHEAD_GL_FILE_LIST << ") is missing");
    // The list names real files (a stale entry would hide a rename).
    for (const std::string& f : gl) {
        bool exists = fs::exists(kRoot / (f + ".h")) || fs::exists(kRoot / (f + ".cpp"));
        CHECK_MESSAGE(exists, "gl-files.txt names " << f << ", which does not exist");
    }
    static const std::regex glSystem(R"re(^(epoxy|EGL|GLES[0-9]*|GL|GLFW|KHR)/)re");
    int checked = 0;
    for (const char* dir : {"engine", "plugins", "apps/hike", "apps/common", "tests/unit"})
        for (const fs::path& file : sourcesUnder(kRoot / dir)) {
            if (gl.count(stem(file))) continue;
            for (const Include& inc : includesOf(file)) {
                std::string where = repoRelative(file) + ":" + std::to_string(inc.line);
                CAPTURE(where);
                if (inc.system) {
                    CHECK_MESSAGE(!std::regex_search(inc.target, glSystem), "a GL-free file includes " << inc.text);
                    continue;
                }
                ++checked;
                CHECK_MESSAGE(gl.count(repositoryPathOf(inc.target, file)) == 0,
                              "a GL-free file includes "
                                  << inc.text
                                  << ", which needs GL: list this file as needing GL "
                                     "(and move its test to tests/gl) or include a GL-free part");
            }
        }
    CHECK(checked > 200);
}

TEST_CASE("th_unit_tests links no GL library") {
    // The library closure CMake resolved for the unit suite (tests/CMakeLists.txt also fails
    // the configure step and the unit.links-no-gl test on the real link line).
    std::ifstream in(TRAILHEAD_UNIT_LINK_CLOSURE);
    REQUIRE(in);
    std::string lib;
    int libraries = 0;
    static const std::regex glLibrary(R"re(EPOXY|EGL|OpenGL|GLESv2|glfw|^GL$)re");
    while (std::getline(in, lib)) {
        if (lib.empty()) continue;
        ++libraries;
        CAPTURE(lib);
        CHECK_FALSE(std::regex_search(lib, glLibrary));
        CHECK(lib != "th_gl");
        CHECK(lib != "th_material");
        CHECK(lib != "th_render");
    }
    CHECK(libraries > 5);
}
