#pragma once
// Reads glTF accessors into plain arrays, checking every byte range against its buffer view
// and buffer first: tinygltf parses accessors but does not validate them, and a hostile
// file must produce an error, not an out-of-bounds read. Internal to the glTF importer
// (includes tinygltf); not part of the assets layer's public surface.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "assets/GltfDiagnostics.h"
#include "core/Error.h"

namespace th {

struct GltfAccessorLimits {
    uint64_t maxElements = uint64_t(1) << 26;      ///< per accessor
    uint64_t maxTotalElements = uint64_t(1) << 28; ///< over one import (many primitives may share one accessor)
};

/// What tinygltf was handed in place of the file's own values, so that reading it is refused
/// by name: buffers whose bytes the file does not hold, accessors of a type glTF does not
/// have (given a known one only so that tinygltf parses the file). Each with why.
struct GltfUnreadable {
    std::map<int, std::string> buffers;
    std::map<int, std::string> accessorTypes;
};

/// The floats of an accessor, `components` per element.
struct AccessorFloats {
    std::vector<float> values;
    int components = 0;
    size_t count = 0;
};

class GltfAccessorReader {
public:
    /// `locate` turns a JSON pointer into a place in the file for messages. Every error is a
    /// GltfError with the glTF-Validator's code and the pointer of the value at fault.
    GltfAccessorReader(const tinygltf::Model& model, GltfAccessorLimits limits,
                       std::function<SourceLocation(std::string_view pointer)> locate, GltfUnreadable unreadable = {});

    /// Element count of a valid accessor index (throws for an invalid one).
    size_t count(int accessor, const std::string& what) const;

    /// Reads a SCALAR/VECn (or float MAT4, 16 components) accessor as floats; its component count must be one of
    /// `allowedComponents`. Integer components are converted as glTF says: normalized ones
    /// to [0, 1] or [-1, 1], others to their value. Sparse substitutions are applied.
    /// Non-finite floats become 0 (counted in `nonFinite`). `what` names the use in messages
    /// ("mesh 'Box' primitive 0 POSITION").
    AccessorFloats readFloats(int accessor, std::initializer_list<int> allowedComponents, const std::string& what,
                              size_t* nonFinite = nullptr);

    /// Reads a SCALAR accessor of unsigned bytes, shorts or ints (vertex indices).
    std::vector<uint32_t> readIndices(int accessor, const std::string& what);

private:
    struct Layout {
        const uint8_t* data = nullptr; ///< first element; null when there is no buffer view
        size_t stride = 0;
        size_t count = 0;
        int componentType = 0;
        int componentSize = 0;
        int components = 0;
        bool normalized = false;
    };
    /// Validates the accessor and its byte range; `allowed` empty = any SCALAR/VECn.
    Layout layout(int accessor, std::initializer_list<int> allowed, const std::string& what);
    /// Bounds-checked pointer to `bytes` bytes at `offset` of buffer view `view`.
    /// `key` is where the view is named below the accessor ("" or "/sparse/indices").
    const uint8_t* viewBytes(int accessor, int view, uint64_t offset, uint64_t bytes, const std::string& what,
                             std::string_view key) const;
    /// "accessor 3 (mesh 0 primitive 0 POSITION): problem" at /accessors/3`key`.
    GltfError error(int accessor, const char* code, std::string_view key, const std::string& what,
                    const std::string& problem) const;

    const tinygltf::Model& mModel;
    GltfAccessorLimits mLimits;
    std::function<SourceLocation(std::string_view)> mLocate;
    GltfUnreadable mUnreadable;
    uint64_t mTotalElements = 0;
};

} // namespace th
