#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "ShaderTestHelpers.h"
#include "shader/ShaderStore.h"

using namespace th;
using namespace th::test;

TEST_CASE("ShaderStore: the engine's shaders are embedded") {
    ShaderStore store;
    if (store.overrideDirectory().empty()) {
        const ShaderSource* s = store.find("example/example.frag.glsl");
        REQUIRE(s);
        CHECK(s->origin == "shaders/example/example.frag.glsl");
        CHECK(contains(s->text, "CUSTOM_FRAGMENT_DEFINITIONS"));
    }
}

TEST_CASE("ShaderStore: include lookup by name, name.glsl or unique stem") {
    ShaderStore store = ShaderStore::empty();
    store.add("pbr/lights.glsl", "a");
    store.add("pbr/pbr.frag.glsl", "b");
    store.add("common/math.glsl", "c");
    store.add("other/math.glsl", "d");
    store.add("exact", "e");
    CHECK(store.resolve("pbr/lights.glsl").text == "a");
    CHECK(store.resolve("pbr/lights").text == "a");
    CHECK(store.resolve("lights").text == "a");
    CHECK(store.resolve("pbr.frag").text == "b");
    CHECK(store.resolve("exact").text == "e");
    CHECK(store.resolve("common/math").text == "c");

    auto e = errorOf([&] { store.resolve("math"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "ambiguous"));
    CHECK(contains(e->message(), "common/math.glsl, other/math.glsl"));

    e = errorOf([&] { store.resolve("light"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "no shader or include named 'light'"));
    CHECK(contains(e->message(), "pbr/lights.glsl")); // offered as a similar name

    // A later add replaces; removing keeps the stem index right.
    store.add("pbr/lights.glsl", "a2");
    CHECK(store.resolve("lights").text == "a2");
    store.remove("other/math.glsl");
    CHECK(store.resolve("math").text == "c");
}

TEST_CASE("ShaderStore: CRLF sources are normalised") {
    ShaderStore store = ShaderStore::empty();
    store.add("crlf.glsl", "a;\r\n#define CUSTOM_X\r\n");
    CHECK(store.find("crlf.glsl")->text == "a;\n#define CUSTOM_X\n");
}

TEST_CASE("ShaderStore: an override directory loads from disk and reloads what changed") {
    TempDir dir;
    writeFile(dir.path / "pbr" / "pbr.frag.glsl", "v1\n");
    writeFile(dir.path / "common.glsl", "common\n");
    writeFile(dir.path / "notes.txt", "not a shader\n");
    ShaderStore store(dir.path);
    CHECK(store.overrideDirectory() == dir.path);
    CHECK(store.size() == 2);
    const ShaderSource& frag = store.resolve("pbr.frag");
    CHECK(frag.text == "v1\n");
    CHECK(frag.origin == (dir.path / "pbr" / "pbr.frag.glsl").generic_string());
    uint64_t generation = store.generation();

    CHECK(store.reload().empty());
    CHECK(store.generation() == generation);

    // A changed file, a new one and a deleted one.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    writeFile(dir.path / "pbr" / "pbr.frag.glsl", "v2\n");
    std::filesystem::last_write_time(dir.path / "pbr" / "pbr.frag.glsl",
                                     std::filesystem::file_time_type::clock::now() + std::chrono::seconds(2));
    writeFile(dir.path / "extra.glsl", "extra\n");
    std::filesystem::remove(dir.path / "common.glsl");
    std::vector<std::string> changed = store.reload();
    CHECK(changed == std::vector<std::string>{"common.glsl", "extra.glsl", "pbr/pbr.frag.glsl"});
    CHECK(store.generation() > generation);
    CHECK(store.resolve("pbr.frag").text == "v2\n");
    CHECK(store.find("common.glsl") == nullptr);
    CHECK(store.find("extra.glsl") != nullptr);
}

TEST_CASE("ShaderStore: TRAILHEAD_SHADER_DIR selects the override directory") {
    TempDir dir;
    writeFile(dir.path / "only.glsl", "x\n");
    const char* previous = std::getenv("TRAILHEAD_SHADER_DIR");
    std::string saved = previous ? previous : "";
    setenv("TRAILHEAD_SHADER_DIR", dir.path.c_str(), 1);
    ShaderStore store;
    if (previous) setenv("TRAILHEAD_SHADER_DIR", saved.c_str(), 1);
    else unsetenv("TRAILHEAD_SHADER_DIR");
    CHECK(store.names() == std::vector<std::string>{"only.glsl"});

    auto e = errorOf([] { ShaderStore bad("/nonexistent/shader/dir"); });
    REQUIRE(e);
    CHECK(contains(e->message(), "/nonexistent/shader/dir"));
}

TEST_CASE("ShaderStore: user directories join the store under a prefix") {
    TempDir dir;
    writeFile(dir.path / "wind.vert.glsl", "wind\n");
    ShaderStore store = ShaderStore::empty();
    store.addDirectory(dir.path, "plugins/wind/");
    CHECK(store.resolve("plugins/wind/wind.vert").text == "wind\n");
    CHECK(store.resolve("wind.vert").text == "wind\n");
}
