#pragma once
// Runs commands in child processes, N at a time, each with its own log and a time limit: a
// capture that crashes, hangs or exits early ends only itself. Each child leads a process
// group of its own, so a timeout kills what it started too. POSIX only (fork, exec, waitpid).
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace th {

struct WorkerJob {
    std::vector<std::string> argv; ///< argv[0] is the program (a path)
    std::vector<std::pair<std::string, std::string>> environment; ///< set in the child over the parent's
    std::filesystem::path log;     ///< the child's stdout and stderr
    double timeoutSeconds = 0;     ///< 0: no limit
};

struct WorkerResult {
    bool started = false; ///< false: fork or exec failed (the reason is in `failure`)
    int exitCode = -1;    ///< when it exited
    int signal = 0;       ///< when a signal ended it (SIGKILL after a timeout)
    bool timedOut = false;
    double seconds = 0;
    std::string failure;
};

/// Runs `jobs` with at most `parallel` at once, in order of the list; `finished(i, result)` is
/// called in this process as each ends (while the others run).
void runWorkers(const std::vector<WorkerJob>& jobs, int parallel,
                const std::function<void(size_t, const WorkerResult&)>& finished);

/// This program's own executable (/proc/self/exe), to start workers of the same build.
std::filesystem::path currentExecutable();

} // namespace th
