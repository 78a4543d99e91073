// (A GL test only because MaterialPlugin, a material-layer type, owns GL buffers.)
// Hot reload of plugin snippet files shows every change on disk: a renamed key, a deleted or
// emptied file, a broken marker; each problem is logged once, not on every poll.
#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/Files.h"
#include "core/Log.h"
#include "material/MaterialPlugin.h"
#include "plugins/common/SnippetFile.h"
#include "unit/ShaderTestHelpers.h"

using namespace th;

namespace {

struct ReloadFixture {
    test::TempDir dir;
    std::filesystem::path file;
    std::vector<std::string> log;
    ScopedLogSink sink{[this](LogLevel, std::string_view m) { log.emplace_back(m); }};
    std::unique_ptr<MaterialPlugin> plugin;
    SnippetReloader reloader;
    static constexpr const char* kOrigin = "plugins/reload/reload.vert.glsl";

    ReloadFixture() {
        setenv("TRAILHEAD_PLUGIN_DIR", dir.path.c_str(), 1);
        file = dir.path / "reload" / "reload.vert.glsl";
        writeFile(file, "// @key CUSTOM_VERTEX_UPDATE_WORLDPOS\nworldPos.x += 1.0;\n");
        PluginDeclaration d;
        d.name = "Reload";
        d.vertex = loadSnippetFile(kOrigin, {}); // on disk: nothing embedded
        plugin = std::make_unique<MaterialPlugin>(std::move(d));
    }
    ~ReloadFixture() { unsetenv("TRAILHEAD_PLUGIN_DIR"); }

    size_t logged(std::string_view needle) const {
        size_t n = 0;
        for (auto& m : log) n += m.find(needle) != std::string::npos;
        return n;
    }
    std::vector<std::string> keys() const {
        std::vector<std::string> k;
        for (auto& s : plugin->declaration().vertex) k.push_back(s.key);
        return k;
    }
};

} // namespace

TEST_CASE("a renamed snippet key moves the snippet and names the new and the old key") {
    ReloadFixture f;
    writeFile(f.file, "// @key CUSTOM_VERTEX_UPDATE_WROLDPOS\nworldPos.x += 1.0;\n");
    CHECK(f.reloader.reload(*f.plugin));
    CHECK(f.keys() == std::vector<std::string>{"CUSTOM_VERTEX_UPDATE_WROLDPOS"});
    CHECK(f.logged("new key CUSTOM_VERTEX_UPDATE_WROLDPOS; key CUSTOM_VERTEX_UPDATE_WORLDPOS is gone") == 1);
}

TEST_CASE("a deleted snippet file is reported once and the code last read stays") {
    ReloadFixture f;
    std::filesystem::remove(f.file);
    for (int poll = 0; poll < 5; ++poll) CHECK_FALSE(f.reloader.reload(*f.plugin));
    CHECK(f.logged("reload.vert.glsl was deleted; keeping the code last read") == 1);
    CHECK(f.keys() == std::vector<std::string>{"CUSTOM_VERTEX_UPDATE_WORLDPOS"});
}

TEST_CASE("an emptied snippet file is reported once") {
    ReloadFixture f;
    writeFile(f.file, "");
    for (int poll = 0; poll < 5; ++poll) CHECK_FALSE(f.reloader.reload(*f.plugin));
    CHECK(f.logged("reload.vert.glsl is empty; keeping the code last read") == 1);
}

TEST_CASE("a duplicate or empty key is logged once per change, not on every poll") {
    ReloadFixture f;
    writeFile(f.file, "// @key A\nx;\n// @key A\ny;\n");
    for (int poll = 0; poll < 5; ++poll) CHECK_FALSE(f.reloader.reload(*f.plugin));
    CHECK(f.logged("key 'A' appears twice in this file") == 1);
    writeFile(f.file, "// @key\nx;\n");
    for (int poll = 0; poll < 5; ++poll) CHECK_FALSE(f.reloader.reload(*f.plugin));
    CHECK(f.logged("'// @key' needs an injection key") == 1);
    // Fixed, then broken the same way again: said again.
    writeFile(f.file, "// @key CUSTOM_VERTEX_UPDATE_WORLDPOS\nworldPos.x += 2.0;\n");
    CHECK(f.reloader.reload(*f.plugin));
    writeFile(f.file, "// @key\nx;\n");
    CHECK_FALSE(f.reloader.reload(*f.plugin));
    CHECK(f.logged("'// @key' needs an injection key") == 2);
}
