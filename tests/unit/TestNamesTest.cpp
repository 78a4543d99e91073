// Tests are named by what they need: tests/unit holds FooTest.cpp (CPU only: the suite links
// no GL library), tests/gl and tests/visual hold FooGLTest.cpp (a GL context, or GL types such
// as materials); no two test files share a name. And CTest runs each doctest case by name,
// CMake's lists split names at ';' and treat '[' and ']' as brackets — a case named with one
// of them breaks test discovery or runs as filters that match nothing. Guard every test source.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {
bool endsWith(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
} // namespace

TEST_CASE("test files are named by need: FooTest in unit, FooGLTest in gl and visual, no name twice") {
    fs::path tests = fs::path(TRAILHEAD_SOURCE_DIR) / "tests";
    std::map<std::string, std::string> seen; // file name -> suite
    int files = 0;
    for (const char* suite : {"unit", "gl", "visual"}) {
        for (auto& entry : fs::directory_iterator(tests / suite)) {
            if (entry.path().extension() != ".cpp") continue;
            ++files;
            std::string name = entry.path().filename().string();
            CAPTURE(std::string(suite) + "/" + name);
            if (std::string(suite) == "unit") {
                CHECK_MESSAGE(endsWith(name, "Test.cpp"), "a unit test file is named FooTest.cpp");
                CHECK_MESSAGE(!endsWith(name, "GLTest.cpp"), "a test that needs GL belongs in tests/gl");
            } else {
                CHECK_MESSAGE(endsWith(name, "GLTest.cpp"), "a test that needs GL is named FooGLTest.cpp");
            }
            // No structured binding: clang 14 cannot capture one in doctest's message lambda.
            auto inserted = seen.emplace(name, suite);
            std::string other = inserted.first->second;
            CHECK_MESSAGE(inserted.second, name << " is in both " << other << " and " << suite);
        }
    }
    CHECK(files > 50);
}

TEST_CASE("no test case name contains a semicolon or a square bracket") {
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
            CHECK_MESSAGE(name.find_first_of(";[]") == std::string::npos,
                          "test case name with ';', '[' or ']': " << name);
        }
    }
    CHECK(scanned > 10);
}
