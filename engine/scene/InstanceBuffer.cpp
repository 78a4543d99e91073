#include "scene/InstanceBuffer.h"

#include "core/Error.h"
#include "core/Str.h"
#include "scene/MeshData.h"

namespace th {

void InstanceBuffer::setMatrices(std::vector<glm::mat4> matrices) {
    mMatrices = std::move(matrices);
    mMirroredCount = 0;
    for (const glm::mat4& m : mMatrices) mMirroredCount += glm::determinant(glm::mat3(m)) < 0.0f;
    mDirty = true;
    mBoundsValid = false;
    ++mMatricesVersion;
}

void InstanceBuffer::setStream(std::string name, int components, std::vector<float> data) {
    if (components < 1 || components > 4)
        throw Error(str("instance stream '", name, "': ", components, " components (1 to 4 allowed)"));
    for (auto& s : mStreams) {
        if (s.name != name) continue;
        if (s.components != components) ++mLayoutVersion;
        s.components = components;
        s.data = std::move(data);
        mDirty = true;
        return;
    }
    mStreams.push_back({std::move(name), components, std::move(data)});
    ++mLayoutVersion;
    mDirty = true;
}

const InstanceStream* InstanceBuffer::stream(std::string_view name) const {
    for (auto& s : mStreams)
        if (s.name == name) return &s;
    return nullptr;
}

Bounds InstanceBuffer::bounds(const Bounds& local) const {
    if (mBoundsValid && local.min == mBoundsLocal.min && local.max == mBoundsLocal.max) return mBounds;
    Bounds b;
    for (auto& m : mMatrices) b.add(local.transformed(m));
    mBounds = b;
    mBoundsLocal = local;
    mBoundsValid = true;
    return b;
}

void InstanceBuffer::upload() {
    if (!mDirty) return;
    for (auto& s : mStreams)
        if (s.data.size() != mMatrices.size() * size_t(s.components))
            throw Error(str("instance stream '", s.name, "' of '", mLabel, "' holds ", s.data.size(), " floats; ",
                            mMatrices.size(), " instances × ", s.components, " components need ",
                            mMatrices.size() * size_t(s.components)));
    size_t bytes = std::max<size_t>(mMatrices.size() * sizeof(glm::mat4), 64);
    if (!mMatrixBuffer) mMatrixBuffer = Buffer(GL_ARRAY_BUFFER, bytes, nullptr, BufferUsage::Dynamic, mLabel + " matrices");
    mMatrixBuffer.replace(mMatrices.size() * sizeof(glm::mat4), mMatrices.data());
    mStreamBuffers.resize(mStreams.size());
    for (size_t i = 0; i < mStreams.size(); ++i) {
        auto& s = mStreams[i];
        if (!mStreamBuffers[i])
            mStreamBuffers[i] = Buffer(GL_ARRAY_BUFFER, std::max<size_t>(s.data.size() * 4, 16), nullptr,
                                       BufferUsage::Dynamic, mLabel + " " + s.name);
        mStreamBuffers[i].replace(s.data.size() * 4, s.data.data());
    }
    mDirty = false;
}

void InstanceBuffer::setupVertexArray(VertexArray& vao, const std::vector<std::pair<std::string, unsigned>>& locations,
                                      size_t firstInstance) const {
    vao.setMatrixAttribute(mMatrixBuffer, attrib::kInstanceMatrix, 4, 4, sizeof(glm::mat4), firstInstance * sizeof(glm::mat4), 1);
    for (auto& [name, location] : locations) {
        for (size_t i = 0; i < mStreams.size(); ++i) {
            if (mStreams[i].name != name) continue;
            vao.setAttribute(mStreamBuffers[i], {.location = location, .components = mStreams[i].components,
                                                 .stride = GLsizei(mStreams[i].components * 4),
                                                 .offset = firstInstance * size_t(mStreams[i].components) * 4, .divisor = 1});
        }
    }
}

} // namespace th
