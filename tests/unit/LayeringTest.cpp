// The engine's layers point down only (DESIGN.md's table): each folder may include its own
// headers and those of the layers it is allowed to use, nothing above. CMake's link graph
// already refuses most upward uses; this catches an include that slips in without a link.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

TEST_CASE("engine layers include only the layers below them") {
    namespace fs = std::filesystem;
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
    fs::path engine = fs::path(TRAILHEAD_SOURCE_DIR) / "engine";
    std::regex include(R"re(#include\s+"([a-z]+)/)re");
    int checked = 0;
    for (const auto& entryOfTable : allowed) {
        // Named copies: clang 14 cannot capture structured bindings in doctest's message lambdas.
        const std::string& layer = entryOfTable.first;
        const std::set<std::string>& uses = entryOfTable.second;
        for (auto& entry : fs::directory_iterator(engine / layer)) {
            std::ifstream in(entry.path());
            std::string line;
            int number = 0;
            while (std::getline(in, line)) {
                ++number;
                std::smatch m;
                if (!std::regex_search(line, m, include)) continue;
                ++checked;
                std::string target = m[1];
                CAPTURE(entry.path().string());
                CAPTURE(number);
                CHECK_MESSAGE(uses.count(target) == 1, layer << " includes " << target << ": " << line);
            }
        }
    }
    CHECK(checked > 100);
}
