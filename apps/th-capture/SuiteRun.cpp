#include "SuiteRun.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <thread>

#include <fnmatch.h>

#include "WorkerPool.h"
#include "assets/ImageLoader.h"
#include "common/CommandLine.h"
#include "common/Capture.h"
#include "common/GoldenSettings.h"
#include "common/SuiteReport.h"
#include "common/SuiteShard.h"
#include "core/Error.h"
#include "core/Files.h"
#include "core/Str.h"
#include "gl/Readback.h"

namespace th {

namespace {

namespace fs = std::filesystem;

constexpr int kMaxJobs = 64;

/// The last line of a worker's log that says why it failed ("th-capture: ..."), else its last line.
std::string reasonFromLog(const fs::path& log) {
    std::string text;
    try {
        text = readFile(log);
    } catch (const Error&) {
        return "";
    }
    std::string last, reason;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty()) last = line;
        if (line.rfind("th-capture: ", 0) == 0) reason = line.substr(12);
        start = end + 1;
    }
    return reason.empty() ? last : reason;
}

std::string signalName(int signal) {
    const char* name = sigabbrev_np(signal);
    return name ? str("SIG", name) : str("signal ", signal);
}

/// The context a capture's worker makes: its axis, else the golden folder's settings, else the
/// environment's, else the defaults (ES 3.0, native limits).
GoldenRecord resolveSettings(const SuiteCapture& c, const std::optional<GoldenSettings>& folder, const CaptureOptions& o) {
    GoldenRecord r;
    r.api = GlApi::Gles30;
    r.limits = LimitsProfile::Native;
    if (const char* e = std::getenv("TRAILHEAD_GL_API"); e && *e) r.api = parseGlApi(e);
    if (const char* e = std::getenv("TRAILHEAD_LIMITS"); e && *e) r.limits = parseLimitsProfile(e);
    if (folder) {
        r.api = folder->api;
        r.limits = folder->limits;
    }
    if (!c.api.empty()) r.api = parseGlApi(c.api);
    if (!c.limits.empty()) r.limits = parseLimitsProfile(c.limits);
    r.width = o.sizeGiven ? o.width : c.width;
    r.height = o.sizeGiven ? o.height : c.height;
    return r;
}

std::vector<size_t> selectCaptures(const CaptureSuite& suite, const CaptureOptions& o) {
    std::vector<std::string> names;
    for (auto& c : suite.captures) names.push_back(c.name);
    std::map<std::string, double> timings;
    if (!o.timings.empty()) {
        try {
            SuiteReport previous = readSuiteSummary(o.timings);
            for (auto& outcome : previous.outcomes)
                if (outcome.seconds > 0) timings[outcome.name] = outcome.seconds;
            if (timings.empty()) std::fprintf(stderr, "warning: --timings %s holds no capture times; shards are split by count\n", o.timings.c_str());
        } catch (const Error& e) {
            std::fprintf(stderr, "warning: --timings ignored (shards are split by count): %s\n", e.what());
            timings.clear();
        }
    }
    std::vector<size_t> chosen;
    if (o.shardCount > 0) chosen = selectShard(names, o.shardIndex, o.shardCount, timings);
    else
        for (size_t i = 0; i < names.size(); ++i) chosen.push_back(i);
    if (!o.only.empty()) {
        for (const std::string& pattern : o.only) {
            bool any = false;
            for (auto& n : names) any = any || fnmatch(pattern.c_str(), n.c_str(), 0) == 0;
            if (!any) throw UsageError(str("--only '", pattern, "' matches no capture of the suite '", suite.name, "'"));
        }
        std::vector<size_t> kept;
        for (size_t i : chosen)
            for (const std::string& pattern : o.only)
                if (fnmatch(pattern.c_str(), names[i].c_str(), 0) == 0) {
                    kept.push_back(i);
                    break;
                }
        chosen = kept;
    }
    return chosen;
}

std::vector<std::string> staleGoldens(const fs::path& goldens, const CaptureSuite& suite) {
    std::set<std::string> names;
    for (auto& c : suite.captures) names.insert(c.name);
    std::vector<std::string> stale;
    std::error_code ec;
    for (auto& e : fs::directory_iterator(goldens, ec)) {
        std::string file = e.path().filename().string();
        bool heatMap = file.size() > 9 && file.compare(file.size() - 9, 9, ".diff.png") == 0;
        if (e.path().extension() != ".png" || heatMap) continue;
        if (!names.count(e.path().stem().string())) stale.push_back(file);
    }
    std::sort(stale.begin(), stale.end());
    return stale;
}

void writeReports(const SuiteReport& report, const CaptureOptions& o) {
    fs::path summary = o.summary.empty() ? o.outDir / "summary.json" : o.summary;
    fs::path html = o.report.empty() ? o.outDir / "report.html" : o.report;
    writeSuiteSummary(summary, report);
    writeHtmlReport(html, report);
    std::printf("summary: %s\nreport: %s\n", summary.c_str(), html.c_str());
    if (!o.junit.empty()) {
        writeJUnitReport(o.junit, report);
        std::printf("junit: %s\n", o.junit.c_str());
    }
}

} // namespace

int runCaptureSuite(const CaptureSuite& suite, const CaptureOptions& o) {
    auto wallStart = std::chrono::steady_clock::now();
    const std::vector<size_t> chosen = selectCaptures(suite, o);
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    int jobs = o.jobs > 0 ? o.jobs : int(cores);
    if (jobs > kMaxJobs) {
        std::printf("--jobs %d is clamped to %d worker processes\n", jobs, kMaxJobs);
        jobs = kMaxJobs;
    }
    jobs = std::max(1, std::min(jobs, int(chosen.size())));
    const fs::path goldens = !o.compareDir.empty() ? o.compareDir : o.updateDir;
    std::optional<GoldenSettings> folderSettings;
    if (!goldens.empty()) folderSettings = loadGoldenSettings(goldens);
    std::error_code ec;
    fs::create_directories(o.outDir, ec);
    if (ec) throw Error(str("cannot make the output folder ", o.outDir.string(), ": ", ec.message()));
    const fs::path outDir = fs::absolute(o.outDir);
    const fs::path exe = currentExecutable();
    if (exe.empty()) throw Error("cannot find this program's executable (/proc/self/exe) to start workers");

    SuiteReport report;
    report.suite = suite.name;
    report.digest = suite.digest;
    if (o.shardCount > 0) report.shard = str(o.shardIndex, "/", o.shardCount);
    for (auto& c : suite.captures) report.suiteCaptures.push_back(c.name);
    if (!goldens.empty()) report.staleGoldens = staleGoldens(goldens, suite);
    std::printf("suite '%s': %zu of %zu captures%s, %d worker process%s\n", suite.name.c_str(), chosen.size(),
                suite.captures.size(), report.shard.empty() ? "" : str(" (shard ", report.shard, ")").c_str(), jobs,
                jobs == 1 ? "" : "es");
    std::fflush(stdout);

    std::vector<CaptureOutcome> outcomes(chosen.size());
    std::vector<GoldenRecord> settings(chosen.size());
    std::vector<WorkerJob> workerJobs;
    std::vector<size_t> jobOutcome; // worker job → outcome index
    // llvmpipe draws with a thread per core: N workers share the cores rather than each taking all.
    const char* lpThreads = std::getenv("LP_NUM_THREADS");
    for (size_t k = 0; k < chosen.size(); ++k) {
        const SuiteCapture& c = suite.captures[chosen[k]];
        CaptureOutcome& out = outcomes[k];
        settings[k] = resolveSettings(c, folderSettings, o);
        out.name = c.name;
        out.api = toString(settings[k].api);
        out.limits = toString(settings[k].limits);
        out.width = settings[k].width;
        out.height = settings[k].height;
        out.measure = c.measure.describe();
        if (!c.skipReason.empty()) {
            out.status = CaptureStatus::Skipped;
            out.message = c.skipReason;
            continue;
        }
        WorkerJob job;
        job.argv.push_back(exe.string());
        // --size on the command line sizes every capture, over an entry's own.
        for (size_t a = 0; a < c.arguments.size(); ++a) {
            if (o.sizeGiven && c.arguments[a] == "--size") {
                ++a;
                continue;
            }
            job.argv.push_back(c.arguments[a]);
        }
        if (o.sizeGiven) job.argv.insert(job.argv.end(), {"--size", str(o.width, "x", o.height)});
        out.actual = outDir / (c.name + ".png");
        out.log = outDir / (c.name + ".log");
        job.argv.insert(job.argv.end(), {"--out", out.actual.string()});
        job.environment = {{"TRAILHEAD_GL_API", out.api}, {"TRAILHEAD_LIMITS", out.limits}};
        if (!lpThreads || !*lpThreads) job.environment.emplace_back("LP_NUM_THREADS", str(std::max(1u, cores / unsigned(jobs))));
        job.log = out.log;
        job.timeoutSeconds = o.timeoutSeconds;
        fs::remove(out.actual, ec); // a stale capture from an earlier run must not pass for this one's
        workerJobs.push_back(std::move(job));
        jobOutcome.push_back(k);
    }

    size_t done = 0;
    auto judge = [&](size_t k, const SuiteCapture& c) {
        CaptureOutcome& out = outcomes[k];
        if (goldens.empty()) {
            out.status = CaptureStatus::Captured;
            return;
        }
        CaptureOutcome judged = checkAgainstGolden(c.name, loadImage(out.actual), out.actual, settings[k], c.measure,
                                                   goldens, folderSettings, outDir);
        judged.log = out.log;
        judged.seconds = out.seconds;
        out = judged;
    };
    runWorkers(workerJobs, jobs, [&](size_t j, const WorkerResult& result) {
        size_t k = jobOutcome[j];
        const SuiteCapture& c = suite.captures[chosen[k]];
        CaptureOutcome& out = outcomes[k];
        out.seconds = result.seconds;
        if (!result.started) {
            out.status = CaptureStatus::Error;
            out.message = result.failure;
        } else if (result.timedOut) {
            out.status = CaptureStatus::TimedOut;
            out.message = str("killed after ", o.timeoutSeconds, " s (--timeout)");
        } else if (result.signal) {
            out.status = CaptureStatus::Crashed;
            out.message = str("the worker died of ", signalName(result.signal), "; ", reasonFromLog(out.log));
        } else if (result.exitCode == 77) {
            out.status = CaptureStatus::Skipped;
            out.message = reasonFromLog(out.log);
        } else if (result.exitCode != 0) {
            out.status = CaptureStatus::Error;
            out.message = str("exit status ", result.exitCode, ": ", reasonFromLog(out.log));
        } else {
            try {
                judge(k, c);
            } catch (const std::exception& e) {
                out.status = CaptureStatus::Error;
                out.message = e.what();
            }
        }
        if (out.status == CaptureStatus::Error || out.status == CaptureStatus::Crashed || out.status == CaptureStatus::TimedOut)
            out.actual.clear(); // whatever it left is not a capture
        ++done;
        std::printf("[%zu/%zu] %s: %s; %s (%.1f s)\n", done, workerJobs.size(), out.name.c_str(), toString(out.status),
                    out.message.c_str(), out.seconds);
        std::fflush(stdout);
    });
    for (auto& out : outcomes)
        if (out.status == CaptureStatus::Skipped && out.seconds == 0)
            std::printf("%s: skipped; %s\n", out.name.c_str(), out.message.c_str());

    if (!o.updateDir.empty()) {
        // Only what failed or had no golden is written (with --only: what was named), never a
        // capture that errored: an error's image is not a picture of the scene.
        GoldenSettings written = loadGoldenSettings(o.updateDir).value_or(folderSettings.value_or(GoldenSettings{}));
        if (!loadGoldenSettings(o.updateDir) && !chosen.empty()) {
            written.api = settings[0].api;
            written.limits = settings[0].limits;
        }
        int updated = 0;
        for (size_t k = 0; k < outcomes.size(); ++k) {
            CaptureOutcome& out = outcomes[k];
            bool failedPicture = out.status == CaptureStatus::Failed || out.status == CaptureStatus::GoldenMissing;
            bool named = !o.only.empty() && out.status == CaptureStatus::Passed;
            if (!failedPicture && !named) {
                if (isFailure(out.status)) std::printf("%s: not updated: the capture %s\n", out.name.c_str(), toString(out.status));
                continue;
            }
            fs::path target = o.updateDir / (out.name + ".png");
            writeFile(target, readFile(out.actual));
            written.goldens[out.name] = settings[k];
            out.message = str("updated ", target.string(), " (was ", toString(out.status), ": ", out.message, ")");
            out.status = CaptureStatus::Updated;
            out.golden = fs::absolute(target);
            ++updated;
            std::printf("updated %s\n", target.c_str());
        }
        if (updated > 0) writeGoldenSettings(o.updateDir, written);
    }
    for (auto& s : report.staleGoldens)
        std::printf("stale golden: %s (no capture of the suite '%s' makes it)\n", (goldens / s).c_str(), suite.name.c_str());
    report.outcomes = std::move(outcomes);
    report.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    writeReports(report, o);
    int failures = report.failures();
    std::printf("%zu of %zu captures pass, %d fail; %.1f s\n", report.outcomes.size() - size_t(failures),
                report.outcomes.size(), failures, report.wallSeconds);
    return failures == 0 ? 0 : 1;
}

int mergeCaptureReports(const CaptureOptions& o) {
    std::vector<std::pair<fs::path, SuiteReport>> shards;
    for (const fs::path& p : o.mergeReports) shards.emplace_back(p, readSuiteSummary(p));
    SuiteReport merged = mergeSuiteReports(shards);
    std::error_code ec;
    fs::create_directories(o.outDir, ec);
    writeReports(merged, o);
    int failures = merged.failures();
    std::printf("merged %zu shard%s of suite '%s': %zu of %zu captures pass, %d fail\n", shards.size(),
                shards.size() == 1 ? "" : "s", merged.suite.c_str(), merged.outcomes.size() - size_t(failures),
                merged.outcomes.size(), failures);
    return failures == 0 ? 0 : 1;
}

} // namespace th
