#include "assets/GltfJsonPatch.h"

#include <algorithm>
#include <cstring>

#include "assets/GltfImportContext.h"

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
    ctx.jsonInserts[at + 1] += text;
    return true;
}

void applyGltfJsonInserts(GltfImportContext& ctx) {
    if (ctx.jsonInserts.empty()) return;
    std::string json;
    size_t from = 0;
    for (auto& [at, text] : ctx.jsonInserts) {
        json.append(ctx.json.substr(from, at - from));
        json += text;
        from = at;
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
