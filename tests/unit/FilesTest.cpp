// Path containment keeps asset reads inside their model's folder, whatever the name.
#include <doctest/doctest.h>

#include <string>

#include "core/Files.h"

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
