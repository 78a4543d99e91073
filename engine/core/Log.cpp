#include "core/Log.h"

#include <cstdio>
#include <mutex>

namespace th {

namespace {
std::mutex gMutex;
LogLevel gMinimum = LogLevel::Info;

void writeToStderr(LogLevel level, std::string_view message) {
    std::fprintf(stderr, "[%s] %.*s\n", toString(level), int(message.size()), message.data());
}

LogSink& sink() {
    static LogSink s = writeToStderr;
    return s;
}
} // namespace

const char* toString(LogLevel level) {
    switch (level) {
    case LogLevel::Debug: return "debug";
    case LogLevel::Info: return "info";
    case LogLevel::Warning: return "warning";
    case LogLevel::Error: return "error";
    }
    return "?";
}

LogSink Log::setSink(LogSink s) {
    std::lock_guard lock(gMutex);
    LogSink previous = std::move(sink());
    sink() = s ? std::move(s) : LogSink(writeToStderr);
    return previous;
}

void Log::setMinimumLevel(LogLevel level) { gMinimum = level; }
LogLevel Log::minimumLevel() { return gMinimum; }

void Log::write(LogLevel level, std::string_view message) {
    if (level < gMinimum) return;
    LogSink current;
    {
        std::lock_guard lock(gMutex);
        current = sink();
    }
    current(level, message);
}

} // namespace th
