#pragma once
// A capture suite: scene files and glTF models, each with the options it is captured under,
// and axes (API, limits profile, quality tier, time) multiplied out into named captures. The
// suite is the unit CI runs: `th-capture --suite FILE` captures it in worker processes, shards
// it over machines and reports it (see assets/scenes/README.md, "Capture suites").
//
// Loading checks everything before a capture runs: an unknown key, a wrong type, a value out of
// range (each entry's options go through th-capture's own command-line checks), an axis without
// values, a duplicate capture name, a path outside the suite's folder; each is a th::Error with
// file, line and key.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/CaptureMeasure.h"
#include "core/Error.h"

namespace th {

/// One capture of a suite, with its axes applied.
struct SuiteCapture {
    std::string name;  ///< stable: the entry's name, then each given axis's value (helmet.gl33.low)
    /// th-capture's arguments for this one capture, without the program and --out
    /// ("--scene", "/abs/helmet.json", "--size", "96x54" ...).
    std::vector<std::string> arguments;
    std::string api;    ///< "es30", "gl33", or empty: the golden folder's (or the environment's)
    std::string limits; ///< "webgl2", "native", or empty: as for api
    int width = 0, height = 0; ///< the capture's size (the scene file's or the entry's)
    CaptureMeasure measure;
    /// Not empty when the capture cannot run here (a shared sample that is absent): it is
    /// reported as skipped with this reason, as the shipped scenes are without ../shared.
    std::string skipReason;
    SourceLocation where; ///< the entry
};

struct CaptureSuite {
    std::filesystem::path file;
    std::string name;
    std::vector<SuiteCapture> captures; ///< in the file's order
    /// A digest of every capture's name and arguments: shards of one suite carry the same one,
    /// so reports of different suites (or of an edited suite) are not merged.
    std::string digest;
};

struct SuiteLoadContext {
    std::filesystem::path sharedDirectory;            ///< where sample names ("DamagedHelmet") are looked up
    std::vector<std::filesystem::path> trustedFolders; ///< --allow-path
    /// The file of a glTF sample by name, or empty (GltfScene's findSampleModel).
    std::function<std::filesystem::path(const std::filesystem::path& shared, std::string_view name)> findSample;
    /// The extra keys a scene kind's files may carry (SceneLibrary's sceneKindKeys).
    const std::vector<std::string>& (*sceneKindKeys)(const std::string& kind) = nullptr;
};

/// Loads and expands a suite file. Throws th::Error with file, line and key.
CaptureSuite loadCaptureSuite(const std::filesystem::path& file, const SuiteLoadContext& context);

/// The shipped suite (assets/shipped-suite.json): every shipped scene file, as `--all` captures.
std::filesystem::path shippedSuiteFile(const std::filesystem::path& assetsDirectory);

} // namespace th
