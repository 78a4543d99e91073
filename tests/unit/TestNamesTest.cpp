// CTest runs each doctest case by name, and CMake splits names at ';' — a case named with a
// semicolon would run as two filters matching nothing. Guard every test source.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

TEST_CASE("no test case name contains a semicolon") {
    namespace fs = std::filesystem;
    fs::path tests = fs::path(TRAILHEAD_SOURCE_DIR) / "tests";
    std::regex testCase(R"re(TEST_CASE\s*\(\s*"([^"]*)")re");
    int scanned = 0;
    for (auto& entry : fs::recursive_directory_iterator(tests)) {
        if (entry.path().extension() != ".cpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        std::string s = text.str();
        for (std::sregex_iterator it(s.begin(), s.end(), testCase), end; it != end; ++it) {
            ++scanned;
            std::string name = (*it)[1];
            CAPTURE(entry.path().string());
            CHECK_MESSAGE(name.find(';') == std::string::npos, "test case name with ';': " << name);
        }
    }
    CHECK(scanned > 10);
}
