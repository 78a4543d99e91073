#pragma once
// What a suite run found, in the forms people and CI systems read: a JSON summary (the
// record shards are merged from, and the timings the next run balances its shards by),
// JUnit XML (one test case per capture, failures with the measure, the heat map attached),
// and an HTML page (filter by status; golden and capture side by side, with a slider and a
// flicker view between them).
#include <filesystem>
#include <string>
#include <vector>

namespace th {

enum class CaptureStatus {
    Passed,        ///< matches its golden
    Failed,        ///< differs from its golden beyond the measure, or the golden was made under other settings
    GoldenMissing, ///< no golden to compare with
    Error,         ///< the capture itself failed (exit status, message in its log)
    Crashed,       ///< the worker died from a signal
    TimedOut,      ///< the worker was killed after --timeout
    Skipped,       ///< the capture cannot run here (a shared sample is absent)
    Captured,      ///< captured; nothing compared
    Updated,       ///< written as the new golden
};

const char* toString(CaptureStatus status);
/// Throws th::Error for an unknown name.
CaptureStatus parseCaptureStatus(const std::string& name);
/// Passed, Skipped, Captured and Updated do not fail a run.
bool isFailure(CaptureStatus status);

struct CaptureOutcome {
    std::string name;
    CaptureStatus status = CaptureStatus::Error;
    std::string message;  ///< the measure's figures, or what went wrong
    std::string measure;  ///< the measure's description ("ΔE76 > 3 on at most 0.2% of pixels")
    double statistic = 0; ///< what the measure judged
    double seconds = 0;   ///< the worker's wall time
    std::string api, limits;
    int width = 0, height = 0;
    /// Files beside the report (absolute in memory; relative to the summary in the file).
    std::filesystem::path actual, golden, diff, log;
};

struct SuiteReport {
    std::string suite, digest;
    std::string shard; ///< "1/2", or empty for a whole run or a merge
    std::vector<std::string> suiteCaptures; ///< every capture the suite has (before sharding and --only)
    std::vector<CaptureOutcome> outcomes;   ///< the captures run, in the suite's order
    std::vector<std::string> staleGoldens;  ///< golden files no capture of the suite makes
    double wallSeconds = 0;
    int failures() const;
};

/// Writes the JSON summary; paths are written relative to the file's folder.
void writeSuiteSummary(const std::filesystem::path& file, const SuiteReport& report);
/// Reads a summary written by writeSuiteSummary (a folder means FOLDER/summary.json). Throws
/// th::Error with file, line and key for a malformed one.
SuiteReport readSuiteSummary(const std::filesystem::path& fileOrFolder);
/// One <testsuite> with a <testcase> per outcome: <failure> for a regression or a missing or
/// mismatched golden, <error> for an error, crash or timeout, <skipped> for a skip; the capture,
/// the heat map and the log are attached ([[ATTACHMENT|path]] in <system-out>, as Jenkins and
/// GitLab read it).
void writeJUnitReport(const std::filesystem::path& file, const SuiteReport& report);
/// The HTML page.
void writeHtmlReport(const std::filesystem::path& file, const SuiteReport& report);
/// Joins the summaries of a suite's shards. Throws th::Error when they come from different
/// suites (naming both), repeat a shard, or run the same capture twice.
SuiteReport mergeSuiteReports(const std::vector<std::pair<std::filesystem::path, SuiteReport>>& shards);

} // namespace th
