#include "WorkerPool.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/Str.h"

namespace th {

namespace {

using Clock = std::chrono::steady_clock;

/// Set by SIGINT or SIGTERM: the workers lead process groups of their own, so a Ctrl-C at the
/// terminal does not reach them; the pool ends them and then the signal ends this process.
volatile std::sig_atomic_t gStopSignal = 0;

extern "C" void onStopSignal(int signal) { gStopSignal = signal; }

struct Running {
    size_t job;
    pid_t pid;
    Clock::time_point start;
};

/// This process's environment with `overrides` set over it, made before fork (the child may
/// only make async-signal-safe calls).
std::vector<std::string> childEnvironment(const std::vector<std::pair<std::string, std::string>>& overrides) {
    std::vector<std::string> out;
    for (char** e = environ; *e; ++e) {
        std::string_view entry(*e);
        bool replaced = false;
        for (auto& [name, value] : overrides)
            if (entry.size() > name.size() && entry.compare(0, name.size(), name) == 0 && entry[name.size()] == '=') replaced = true;
        if (!replaced) out.emplace_back(entry);
    }
    for (auto& [name, value] : overrides) out.push_back(name + "=" + value);
    return out;
}

/// In the child, between fork and exec: only async-signal-safe calls, then _exit on failure.
[[noreturn]] void execChild(const std::vector<char*>& argv, const std::vector<char*>& envp, int logFd, int errorPipe) {
    setpgid(0, 0);
    dup2(logFd, STDOUT_FILENO);
    dup2(logFd, STDERR_FILENO);
    int devNull = open("/dev/null", O_RDONLY);
    if (devNull >= 0) dup2(devNull, STDIN_FILENO);
    execve(argv[0], argv.data(), envp.data());
    int error = errno;
    ssize_t ignored = write(errorPipe, &error, sizeof error);
    (void)ignored;
    _exit(127);
}

} // namespace

std::filesystem::path currentExecutable() {
    std::error_code ec;
    std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : p;
}

void runWorkers(const std::vector<WorkerJob>& jobs, int parallel,
                const std::function<void(size_t, const WorkerResult&)>& finished) {
    std::vector<Running> running;
    size_t next = 0;
    struct sigaction stop = {}, oldInt = {}, oldTerm = {};
    stop.sa_handler = onStopSignal;
    sigemptyset(&stop.sa_mask);
    // A signal this process ignores (SIGINT in a background job) stays ignored.
    sigaction(SIGINT, nullptr, &oldInt);
    sigaction(SIGTERM, nullptr, &oldTerm);
    if (oldInt.sa_handler != SIG_IGN) sigaction(SIGINT, &stop, nullptr);
    if (oldTerm.sa_handler != SIG_IGN) sigaction(SIGTERM, &stop, nullptr);
    auto start = [&](size_t i) -> bool {
        const WorkerJob& job = jobs[i];
        WorkerResult failed;
        int logFd = open(job.log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (logFd < 0) {
            failed.failure = str("cannot write the log ", job.log.string(), ": ", std::strerror(errno));
            finished(i, failed);
            return false;
        }
        // exec's failure comes back through a close-on-exec pipe: an empty read means it ran.
        int errorPipe[2];
        if (pipe2(errorPipe, O_CLOEXEC) != 0) {
            close(logFd);
            failed.failure = str("pipe: ", std::strerror(errno));
            finished(i, failed);
            return false;
        }
        std::vector<char*> argv;
        for (const std::string& a : job.argv) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        std::vector<std::string> environment = childEnvironment(job.environment);
        std::vector<char*> envp;
        for (std::string& e : environment) envp.push_back(e.data());
        envp.push_back(nullptr);
        Clock::time_point t0 = Clock::now();
        pid_t pid = fork();
        if (pid == 0) execChild(argv, envp, logFd, errorPipe[1]);
        close(logFd);
        close(errorPipe[1]);
        if (pid < 0) {
            close(errorPipe[0]);
            failed.failure = str("fork: ", std::strerror(errno));
            finished(i, failed);
            return false;
        }
        setpgid(pid, pid); // also here: the group exists before any kill below, whoever runs first
        int childError = 0;
        ssize_t n = read(errorPipe[0], &childError, sizeof childError);
        close(errorPipe[0]);
        if (n == ssize_t(sizeof childError)) {
            waitpid(pid, nullptr, 0);
            failed.failure = str("cannot run ", job.argv[0], ": ", std::strerror(childError));
            finished(i, failed);
            return false;
        }
        running.push_back({i, pid, t0});
        return true;
    };
    while (next < jobs.size() || !running.empty()) {
        if (gStopSignal) {
            for (const Running& r : running) {
                kill(-r.pid, SIGKILL);
                waitpid(r.pid, nullptr, 0);
            }
            sigaction(SIGINT, &oldInt, nullptr);
            sigaction(SIGTERM, &oldTerm, nullptr);
            raise(gStopSignal);
            return;
        }
        while (int(running.size()) < parallel && next < jobs.size()) start(next++);
        bool reaped = false;
        for (size_t r = 0; r < running.size();) {
            Running& job = running[r];
            int status = 0;
            pid_t done = waitpid(job.pid, &status, WNOHANG);
            double seconds = std::chrono::duration<double>(Clock::now() - job.start).count();
            const double limit = jobs[job.job].timeoutSeconds;
            if (done == 0 && limit > 0 && seconds > limit) {
                kill(-job.pid, SIGKILL);
                waitpid(job.pid, &status, 0);
                WorkerResult result;
                result.started = true;
                result.timedOut = true;
                result.signal = SIGKILL;
                result.seconds = seconds;
                size_t index = job.job;
                running.erase(running.begin() + long(r));
                finished(index, result);
                reaped = true;
                continue;
            }
            if (done == job.pid) {
                WorkerResult result;
                result.started = true;
                result.seconds = seconds;
                if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
                if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
                // What the worker started lives on in its group (a stray child): end it too.
                kill(-job.pid, SIGKILL);
                size_t index = job.job;
                running.erase(running.begin() + long(r));
                finished(index, result);
                reaped = true;
                continue;
            }
            ++r;
        }
        if (!reaped) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    sigaction(SIGINT, &oldInt, nullptr);
    sigaction(SIGTERM, &oldTerm, nullptr);
}

} // namespace th
