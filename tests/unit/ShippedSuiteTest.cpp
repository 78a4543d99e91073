// `th-capture --all` is the shipped suite (assets/shipped-suite.json): it must name every
// shipped scene file, once, or a new scene would go without a golden check.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/Files.h"
#include "core/Json.h"

using namespace th;
namespace fs = std::filesystem;

TEST_CASE("the shipped suite captures every shipped scene file once") {
    const fs::path assets = fs::path(TRAILHEAD_SOURCE_DIR) / "assets";
    json::Value suite = json::parse(readFile(assets / "shipped-suite.json"), "shipped-suite.json");
    std::vector<std::string> listed;
    for (const json::Value& entry : suite.find("captures")->asArray())
        if (const json::Value* scene = entry.find("scene")) listed.push_back(scene->asString());
    std::vector<std::string> shipped;
    for (auto& e : fs::directory_iterator(assets / "scenes"))
        if (e.path().extension() == ".json") shipped.push_back("scenes/" + e.path().filename().string());
    std::sort(listed.begin(), listed.end());
    std::sort(shipped.begin(), shipped.end());
    CHECK(std::adjacent_find(listed.begin(), listed.end()) == listed.end());
    CHECK(listed == shipped);
}
