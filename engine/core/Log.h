#pragma once
// The engine's log. One sink for the whole process (stderr by default); tests swap in a
// capturing sink to assert on what the engine said.
#include <functional>
#include <string>
#include <string_view>

#include "core/Str.h"

namespace th {

enum class LogLevel { Debug, Info, Warning, Error };

const char* toString(LogLevel level);

using LogSink = std::function<void(LogLevel, std::string_view)>;

class Log {
public:
    /// Replaces the sink; returns the previous one so a scope can restore it.
    static LogSink setSink(LogSink sink);
    /// Messages below this level are dropped before they reach the sink.
    static void setMinimumLevel(LogLevel level);
    static LogLevel minimumLevel();
    static void write(LogLevel level, std::string_view message);
};

template <typename... Args> void logDebug(const Args&... a) {
    if (Log::minimumLevel() <= LogLevel::Debug) Log::write(LogLevel::Debug, str(a...));
}
template <typename... Args> void logInfo(const Args&... a) {
    if (Log::minimumLevel() <= LogLevel::Info) Log::write(LogLevel::Info, str(a...));
}
template <typename... Args> void logWarning(const Args&... a) { Log::write(LogLevel::Warning, str(a...)); }
template <typename... Args> void logError(const Args&... a) { Log::write(LogLevel::Error, str(a...)); }

/// Installs a sink for the lifetime of the object and restores the previous one after.
class ScopedLogSink {
public:
    explicit ScopedLogSink(LogSink sink) : mPrevious(Log::setSink(std::move(sink))) {}
    ~ScopedLogSink() { Log::setSink(std::move(mPrevious)); }
    ScopedLogSink(const ScopedLogSink&) = delete;
    ScopedLogSink& operator=(const ScopedLogSink&) = delete;

private:
    LogSink mPrevious;
};

} // namespace th
