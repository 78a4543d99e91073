#pragma once
// glTF documents a test builds in memory and imports: buffers embedded as data: URIs, views
// and accessors written from typed values (POSITION with its min and max), meshes, nodes,
// skins, animations and scenes, with materials, textures, images, samplers and cameras as
// the JSON a test states. The builder keeps the offsets, counts, types and indices right, so
// a test spells out only what it is about (an extension's JSON, a broken index) and
// GltfModelBuilder::json() gives the text.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "core/Str.h"
#include "support/Base64.h"

namespace th::test {

class GltfModelBuilder {
public:
    // accessor.componentType
    static constexpr int kByte = 5120, kUnsignedByte = 5121, kShort = 5122, kUnsignedShort = 5123, kUnsignedInt = 5125,
                         kFloat = 5126;

    struct View {
        int buffer = 0;
        size_t byteOffset = 0, byteLength = 0;
        size_t byteStride = 0;  ///< 0: not written
        std::string extensions; ///< members of the view's "extensions"
    };

    struct Accessor {
        int bufferView = -1; ///< -1: none (an extension such as Draco supplies the values)
        int componentType = kFloat;
        bool normalized = false;
        size_t count = 0;
        std::string type = "SCALAR";
        std::vector<float> min, max;

        /// Sets min and max to the bounds of `positions`, which glTF requires on POSITION.
        Accessor& boundsOf(const std::vector<glm::vec3>& positions) {
            glm::vec3 lo(1e30f), hi(-1e30f);
            for (const glm::vec3& p : positions) lo = glm::min(lo, p), hi = glm::max(hi, p);
            min = {lo.x, lo.y, lo.z};
            max = {hi.x, hi.y, hi.z};
            return *this;
        }
    };

    /// Where typed values go and how their accessor reads them.
    struct Layout {
        std::string type; ///< the accessor's type; empty: the values' own (VEC3 for glm::vec3, SCALAR for a number)
        bool normalized = false;
        int buffer = 0;
        size_t byteStride = 0; ///< written on the view; 0: none
    };

    using Attributes = std::map<std::string, int>; ///< attribute name to accessor

    struct Primitive {
        Attributes attributes;
        int indices = -1, material = -1, mode = -1; ///< -1: not written
        std::vector<Attributes> targets;
        std::string extensions; ///< members of the primitive's "extensions"
    };

    struct Mesh {
        std::string name;
        std::vector<Primitive> primitives;
        std::vector<float> weights;
    };

    struct Node {
        std::string name;
        int mesh = -1, camera = -1, skin = -1;
        std::vector<int> children;
        std::optional<glm::vec3> translation;
        std::vector<float> weights;
    };

    struct Skin {
        std::string name;
        std::vector<int> joints;
        int inverseBindMatrices = -1;
    };

    struct AnimationSampler {
        int input = -1, output = -1;
        std::string interpolation = "LINEAR";
    };
    struct AnimationChannel {
        int sampler = 0, node = -1;
        std::string path;
    };
    struct Animation {
        std::string name;
        std::vector<AnimationSampler> samplers;
        std::vector<AnimationChannel> channels;
    };

    /// Names `name` in extensionsUsed, and in extensionsRequired too when `required`.
    void useExtension(const std::string& name, bool required = false) {
        used_.push_back(name);
        if (required) required_.push_back(name);
    }
    /// Members of the document's own "extensions".
    void setExtensions(std::string members) { extensions_ = std::move(members); }

    /// A buffer written as a data: URI; typed values may be appended to it later.
    int addBuffer(std::vector<unsigned char> bytes = {}) {
        buffers_.push_back({std::move(bytes), true, 0, {}});
        return int(buffers_.size()) - 1;
    }
    /// A buffer with a byteLength and no data (an extension says where its bytes come from).
    int addBufferWithoutData(size_t byteLength, std::string extensions) {
        buffers_.push_back({{}, false, byteLength, std::move(extensions)});
        return int(buffers_.size()) - 1;
    }

    int addView(View view) { return push(views_, std::move(view)); }
    int addAccessor(Accessor described) { return push(accessors_, std::move(described)); }
    Accessor& accessor(int index) { return accessors_.at(size_t(index)); }

    /// The accessor that reads `values` as `type` (empty: their own), without a view.
    template <typename T> static Accessor accessorFor(const std::vector<T>& values, std::string type = {}) {
        using E = Element<T>;
        if (type.empty()) type = E::type();
        const size_t components = values.size() * E::components;
        const size_t per = componentsOf(type);
        if (components % per) throw std::invalid_argument(str(components, " components are not whole ", type, "s"));
        return {.componentType = E::componentType(), .count = components / per, .type = type};
    }

    /// `values` appended to a buffer (buffer 0 is made on first use) with a view and an
    /// accessor of their own; returns the accessor.
    template <typename T> int addAccessor(const std::vector<T>& values) { return addAccessor(values, Layout{}); }
    template <typename T> int addAccessor(const std::vector<T>& values, const Layout& layout) {
        Accessor a = accessorFor(values, layout.type);
        a.normalized = layout.normalized;
        const std::span<const unsigned char> bytes(reinterpret_cast<const unsigned char*>(values.data()),
                                                   values.size() * sizeof(T));
        const size_t offset = append(layout.buffer, bytes);
        a.bufferView = addView({.buffer = layout.buffer,
                                .byteOffset = offset,
                                .byteLength = bytes.size(),
                                .byteStride = layout.byteStride});
        return addAccessor(std::move(a));
    }
    /// POSITION values: as addAccessor, with their min and max.
    int addPositions(const std::vector<glm::vec3>& positions) { return addPositions(positions, Layout{}); }
    int addPositions(const std::vector<glm::vec3>& positions, const Layout& layout) {
        const int a = addAccessor(positions, layout);
        accessor(a).boundsOf(positions);
        return a;
    }

    // JSON objects, as the test writes them.
    int addImage(std::string json) { return push(images_, std::move(json)); }
    int addSampler(std::string json) { return push(samplers_, std::move(json)); }
    int addTexture(std::string json) { return push(textures_, std::move(json)); }
    int addMaterial(std::string json) { return push(materials_, std::move(json)); }
    int addCamera(std::string json) { return push(cameras_, std::move(json)); }

    int addMesh(Mesh mesh) { return push(meshes_, std::move(mesh)); }
    int addNode(Node node) { return push(nodes_, std::move(node)); }
    int addSkin(Skin skin) { return push(skins_, std::move(skin)); }
    int addAnimation(Animation animation) { return push(animations_, std::move(animation)); }
    /// The first scene added is the document's "scene".
    int addScene(std::vector<int> nodes) { return push(scenes_, std::move(nodes)); }

    std::string json() const {
        Object doc;
        doc.raw("asset", R"({"version": "2.0"})");
        doc.list("extensionsUsed", used_, quoted);
        doc.list("extensionsRequired", required_, quoted);
        if (!extensions_.empty()) doc.raw("extensions", braced(extensions_));
        doc.list("buffers", buffers_, [](const Buffer& b) {
            Object o;
            o.field("byteLength", b.embedded ? b.bytes.size() : b.byteLength);
            if (b.embedded) o.field("uri", quoted(dataUri(b.bytes)));
            if (!b.extensions.empty()) o.raw("extensions", braced(b.extensions));
            return o.text();
        });
        doc.list("bufferViews", views_, [](const View& v) {
            Object o;
            o.field("buffer", v.buffer);
            if (v.byteOffset) o.field("byteOffset", v.byteOffset);
            o.field("byteLength", v.byteLength);
            if (v.byteStride) o.field("byteStride", v.byteStride);
            if (!v.extensions.empty()) o.raw("extensions", braced(v.extensions));
            return o.text();
        });
        doc.list("accessors", accessors_, [](const Accessor& a) {
            Object o;
            if (a.bufferView >= 0) o.field("bufferView", a.bufferView);
            o.field("componentType", a.componentType);
            if (a.normalized) o.raw("normalized", "true");
            o.field("count", a.count);
            o.field("type", quoted(a.type));
            if (!a.min.empty()) o.list("min", a.min, number<float>);
            if (!a.max.empty()) o.list("max", a.max, number<float>);
            return o.text();
        });
        doc.list("images", images_, asIs);
        doc.list("samplers", samplers_, asIs);
        doc.list("textures", textures_, asIs);
        doc.list("materials", materials_, asIs);
        doc.list("meshes", meshes_, [](const Mesh& m) {
            Object o;
            if (!m.name.empty()) o.field("name", quoted(m.name));
            if (!m.weights.empty()) o.list("weights", m.weights, number<float>);
            o.list("primitives", m.primitives, [](const Primitive& p) {
                Object po;
                po.raw("attributes", attributes(p.attributes));
                if (p.indices >= 0) po.field("indices", p.indices);
                if (p.material >= 0) po.field("material", p.material);
                if (p.mode >= 0) po.field("mode", p.mode);
                po.list("targets", p.targets, attributes);
                if (!p.extensions.empty()) po.raw("extensions", braced(p.extensions));
                return po.text();
            });
            return o.text();
        });
        doc.list("cameras", cameras_, asIs);
        doc.list("skins", skins_, [](const Skin& s) {
            Object o;
            if (!s.name.empty()) o.field("name", quoted(s.name));
            o.list("joints", s.joints, number<int>);
            if (s.inverseBindMatrices >= 0) o.field("inverseBindMatrices", s.inverseBindMatrices);
            return o.text();
        });
        doc.list("nodes", nodes_, [](const Node& n) {
            Object o;
            if (!n.name.empty()) o.field("name", quoted(n.name));
            if (n.mesh >= 0) o.field("mesh", n.mesh);
            if (n.camera >= 0) o.field("camera", n.camera);
            if (n.skin >= 0) o.field("skin", n.skin);
            o.list("children", n.children, number<int>);
            if (n.translation)
                o.list("translation", std::vector<float>{n.translation->x, n.translation->y, n.translation->z},
                       number<float>);
            o.list("weights", n.weights, number<float>);
            return o.text();
        });
        doc.list("animations", animations_, [](const Animation& a) {
            Object o;
            if (!a.name.empty()) o.field("name", quoted(a.name));
            o.list("samplers", a.samplers, [](const AnimationSampler& s) {
                return str(R"({"input": )", s.input, R"(, "output": )", s.output, R"(, "interpolation": )",
                           quoted(s.interpolation), "}");
            });
            o.list("channels", a.channels, [](const AnimationChannel& c) {
                return str(R"({"sampler": )", c.sampler, R"(, "target": {"node": )", c.node, R"(, "path": )",
                           quoted(c.path), "}}");
            });
            return o.text();
        });
        doc.list("scenes", scenes_, [](const std::vector<int>& nodes) {
            Object o;
            o.list("nodes", nodes, number<int>);
            return o.text();
        });
        if (!scenes_.empty()) doc.field("scene", 0);
        return doc.text();
    }

private:
    struct Buffer {
        std::vector<unsigned char> bytes;
        bool embedded = true;  ///< false: no data, only `byteLength`
        size_t byteLength = 0; ///< of a buffer without data
        std::string extensions;
    };

    /// The glTF component type and accessor type of a value of T: a number, or a glm vector
    /// or matrix of them.
    template <typename T> struct Element {
        static_assert(std::is_arithmetic_v<T>, "a number, or a glm vector or matrix of numbers");
        static constexpr size_t components = 1;
        static constexpr int componentType() { return componentTypeOf<T>(); }
        static std::string type() { return "SCALAR"; }
    };
    template <glm::length_t L, typename T, glm::qualifier Q> struct Element<glm::vec<L, T, Q>> {
        static constexpr size_t components = size_t(L);
        static constexpr int componentType() { return componentTypeOf<T>(); }
        static std::string type() { return str("VEC", L); }
    };
    template <glm::length_t L, typename T, glm::qualifier Q> struct Element<glm::mat<L, L, T, Q>> {
        static constexpr size_t components = size_t(L) * size_t(L);
        static constexpr int componentType() { return componentTypeOf<T>(); }
        static std::string type() { return str("MAT", L); }
    };

    template <typename T> static constexpr int componentTypeOf() {
        if constexpr (std::is_same_v<T, float>)
            return kFloat;
        else if constexpr (std::is_same_v<T, uint32_t>)
            return kUnsignedInt;
        else if constexpr (std::is_same_v<T, uint16_t>)
            return kUnsignedShort;
        else if constexpr (std::is_same_v<T, int16_t>)
            return kShort;
        else if constexpr (std::is_same_v<T, uint8_t>)
            return kUnsignedByte;
        else if constexpr (std::is_same_v<T, int8_t>)
            return kByte;
        else
            static_assert(!sizeof(T), "glTF has no component type for this number");
    }

    static size_t componentsOf(const std::string& type) {
        static const std::map<std::string, size_t> kComponents = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4},
                                                                  {"MAT2", 4},   {"MAT3", 9}, {"MAT4", 16}};
        return kComponents.at(type);
    }

    /// Appends at a 4-byte boundary, which every component type's alignment divides.
    size_t append(int buffer, std::span<const unsigned char> bytes) {
        if (buffer == 0 && buffers_.empty()) addBuffer();
        Buffer& b = buffers_.at(size_t(buffer));
        if (!b.embedded) throw std::invalid_argument(str("buffer ", buffer, " has no data to append to"));
        b.bytes.resize((b.bytes.size() + 3) / 4 * 4);
        const size_t offset = b.bytes.size();
        b.bytes.insert(b.bytes.end(), bytes.begin(), bytes.end());
        return offset;
    }

    template <typename T> static int push(std::vector<T>& list, T value) {
        list.push_back(std::move(value));
        return int(list.size()) - 1;
    }

    /// One JSON object, member by member; values are JSON text already.
    class Object {
    public:
        template <typename T> void field(std::string_view key, const T& value) {
            out_ += str(sep(), '"', key, "\": ", value);
        }
        void raw(std::string_view key, const std::string& json) { field(key, json); }
        /// An array member, left out when `values` is empty.
        template <typename T, typename F> void list(std::string_view key, const std::vector<T>& values, F write) {
            if (values.empty()) return;
            std::string items;
            for (const T& v : values) items += str(items.empty() ? "" : ", ", write(v));
            field(key, str("[", items, "]"));
        }
        std::string text() const { return str("{", out_, "}"); }

    private:
        const char* sep() const { return out_.empty() ? "" : ", "; }
        std::string out_;
    };

    static std::string quoted(const std::string& s) {
        std::string out = "\"";
        for (char c : s) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        return out + "\"";
    }
    static std::string braced(const std::string& members) { return str("{", members, "}"); }
    static std::string asIs(const std::string& json) { return json; }
    template <typename T> static std::string number(const T& v) { return str(v); }
    static std::string attributes(const Attributes& a) {
        Object o;
        for (const auto& [name, accessor] : a) o.field(name, accessor);
        return o.text();
    }

    std::vector<std::string> used_, required_;
    std::string extensions_;
    std::vector<Buffer> buffers_;
    std::vector<View> views_;
    std::vector<Accessor> accessors_;
    std::vector<std::string> images_, samplers_, textures_, materials_, cameras_;
    std::vector<Mesh> meshes_;
    std::vector<Node> nodes_;
    std::vector<Skin> skins_;
    std::vector<Animation> animations_;
    std::vector<std::vector<int>> scenes_;
};

} // namespace th::test
