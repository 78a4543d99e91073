#include "assets/GltfAccessorReader.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "assets/GltfDiagnostics.h"
#include "core/Str.h"

namespace th {

namespace {

constexpr int kByte = TINYGLTF_COMPONENT_TYPE_BYTE;
constexpr int kUnsignedByte = TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE;
constexpr int kShort = TINYGLTF_COMPONENT_TYPE_SHORT;
constexpr int kUnsignedShort = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
constexpr int kUnsignedInt = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
constexpr int kFloat = TINYGLTF_COMPONENT_TYPE_FLOAT;

/// glTF's component types (5124 INT and 5130 DOUBLE are tinygltf's, not glTF's).
int componentSize(int type) {
    switch (type) {
    case kByte:
    case kUnsignedByte: return 1;
    case kShort:
    case kUnsignedShort: return 2;
    case kUnsignedInt:
    case kFloat: return 4;
    default: return 0;
    }
}

const char* componentName(int type) {
    switch (type) {
    case kByte: return "BYTE";
    case kUnsignedByte: return "UNSIGNED_BYTE";
    case kShort: return "SHORT";
    case kUnsignedShort: return "UNSIGNED_SHORT";
    case kUnsignedInt: return "UNSIGNED_INT";
    case kFloat: return "FLOAT";
    default: return "unknown";
    }
}

/// One component, read with memcpy: buffer data has no alignment guarantee.
double rawComponent(const uint8_t* p, int type) {
    switch (type) {
    case kByte: {
        int8_t v;
        std::memcpy(&v, p, 1);
        return v;
    }
    case kUnsignedByte: return *p;
    case kShort: {
        int16_t v;
        std::memcpy(&v, p, 2);
        return v;
    }
    case kUnsignedShort: {
        uint16_t v;
        std::memcpy(&v, p, 2);
        return v;
    }
    case kUnsignedInt: {
        uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
    }
    case kFloat: {
        float v;
        std::memcpy(&v, p, 4);
        return double(v);
    }
    default: return 0.0;
    }
}

/// glTF's normalized-integer rules (the signed ones clamp -128 and -32768 to -1).
float toFloat(double raw, int type, bool normalized) {
    if (!normalized) return float(raw);
    switch (type) {
    case kByte: return std::max(float(raw) / 127.0f, -1.0f);
    case kUnsignedByte: return float(raw) / 255.0f;
    case kShort: return std::max(float(raw) / 32767.0f, -1.0f);
    case kUnsignedShort: return float(raw) / 65535.0f;
    default: return float(raw);
    }
}

} // namespace

GltfAccessorReader::GltfAccessorReader(const tinygltf::Model& model, GltfAccessorLimits limits,
                                       std::function<SourceLocation(std::string_view)> locate, GltfUnreadable unreadable)
    : mModel(model), mLimits(limits), mLocate(std::move(locate)), mUnreadable(std::move(unreadable)) {}

GltfError GltfAccessorReader::error(int accessor, const char* code, std::string_view key, const std::string& what,
                                    const std::string& problem) const {
    // An index that names no accessor is at fault where it is used; the message says where.
    std::string pointer =
        accessor >= 0 && size_t(accessor) < mModel.accessors.size() ? str("/accessors/", accessor, key) : "";
    SourceLocation where = mLocate(pointer);
    return GltfError(std::move(where), str("accessor ", accessor, " (", what, "): ", problem), code,
                     std::move(pointer));
}

size_t GltfAccessorReader::count(int accessor, const std::string& what) const {
    if (accessor < 0 || size_t(accessor) >= mModel.accessors.size())
        throw error(accessor, "UNRESOLVED_REFERENCE", "", what,
                    str("no such accessor; the file has ", mModel.accessors.size()));
    return mModel.accessors[size_t(accessor)].count;
}

const uint8_t* GltfAccessorReader::viewBytes(int accessor, int view, uint64_t offset, uint64_t bytes,
                                             const std::string& what, std::string_view key) const {
    if (view < 0 || size_t(view) >= mModel.bufferViews.size())
        throw error(accessor, "UNRESOLVED_REFERENCE", str(key, "/bufferView"), what,
                    str("bufferView ", view, " does not exist; the file has ", mModel.bufferViews.size()));
    const tinygltf::BufferView& v = mModel.bufferViews[size_t(view)];
    if (v.buffer < 0 || size_t(v.buffer) >= mModel.buffers.size())
        throw error(accessor, "UNRESOLVED_REFERENCE", str(key, "/bufferView"), what,
                    str("bufferView ", view, " names buffer ", v.buffer, ", which does not exist"));
    if (auto absent = mUnreadable.buffers.find(v.buffer); absent != mUnreadable.buffers.end())
        throw error(accessor, "BUFFER_DATA_ABSENT", str(key, "/bufferView"), what,
                    str("reads bufferView ", view, " of buffer ", v.buffer, ", which ", absent->second));
    const std::vector<unsigned char>& data = mModel.buffers[size_t(v.buffer)].data;
    const uint64_t length = v.byteLength, start = v.byteOffset;
    if (length > data.size() || start > data.size() - length)
        throw error(accessor, "BUFFER_VIEW_TOO_LONG", str(key, "/bufferView"), what,
                    // Offset and length as given: their sum may not fit 64 bits.
                    str("bufferView ", view, " (byteOffset ", start, ", byteLength ", length, ") does not fit buffer ",
                        v.buffer, ", which has only ", data.size(), " bytes"));
    if (bytes > length || offset > length - bytes)
        throw error(accessor, "ACCESSOR_TOO_LONG", str(key, "/byteOffset"), what,
                    str("needs ", bytes, " bytes from byte ", offset, " of bufferView ", view, ", which is only ",
                        length, " bytes long"));
    return data.data() + start + offset;
}

GltfAccessorReader::Layout GltfAccessorReader::layout(int accessor, std::initializer_list<int> allowed,
                                                      const std::string& what) {
    count(accessor, what); // validates the index
    if (auto unknown = mUnreadable.accessorTypes.find(accessor); unknown != mUnreadable.accessorTypes.end())
        throw error(accessor, "VALUE_NOT_IN_LIST", "/type", what, unknown->second);
    const tinygltf::Accessor& a = mModel.accessors[size_t(accessor)];
    Layout l;
    l.componentType = a.componentType;
    l.componentSize = componentSize(a.componentType);
    if (l.componentSize == 0)
        throw error(accessor, "VALUE_NOT_IN_LIST", "/componentType", what,
                    str("componentType ", a.componentType, " is not a glTF component type"));
    switch (a.type) {
    case TINYGLTF_TYPE_SCALAR: l.components = 1; break;
    case TINYGLTF_TYPE_VEC2: l.components = 2; break;
    case TINYGLTF_TYPE_VEC3: l.components = 3; break;
    case TINYGLTF_TYPE_VEC4: l.components = 4; break;
    case TINYGLTF_TYPE_MAT4:
        // Inverse bind matrices. Byte and short matrices pad their columns; only floats here.
        if (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT)
            throw error(accessor, "ACCESSOR_INVALID_FORMAT", "/componentType", what,
                        "a MAT4 accessor must hold floats here");
        l.components = 16;
        break;
    default:
        throw error(accessor, "ACCESSOR_INVALID_FORMAT", "/type", what, "type must be SCALAR, VEC2, VEC3 or VEC4 here");
    }
    if (allowed.size() && std::find(allowed.begin(), allowed.end(), l.components) == allowed.end()) {
        std::string list;
        for (int c : allowed) list += str(list.empty() ? "" : " or ", c == 1 ? "SCALAR" : c == 16 ? "MAT4" : str("VEC", c));
        throw error(accessor, "ACCESSOR_INVALID_FORMAT", "/type", what,
                    str("has ", l.components, " components per element; expected ", list));
    }
    l.normalized = a.normalized;
    l.count = a.count;
    if (l.count > mLimits.maxElements)
        throw error(accessor, "ACCESSOR_TOO_MANY_ELEMENTS", "/count", what,
                    str("has ", l.count, " elements, more than the limit of ", mLimits.maxElements));
    mTotalElements += l.count;
    if (mTotalElements > mLimits.maxTotalElements)
        throw error(accessor, "ACCESSOR_TOO_MANY_ELEMENTS", "/count", what,
                    str("the model reads more than ", mLimits.maxTotalElements, " accessor elements in total"));

    const uint64_t elementSize = uint64_t(l.componentSize) * uint64_t(l.components);
    l.stride = elementSize;
    if (a.bufferView >= 0) {
        if (size_t(a.bufferView) >= mModel.bufferViews.size())
            throw error(accessor, "UNRESOLVED_REFERENCE", "/bufferView", what,
                        str("bufferView ", a.bufferView, " does not exist; the file has ", mModel.bufferViews.size()));
        const tinygltf::BufferView& v = mModel.bufferViews[size_t(a.bufferView)];
        if (v.byteStride != 0) {
            if (v.byteStride < elementSize || v.byteStride > 252 || v.byteStride % size_t(l.componentSize) != 0)
                throw error(accessor, "BUFFER_VIEW_INVALID_BYTE_STRIDE", "/bufferView", what,
                            str("bufferView ", a.bufferView, " has byteStride ", v.byteStride, ", which does not fit ",
                                elementSize, "-byte elements (glTF allows ", elementSize, "..252, aligned)"));
            l.stride = v.byteStride;
        }
        const uint64_t span = l.count == 0 ? 0 : uint64_t(l.count - 1) * l.stride + elementSize;
        l.data = viewBytes(accessor, a.bufferView, a.byteOffset, span, what, "");
    }
    return l;
}

template <typename Sink> static void visitElements(const uint8_t* data, size_t stride, size_t count, int components,
                                                   int type, int size, Sink&& sink) {
    for (size_t e = 0; e < count; ++e) {
        const uint8_t* p = data + e * stride;
        for (int c = 0; c < components; ++c) sink(e, c, rawComponent(p + size_t(c) * size_t(size), type));
    }
}

/// Applies a sparse accessor's substitutions through `sink(element, component, raw)`.
template <typename Sink>
static void applySparse(const tinygltf::Accessor& a, int accessor, const std::string& what, size_t count,
                        int components, int type, int size, Sink&& sink,
                        const std::function<const uint8_t*(int, int, uint64_t, uint64_t, std::string_view)>& bytesOf,
                        const std::function<GltfError(const char*, std::string_view, const std::string&)>& fail) {
    if (!a.sparse.isSparse) return;
    const int n = a.sparse.count;
    if (n <= 0 || size_t(n) > count)
        throw fail("VALUE_NOT_IN_RANGE", "/sparse/count", str("sparse count ", n, " must be in [1, ", count, "]"));
    const int indexType = a.sparse.indices.componentType;
    if (indexType != kUnsignedByte && indexType != kUnsignedShort && indexType != kUnsignedInt)
        throw fail("VALUE_NOT_IN_LIST", "/sparse/indices/componentType",
                   str("sparse indices have componentType ", indexType, "; glTF allows unsigned byte, short or int"));
    if (a.sparse.indices.byteOffset < 0)
        throw fail("VALUE_NOT_IN_RANGE", "/sparse/indices/byteOffset", "sparse byteOffset is negative");
    if (a.sparse.values.byteOffset < 0)
        throw fail("VALUE_NOT_IN_RANGE", "/sparse/values/byteOffset", "sparse byteOffset is negative");
    const int indexSize = componentSize(indexType);
    const uint8_t* indices = bytesOf(accessor, a.sparse.indices.bufferView, uint64_t(a.sparse.indices.byteOffset),
                                     uint64_t(n) * uint64_t(indexSize), "/sparse/indices");
    const uint64_t elementSize = uint64_t(components) * uint64_t(size);
    const uint8_t* values = bytesOf(accessor, a.sparse.values.bufferView, uint64_t(a.sparse.values.byteOffset),
                                    uint64_t(n) * elementSize, "/sparse/values");
    (void)what;
    double previous = -1.0;
    for (int k = 0; k < n; ++k) {
        double raw = rawComponent(indices + size_t(k) * size_t(indexSize), indexType);
        if (raw >= double(count))
            throw fail("ACCESSOR_SPARSE_INDEX_OOB", "/sparse/indices",
                       str("sparse index ", uint64_t(raw), " is not below the accessor's count ", count));
        // glTF requires strictly increasing sparse indices: a repeat would make the result
        // depend on order.
        if (raw <= previous)
            throw fail("ACCESSOR_SPARSE_INDICES_NON_INCREASING", "/sparse/indices",
                       str("sparse index ", k, " is ", uint64_t(raw), ", not above the previous ", uint64_t(previous),
                           " (sparse indices must increase)"));
        previous = raw;
        const uint8_t* p = values + size_t(k) * elementSize;
        for (int c = 0; c < components; ++c) sink(size_t(raw), c, rawComponent(p + size_t(c) * size_t(size), type));
    }
}

AccessorFloats GltfAccessorReader::readFloats(int accessor, std::initializer_list<int> allowedComponents,
                                              const std::string& what, size_t* nonFinite) {
    Layout l = layout(accessor, allowedComponents, what);
    AccessorFloats out;
    out.components = l.components;
    out.count = l.count;
    out.values.assign(l.count * size_t(l.components), 0.0f);
    auto sink = [&](size_t e, int c, double raw) {
        out.values[e * size_t(l.components) + size_t(c)] = toFloat(raw, l.componentType, l.normalized);
    };
    if (l.data) visitElements(l.data, l.stride, l.count, l.components, l.componentType, l.componentSize, sink);
    const tinygltf::Accessor& a = mModel.accessors[size_t(accessor)];
    applySparse(
        a, accessor, what, l.count, l.components, l.componentType, l.componentSize, sink,
        [&](int acc, int view, uint64_t offset, uint64_t bytes, std::string_view key) {
            return viewBytes(acc, view, offset, bytes, what, key);
        },
        [&](const char* code, std::string_view key, const std::string& problem) {
            return error(accessor, code, key, what, problem);
        });
    size_t bad = 0;
    for (float& v : out.values)
        if (!std::isfinite(v)) {
            v = 0.0f;
            ++bad;
        }
    if (nonFinite) *nonFinite = bad;
    return out;
}

std::vector<uint32_t> GltfAccessorReader::readIndices(int accessor, const std::string& what) {
    Layout l = layout(accessor, {1}, what);
    if (l.componentType != kUnsignedByte && l.componentType != kUnsignedShort && l.componentType != kUnsignedInt)
        throw error(
            accessor, "MESH_PRIMITIVE_INDICES_ACCESSOR_INVALID_FORMAT", "/componentType", what,
            str("indices must be UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT, not ", componentName(l.componentType)));
    std::vector<uint32_t> out(l.count, 0);
    auto sink = [&](size_t e, int, double raw) { out[e] = uint32_t(raw); };
    if (l.data) visitElements(l.data, l.stride, l.count, 1, l.componentType, l.componentSize, sink);
    applySparse(
        mModel.accessors[size_t(accessor)], accessor, what, l.count, 1, l.componentType, l.componentSize, sink,
        [&](int acc, int view, uint64_t offset, uint64_t bytes, std::string_view key) {
            return viewBytes(acc, view, offset, bytes, what, key);
        },
        [&](const char* code, std::string_view key, const std::string& problem) {
            return error(accessor, code, key, what, problem);
        });
    return out;
}

} // namespace th
