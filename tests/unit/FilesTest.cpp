// Path containment keeps asset reads inside their model's folder, whatever the name.
#include <doctest/doctest.h>

#include <functional>
#include <string>

#include "core/Error.h"
#include "core/Files.h"

#include <csignal>
#include <sys/resource.h>

using namespace th;

TEST_CASE("isInside accepts paths below the root and rejects escapes and impossible names") {
    std::filesystem::path root = std::filesystem::temp_directory_path() / "trailhead-inside";
    std::filesystem::create_directories(root / "textures");
    CHECK(isInside(root, "textures/a.png"));
    CHECK(isInside(root, "a.bin"));
    CHECK_FALSE(isInside(root, "../outside.bin"));
    CHECK_FALSE(isInside(root, "textures/../../outside.bin"));
    CHECK_FALSE(isInside(root, "/etc/passwd"));
    CHECK_FALSE(isInside(root, std::string(5000, 'x') + "/y")); // longer than any file name may be
}

// Writes that fail (a full disk, a file size limit) and reads of things that are not files
// are errors naming the path, never a silent success or a std::bad_alloc.
namespace {
std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const th::Error& e) {
        return e.what();
    }
    return "(no error)";
}
} // namespace

TEST_CASE("writeFile reports a full disk with the path") {
    std::string e = errorOf([] { writeFile("/dev/full", std::string(100000, 'x')); });
    CHECK(e.find("/dev/full: cannot write file: No space left on device") != std::string::npos);
}

TEST_CASE("writeFile under a file size limit fails naming the path and leaves no truncated file") {
    std::filesystem::path file = std::filesystem::temp_directory_path() / "trailhead-fsize-limit.bin";
    std::filesystem::remove(file);
    rlimit old{};
    REQUIRE(getrlimit(RLIMIT_FSIZE, &old) == 0);
    auto previous = std::signal(SIGXFSZ, SIG_IGN);
    rlimit zero = old;
    zero.rlim_cur = 0;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &zero) == 0);
    std::string e = errorOf([&] { writeFile(file, std::string(1000, 'x')); });
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previous);
    CHECK(e.find(file.string() + ": cannot write file: File too large") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(file));
}

TEST_CASE("readFile and writeFile of a directory say it is a directory") {
    std::filesystem::path dir = std::filesystem::temp_directory_path();
    CHECK(errorOf([&] { readFile(dir); }).find(dir.string() + ": is a directory") != std::string::npos);
    CHECK(errorOf([&] { writeFile(dir, "x"); }).find("is a directory") != std::string::npos);
}

TEST_CASE("containedPath keeps a document's paths in its folder unless a folder is trusted") {
    std::filesystem::path root = std::filesystem::temp_directory_path() / "trailhead-contained";
    std::filesystem::create_directories(root / "models");
    SourceLocation where{"scene.json", 3, 14};
    CHECK(containedPath(root, "models/a.gltf", {}, where, "params.model") == root / "models/a.gltf");
    std::string escape = errorOf([&] { containedPath(root, "../../../../etc/passwd", {}, where, "params.model"); });
    CHECK(escape.find("scene.json:3:14: 'params.model': '../../../../etc/passwd' leaves the folder") != std::string::npos);
    CHECK(escape.find("--allow-path") != std::string::npos);
    std::string absolute = errorOf([&] { containedPath(root, "/etc/hostname", {}, where, "file"); });
    CHECK(absolute.find("'/etc/hostname' is an absolute path outside the folder") != std::string::npos);
    // The opt-out: a trusted folder admits absolute and escaping paths inside it, and no others.
    CHECK(containedPath(root, "/etc/hostname", {"/etc"}, where, "file") == "/etc/hostname");
    CHECK(errorOf([&] { containedPath(root, "/usr/lib", {"/etc"}, where, "file"); }) != "(no error)");
    // An empty base is the current folder, not "everything".
    CHECK(errorOf([&] { containedPath("", "/etc/hostname", {}, where, "file"); }) != "(no error)");
}
