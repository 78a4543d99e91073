// CTest runs each doctest case by name, and CMake's lists split names at ';' and treat '[' and
// ']' as brackets — a case named with one of them breaks test discovery or runs as filters
// that match nothing. Guard every test source.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

TEST_CASE("no test case name contains a semicolon or a square bracket") {
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
            CHECK_MESSAGE(name.find_first_of(";[]") == std::string::npos, "test case name with ';', '[' or ']': " << name);
        }
    }
    CHECK(scanned > 10);
}
