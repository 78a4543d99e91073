#pragma once
// Runs a measurement in a forked child and returns its result through a pipe: each run starts
// as a fresh process would (its own driver state, its own peak resident memory). `Result` is
// plain data with a `char error[N]` the child fills when the body throws.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>

#include <sys/wait.h>
#include <unistd.h>

#include "core/Error.h"
#include "core/Str.h"

namespace th::bench {

template <typename Result>
Result runInChildProcess(const std::function<Result()>& body) {
    static_assert(std::is_trivially_copyable_v<Result>, "the result crosses a pipe as bytes");
    int fds[2];
    if (pipe(fds) != 0) throw Error(str("pipe failed: ", std::strerror(errno)));
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) throw Error(str("fork failed: ", std::strerror(errno)));
    if (pid == 0) {
        close(fds[0]);
        Result child{};
        try {
            child = body();
        } catch (const std::exception& e) {
            std::snprintf(child.error, sizeof child.error, "%s", e.what());
        }
        ssize_t written = write(fds[1], &child, sizeof child);
        _exit(written == ssize_t(sizeof child) ? 0 : 1);
    }
    close(fds[1]);
    Result r{};
    size_t got = 0;
    auto* bytes = reinterpret_cast<char*>(&r);
    while (got < sizeof r) {
        ssize_t n = read(fds[0], bytes + got, sizeof r - got);
        if (n <= 0) break;
        got += size_t(n);
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != sizeof r) throw Error(str("the benchmark process ended without a result (status ", status, ")"));
    if (r.error[0]) throw Error(r.error);
    return r;
}

} // namespace th::bench
