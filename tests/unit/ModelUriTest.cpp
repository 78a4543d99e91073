// Model URIs: decoded, resolved inside the model folder, and refused when they would leave it.
#include <doctest/doctest.h>

#include <filesystem>

#include "assets/ModelUri.h"
#include "core/Error.h"

using namespace th;
namespace fs = std::filesystem;

TEST_CASE("percent-decoding") {
    CHECK(percentDecode("a%20b.png") == "a b.png");
    CHECK(percentDecode("%2e%2E/x") == "../x");
    CHECK(percentDecode("100%") == "100%");
    CHECK(percentDecode("%zz") == "%zz");
    CHECK(percentDecode("a+b") == "a+b");
    CHECK(isDataUri("data:application/octet-stream;base64,AAAA"));
    CHECK(isDataUri("DATA:x"));
    CHECK_FALSE(isDataUri("data.bin"));
}

TEST_CASE("relative URIs resolve inside the folder") {
    fs::path folder = fs::temp_directory_path() / "trailhead-uri-model";
    SourceLocation where{"model.gltf", 3};
    CHECK(resolveModelUri(folder, "a.bin", where) == folder / "a.bin");
    CHECK(resolveModelUri(folder, "tex/b%20c.png", where) == folder / "tex" / "b c.png");
    CHECK(resolveModelUri(folder, "tex/../a.bin?x=1#frag", where) == folder / "a.bin");
    CHECK(resolveModelUri(folder, "tex\\a.png", where) == folder / "tex" / "a.png");
}

TEST_CASE("escaping, absolute and scheme URIs are refused with the URI in the message") {
    fs::path folder = fs::temp_directory_path() / "trailhead-uri-model";
    SourceLocation where{"model.gltf", 3};
    for (const char* uri : {"../a.bin", "tex/../../a.bin", "%2E%2E/a.bin", "..\\a.bin", "/etc/passwd",
                            "%2Fetc%2Fpasswd", "//server/share/a.bin", "file:///etc/passwd", "http://example.com/a.bin",
                            "C:/Windows/a.bin", "C:\\Windows\\a.bin", "a%00.bin", ""}) {
        CAPTURE(uri);
        try {
            resolveModelUri(folder, uri, where);
            FAIL("accepted");
        } catch (const Error& e) {
            CHECK(e.where().line == 3);
            if (*uri) CHECK(std::string(e.message()).find(uri) != std::string::npos);
        }
    }
}
