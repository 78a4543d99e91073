#include "core/Files.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "core/Error.h"
#include "core/Str.h"

namespace th {

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(SourceLocation{path.string()}, str("cannot open file: ", std::strerror(errno)));
    std::string bytes;
    in.seekg(0, std::ios::end);
    std::streamoff size = in.tellg();
    if (size < 0) throw Error(SourceLocation{path.string()}, "cannot read file (not a regular file?)");
    bytes.resize(size_t(size));
    in.seekg(0, std::ios::beg);
    in.read(bytes.data(), size);
    if (!in) throw Error(SourceLocation{path.string()}, "cannot read whole file");
    return bytes;
}

void writeFile(const std::filesystem::path& path, std::string_view bytes) {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(SourceLocation{path.string()}, str("cannot write file: ", std::strerror(errno)));
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) throw Error(SourceLocation{path.string()}, "write failed");
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

} // namespace th
