#pragma once
// Helpers shared by the shader pipeline's unit tests.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <unistd.h>

#include "core/Error.h"
#include "core/Files.h"
#include "shader/GlslScan.h"
#include "shader/LineMap.h"
#include "shader/PluginCode.h"

namespace th::test {

/// The pipeline's invariant: one origin per line of text.
inline void checkLineMap(const ShaderText& t) {
    CHECK_MESSAGE(t.lines.size() == glsl::countLines(t.text), "line map has ", t.lines.size(), " lines, text has ",
                  glsl::countLines(t.text));
}

/// Runs `fn`, which must throw th::Error; returns it (fails the test otherwise).
inline std::optional<Error> errorOf(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const Error& e) {
        return e;
    }
    FAIL("expected a th::Error");
    return std::nullopt;
}

inline bool contains(std::string_view haystack, std::string_view needle) {
    return haystack.find(needle) != std::string_view::npos;
}

/// Line `index` (0-based) of a text.
inline std::string lineAt(const std::string& text, size_t index) {
    size_t pos = 0;
    for (size_t i = 0; i < index; ++i) {
        pos = text.find('\n', pos);
        if (pos == std::string::npos) return "";
        ++pos;
    }
    return text.substr(pos, text.find('\n', pos) - pos);
}

/// 0-based index of the first line containing `needle`, or SIZE_MAX.
inline size_t findLine(const std::string& text, std::string_view needle) {
    size_t at = text.find(needle);
    if (at == std::string::npos) return SIZE_MAX;
    size_t line = 0;
    for (size_t i = 0; i < at; ++i) line += text[i] == '\n';
    return line;
}

inline PluginCode makePlugin(std::string name, int priority = 0, uint32_t registration = 0) {
    PluginCode p;
    p.name = std::move(name);
    p.priority = priority;
    p.registration = registration;
    return p;
}

/// A scratch directory removed at scope exit.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        char pattern[] = "/tmp/th-shader-test-XXXXXX";
        path = mkdtemp(pattern);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

struct ValidatorResult {
    bool available = false;
    bool ok = false;
    std::string log;
};

/// Runs glslangValidator (found at configure time) on `text` as `stage` ("vert"/"frag").
inline ValidatorResult validateGlsl(const std::string& text, const char* stage) {
    ValidatorResult r;
    std::string validator = GLSLANG_VALIDATOR;
    if (validator.empty() || validator.find("NOTFOUND") != std::string::npos) return r;
    r.available = true;
    TempDir dir;
    auto file = dir.path / (std::string("shader.") + stage);
    writeFile(file, text);
    std::string command = validator + " -S " + stage + " " + file.string() + " 2>&1";
    std::FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    char buffer[4096];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) r.log.append(buffer, n);
    r.ok = pclose(pipe) == 0;
    return r;
}

} // namespace th::test
