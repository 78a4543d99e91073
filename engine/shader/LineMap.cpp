#include "shader/LineMap.h"

#include <algorithm>

namespace th {

LineMap::LineMap() {
    mSources.emplace_back("<generated>");
    mContexts.emplace_back();
}

uint32_t LineMap::addSource(std::string_view name, std::string_view context) {
    for (size_t i = 0; i < mSources.size(); ++i)
        if (mSources[i] == name && mContexts[i] == context) return uint32_t(i);
    mSources.emplace_back(name);
    mContexts.emplace_back(context);
    return uint32_t(mSources.size() - 1);
}

const std::string& LineMap::contextAt(int line) const {
    if (line < 1 || size_t(line) > mLines.size()) return mContexts[0];
    return mContexts[mLines[size_t(line - 1)].source];
}

void LineMap::append(const LineMap& other) { append(other, 0, other.size()); }

void LineMap::append(const LineMap& other, size_t firstLine, size_t lineCount) {
    std::vector<uint32_t> remap(other.mSources.size());
    for (size_t i = 0; i < other.mSources.size(); ++i) remap[i] = addSource(other.mSources[i], other.mContexts[i]);
    size_t end = std::min(other.size(), firstLine + lineCount);
    for (size_t i = firstLine; i < end; ++i) mLines.push_back({remap[other.mLines[i].source], other.mLines[i].line});
}

void LineMap::appendSameSources(const LineMap& other, size_t firstLine, size_t lineCount) {
    if (firstLine >= other.mLines.size()) return;
    size_t end = std::min(other.mLines.size(), firstLine + lineCount);
    mLines.insert(mLines.end(), other.mLines.begin() + ptrdiff_t(firstLine), other.mLines.begin() + ptrdiff_t(end));
}

SourceLocation LineMap::locate(int line) const {
    if (line < 1 || size_t(line) > mLines.size()) return SourceLocation{mSources[0], line};
    const LineOrigin& o = mLines[size_t(line - 1)];
    return SourceLocation{mSources[o.source], int(o.line)};
}

ShaderText ShaderText::fromSource(std::string_view name, std::string_view text, std::string_view context) {
    ShaderText out;
    out.text = std::string(text);
    uint32_t source = out.lines.addSource(name, context);
    uint32_t line = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t nl = text.find('\n', pos);
        out.lines.push({source, ++line});
        if (nl == std::string_view::npos) break;
        pos = nl + 1;
    }
    return out;
}

} // namespace th
