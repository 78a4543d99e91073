#include "assets/GltfJsonPatch.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "assets/GltfImportContext.h"
#include "core/Str.h"

namespace th {

namespace {

/// Byte offset of a 1-based line and column in `text`.
size_t offsetOf(std::string_view text, const SourceLocation& at) {
    size_t offset = 0;
    for (int line = 1; line < at.line && offset < text.size(); ++line) {
        size_t next = text.find('\n', offset);
        if (next == std::string_view::npos) return std::string_view::npos;
        offset = next + 1;
    }
    offset += size_t(std::max(at.column, 1) - 1);
    return offset < text.size() ? offset : std::string_view::npos;
}

void appendU32(std::string& out, uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }

} // namespace

bool insertIntoGltfObject(GltfImportContext& ctx, const json::Value& object, std::string text) {
    const size_t at = offsetOf(ctx.json, object.where());
    if (at == std::string_view::npos || ctx.json[at] != '{') return false;
    ctx.jsonEdits[at + 1].second += text;
    return true;
}

bool appendToGltfObject(GltfImportContext& ctx, const json::Value& object, std::string text) {
    const size_t start = offsetOf(ctx.json, object.where());
    if (start == std::string_view::npos || ctx.json[start] != '{') return false;
    // The matching '}': braces inside strings (and escaped quotes) do not count.
    int depth = 0;
    bool inString = false;
    for (size_t i = start; i < ctx.json.size(); ++i) {
        const char c = ctx.json[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{') {
            ++depth;
        } else if (c == '}' && --depth == 0) {
            ctx.jsonEdits[i].second += text;
            return true;
        }
    }
    return false;
}

bool integerizeGltfNumber(GltfImportContext& ctx, const json::Value& number) {
    if (!number.isNumber()) return false;
    const double value = number.asNumber();
    if (value != std::floor(value) || std::fabs(value) > 9007199254740992.0 || (value == 0 && std::signbit(value)))
        return false;
    const size_t start = offsetOf(ctx.json, number.where());
    if (start == std::string_view::npos || ctx.jsonEdits.count(start)) return false;
    size_t end = start;
    bool written = false; // as a fraction or with an exponent
    for (; end < ctx.json.size() && ctx.json[end] != '\0' && std::strchr("+-0123456789.eE", ctx.json[end]); ++end)
        if (std::strchr(".eE", ctx.json[end])) written = true;
    if (!written) return false;
    ctx.jsonEdits[start] = {end - start, str(int64_t(value))};
    return true;
}

void applyGltfJsonInserts(GltfImportContext& ctx) {
    if (ctx.jsonEdits.empty()) return;
    std::string json;
    size_t from = 0;
    for (auto& [at, edit] : ctx.jsonEdits) {
        json.append(ctx.json.substr(from, at - from));
        json += edit.second;
        from = at + edit.first;
    }
    json.append(ctx.json.substr(from));
    if (!ctx.isBinary) {
        ctx.patchedBytes = std::move(json);
    } else {
        // A new JSON chunk (padded with spaces to 4 bytes) before the .glb's other chunks.
        while (json.size() % 4 != 0) json += ' ';
        const size_t rest = 20 + ctx.json.size();
        std::string glb(ctx.bytes.substr(0, 12));
        appendU32(glb, uint32_t(json.size()));
        appendU32(glb, 0x4E4F534A);
        glb += json;
        glb.append(ctx.bytes.substr(std::min(rest, ctx.bytes.size())));
        const uint32_t length = uint32_t(glb.size());
        std::memcpy(glb.data() + 8, &length, 4);
        ctx.patchedBytes = std::move(glb);
    }
    ctx.bytes = ctx.patchedBytes;
}

} // namespace th
