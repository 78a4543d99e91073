#pragma once
// Per-instance data for instanced drawing: a world matrix per instance plus named streams that
// plugins read as per-instance attributes (a ground gradient, dither bands, wing phase). The
// CPU copy is the truth; the GPU copy follows on upload() when something changed.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "gl/Buffer.h"
#include "gl/VertexArray.h"
#include "scene/Bounds.h"

namespace th {

struct InstanceStream {
    std::string name;
    int components = 1; ///< 1..4 floats per instance
    std::vector<float> data;
};

class InstanceBuffer {
public:
    explicit InstanceBuffer(std::string label = "instances") : mLabel(std::move(label)) {}

    size_t count() const { return mMatrices.size(); }
    const std::vector<glm::mat4>& matrices() const { return mMatrices; }
    void setMatrices(std::vector<glm::mat4> matrices);
    /// How many matrices mirror (negative determinant). One draw has one winding: a buffer
    /// whose instances all mirror is drawn with the winding flipped; a buffer mixing both
    /// cannot be drawn right in one call and should be split (ModelLoader splits glTF's).
    size_t mirroredCount() const { return mMirroredCount; }
    bool allMirrored() const { return !mMatrices.empty() && mMirroredCount == mMatrices.size(); }
    bool mixedHandedness() const { return mMirroredCount > 0 && mMirroredCount < mMatrices.size(); }
    /// Adds or replaces a stream; its data must hold count() × components floats by the
    /// time it is uploaded (checked then, with a message naming the stream).
    void setStream(std::string name, int components, std::vector<float> data);
    const InstanceStream* stream(std::string_view name) const;
    const std::vector<InstanceStream>& streams() const { return mStreams; }

    /// Bumps whenever the matrices are set (what depends on them can tell it is current).
    uint64_t matricesVersion() const { return mMatricesVersion; }
    /// Bumps whenever the set of streams changes (vertex arrays must be rebuilt).
    uint64_t layoutVersion() const { return mLayoutVersion; }
    /// The union of `local` transformed by every instance matrix. Cached until the matrices
    /// or `local` change: the renderer asks every frame, and a scan of 200 000 grass matrices
    /// each frame would cost milliseconds of CPU for nothing.
    Bounds bounds(const Bounds& local) const;

    /// Uploads changed data (the buffers are orphaned and refilled).
    void upload();
    /// Points locations at the matrix (kInstanceMatrix, 4 columns) and at the named streams,
    /// from instance `firstInstance` on (a draw of a range: GL ES 3.0 has no base instance).
    void setupVertexArray(VertexArray& vao, const std::vector<std::pair<std::string, unsigned>>& streamLocations,
                          size_t firstInstance = 0) const;

private:
    std::string mLabel;
    std::vector<glm::mat4> mMatrices;
    size_t mMirroredCount = 0;
    std::vector<InstanceStream> mStreams;
    std::vector<Buffer> mStreamBuffers;
    Buffer mMatrixBuffer;
    bool mDirty = true;
    uint64_t mLayoutVersion = 1;
    uint64_t mMatricesVersion = 0;
    mutable Bounds mBoundsLocal, mBounds;
    mutable bool mBoundsValid = false;
};

} // namespace th
