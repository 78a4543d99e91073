#include "core/Files.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

namespace {

Error fileError(const std::filesystem::path& path, std::string_view what, int error) {
    return Error(SourceLocation{path.string()}, str(what, ": ", std::strerror(error)));
}

/// Closes a descriptor on every path out of a function.
struct Descriptor {
    int fd = -1;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
    /// close(2) reports deferred write errors (NFS, some full file systems): check it.
    int release() {
        int r = ::close(fd);
        fd = -1;
        return r;
    }
};

} // namespace

std::string readFile(const std::filesystem::path& path) {
    // POSIX calls rather than std::ifstream: a directory opens "fine" as a stream and then
    // claims a size of 2^63, which ended in std::bad_alloc with no path.
    Descriptor in{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (in.fd < 0) throw fileError(path, "cannot open file", errno);
    struct stat st {};
    if (::fstat(in.fd, &st) != 0) throw fileError(path, "cannot read file", errno);
    if (S_ISDIR(st.st_mode)) throw Error(SourceLocation{path.string()}, "is a directory, not a file");
    // What the engine reads (models, images, scenes, shaders) is far below this; a device
    // such as /dev/zero would otherwise be read until memory runs out.
    constexpr size_t kMaxBytes = size_t(4) << 30;
    if (S_ISREG(st.st_mode) && uint64_t(st.st_size) > kMaxBytes)
        throw Error(SourceLocation{path.string()}, str("file is larger than ", kMaxBytes >> 30, " GiB"));
    std::string bytes;
    if (S_ISREG(st.st_mode)) bytes.reserve(size_t(st.st_size));
    char buffer[65536];
    for (;;) {
        ssize_t n = ::read(in.fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw fileError(path, "cannot read file", errno);
        if (n == 0) break;
        if (bytes.size() + size_t(n) > kMaxBytes)
            throw Error(SourceLocation{path.string()}, str("file is larger than ", kMaxBytes >> 30, " GiB"));
        bytes.append(buffer, size_t(n));
    }
    return bytes;
}

void writeFile(const std::filesystem::path& path, std::string_view bytes) {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    if (std::filesystem::is_directory(path, ec)) throw Error(SourceLocation{path.string()}, "cannot write file: is a directory");
    bool regular = !std::filesystem::exists(path, ec) || std::filesystem::is_regular_file(path, ec);
    Descriptor out{::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)};
    if (out.fd < 0) throw fileError(path, "cannot write file", errno);
    auto fail = [&](int error) {
        // A half-written PNG that a later step takes for a capture is worse than none.
        if (regular) {
            if (out.fd >= 0) ::close(out.fd);
            out.fd = -1;
            ::unlink(path.c_str());
        }
        return fileError(path, "cannot write file", error);
    };
    size_t written = 0;
    while (written < bytes.size()) {
        // EFBIG under a file size limit arrives here only when SIGXFSZ is ignored (the apps
        // ignore it so that the limit is a message, not a kill).
        ssize_t n = ::write(out.fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw fail(errno);
        if (n == 0) throw fail(EIO);
        written += size_t(n);
    }
    if (out.release() != 0) throw fail(errno);
}

bool isInside(const std::filesystem::path& root, const std::filesystem::path& candidate) {
    namespace fs = std::filesystem;
    // The error_code overloads: a name the file system rejects (too long, bad bytes) is simply
    // not inside, never an exception out of a containment check.
    std::error_code ec;
    fs::path base = fs::weakly_canonical(root, ec).lexically_normal();
    if (ec) return false;
    fs::path full = fs::weakly_canonical(candidate.is_absolute() ? candidate : root / candidate, ec).lexically_normal();
    if (ec) return false;
    auto b = base.begin(), f = full.begin();
    for (; b != base.end(); ++b, ++f) {
        if (b->empty()) continue; // trailing separator
        if (f == full.end() || *b != *f) return false;
    }
    return true;
}

std::filesystem::path containedPath(const std::filesystem::path& base, std::string_view name,
                                    const std::vector<std::filesystem::path>& trusted, const SourceLocation& where,
                                    std::string_view key) {
    std::filesystem::path p(name);
    std::filesystem::path root = base.empty() ? std::filesystem::path(".") : base; // isInside("", x) would hold for all x
    std::filesystem::path full = p.is_absolute() ? p : root / p;
    if (!p.is_absolute() && isInside(root, p)) return full.lexically_normal();
    for (const auto& folder : trusted)
        if (!folder.empty() && isInside(folder, full)) return full.lexically_normal();
    std::string folder = root.string();
    throw Error(where, str("'", key, "': '", name, "' ", p.is_absolute() ? "is an absolute path outside" : "leaves",
                           " the folder of the file that names it (", folder,
                           "); name a file inside that folder, or trust the folder it is in with --allow-path DIR"));
}

} // namespace th
