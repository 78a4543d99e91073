#include "render/InstanceFacing.h"

#include <algorithm>

#include <glm/gtc/matrix_inverse.hpp>

#include "core/Hash.h"
#include "core/Str.h"
#include "material/EngineInterface.h"
#include "material/Material.h"
#include "material/MaterialPlugin.h"
#include "scene/Mesh.h"

namespace th {

namespace {

bool qualifies(const DrawItem& item, const RenderState& state) {
    const Mesh& mesh = *item.mesh;
    if (item.instances == 0 || item.instanceData != mesh.instances().get() || mesh.deformation()) return false;
    if (mesh.parts()[item.part].topology != PrimitiveTopology::Triangles) return false;
    if (state.cull != CullMode::Back || !state.frontFaceCounterClockwise) return false;
    if (mesh.geometry()->cpuPositions().empty()) return false;
    for (const auto& plugin : item.material->plugins())
        if (plugin->enabled()) return false;
    return true;
}

bool affine(const glm::mat4& m) { return m[0][3] == 0.0f && m[1][3] == 0.0f && m[2][3] == 0.0f && m[3][3] == 1.0f; }

} // namespace

InstanceFacing::GeometryLists& InstanceFacing::listsFor(const std::shared_ptr<Geometry>& geometry, uint64_t frame) {
    GeometryLists& lists = mGeometry[geometry.get()];
    if (lists.geometry.lock() != geometry) { // new, or another geometry where a freed one was
        lists = GeometryLists{};
        lists.geometry = geometry;
        const auto& positions = geometry->cpuPositions();
        const auto& indices = geometry->cpuIndices();
        for (const Submesh& s : geometry->submeshes()) {
            bool usable = s.topology == PrimitiveTopology::Triangles && size_t(s.firstIndex) + s.indexCount <= indices.size();
            lists.parts.push_back(usable ? std::make_unique<FacingBins>(positions, std::span(indices).subspan(s.firstIndex, s.indexCount))
                                         : nullptr);
        }
        lists.indices = Buffer(GL_ELEMENT_ARRAY_BUFFER, 4, nullptr, BufferUsage::Static, str(geometry->label(), " facing lists"));
    }
    lists.lastFrame = frame;
    return lists;
}

std::pair<uint32_t, uint32_t> InstanceFacing::range(GeometryLists& lists, size_t part, int bin) {
    uint64_t key = uint64_t(part) << 32 | uint32_t(bin + 1);
    auto found = lists.ranges.find(key);
    if (found != lists.ranges.end()) return found->second;
    const std::vector<uint32_t>& list = lists.parts[part]->indices(bin);
    std::pair<uint32_t, uint32_t> at{uint32_t(lists.cpu.size()), uint32_t(list.size())};
    lists.cpu.insert(lists.cpu.end(), list.begin(), list.end());
    lists.ranges.emplace(key, at);
    lists.dirty = true;
    return at;
}

void InstanceFacing::binInstances(MeshBins& bins, Mesh& mesh, const glm::mat4& world, FacingBins& facing,
                                  const glm::vec3& eye, const Frustum& frustum, bool perspective) {
    const std::vector<glm::mat4>& matrices = mesh.instances()->matrices();
    const Bounds local = mesh.localBounds();
    // A counting sort by bin (slot 0: every triangle), keeping each bin's instances in order.
    constexpr int kSlots = FacingBins::kBins + 1;
    std::vector<int> slotOf(matrices.size(), -1);
    std::vector<uint32_t> counts(kSlots, 0);
    bins.culled = 0;
    for (size_t i = 0; i < matrices.size(); ++i) {
        const glm::mat4 model = world * matrices[i];
        if (!frustum.intersects(local.transformed(model))) {
            ++bins.culled;
            continue;
        }
        int bin = FacingBins::kAll;
        if (perspective && affine(model) && glm::determinant(glm::mat3(model)) > 0.0f)
            bin = facing.binOf(glm::vec3(glm::affineInverse(model) * glm::vec4(eye, 1.0f)));
        slotOf[i] = bin + 1;
        ++counts[size_t(bin + 1)];
    }
    // A bin of its own is one more draw: worth it only where it leaves out enough triangles
    // (measured on llvmpipe: a draw call costs about as much as a few hundred triangles
    // facing away; the forest-stress frame is fastest with every bin of its trees drawn).
    const size_t triangles = facing.triangleCount();
    std::vector<int> slotMap(kSlots);
    for (int s = 0; s < kSlots; ++s) {
        slotMap[size_t(s)] = s;
        if (s == 0 || counts[size_t(s)] == 0) continue;
        const size_t skipped = triangles - facing.indices(s - 1).size() / 3;
        if (uint64_t(counts[size_t(s)]) * skipped >= kMinTrianglesLeftOutPerDraw) continue;
        slotMap[size_t(s)] = 0;
        counts[0] += counts[size_t(s)];
        counts[size_t(s)] = 0;
    }
    std::vector<uint32_t> next(kSlots, 0);
    bins.bins.clear();
    uint32_t first = 0;
    for (int s = 0; s < kSlots; ++s) {
        next[size_t(s)] = first;
        if (counts[size_t(s)] > 0) bins.bins.push_back({s - 1, first, counts[size_t(s)]});
        first += counts[size_t(s)];
    }
    // Every instance in view and every one drawn whole: the mesh's own buffer does.
    bins.whole = bins.culled == 0 && counts[0] == matrices.size();
    if (bins.whole) return;
    std::vector<glm::mat4> sorted(first);
    for (size_t i = 0; i < matrices.size(); ++i)
        if (slotOf[i] >= 0) sorted[next[size_t(slotMap[size_t(slotOf[i])])]++] = matrices[i];
    bins.sorted.setMatrices(std::move(sorted));
    bins.sorted.upload(); // the vertex arrays point into its buffer, which must exist
}

const VertexArray& InstanceFacing::vertexArrayFor(MeshBins& bins, size_t entry, const Mesh& mesh, const GeometryLists& lists) {
    if (bins.vaos.size() <= entry) {
        bins.vaos.resize(entry + 1);
        bins.vaoOffsets.resize(entry + 1, size_t(-1));
    }
    if (!bins.vaos[entry]) {
        bins.vaos[entry] = std::make_unique<VertexArray>(str(mesh.name(), " facing bin vao"));
        VertexArray& vao = *bins.vaos[entry];
        // No plugin attributes (a qualifying material has no plugin): as Mesh::vertexArray lays out.
        mesh.geometry()->setupVertexArray(vao, attrib::skinAttributeLocation(true, 0));
        vao.setIndexBuffer(lists.indices);
    }
    VertexArray& vao = *bins.vaos[entry];
    size_t first = bins.bins[entry].first;
    if (bins.vaoOffsets[entry] != first) {
        bins.sorted.setupVertexArray(vao, {}, first);
        bins.vaoOffsets[entry] = first;
    }
    return vao;
}

void InstanceFacing::apply(PassDraws& draws, const glm::vec3& eye, const Frustum& frustum, bool perspective, uint64_t frame,
                           InstanceFacingStats& stats) {
    std::span<DrawItem> items = draws.list.items();
    if (std::none_of(items.begin(), items.end(), [&](const DrawItem& i) { return qualifies(i, draws.stateOf(i)); })) return;
    std::vector<DrawItem> out;
    out.reserve(items.size());
    // First every list this pass draws, so that each geometry's index buffer is uploaded once.
    struct Planned {
        size_t item;
        MeshBins* bins;
        GeometryLists* lists;
    };
    std::vector<Planned> planned;
    for (size_t k = 0; k < items.size(); ++k) {
        DrawItem& item = items[k];
        if (!qualifies(item, draws.stateOf(item))) continue;
        Mesh& mesh = *item.mesh;
        GeometryLists& lists = listsFor(mesh.geometry(), frame);
        FacingBins* facing = item.part < lists.parts.size() ? lists.parts[item.part].get() : nullptr;
        const Submesh* submesh = item.part < mesh.geometry()->submeshes().size() ? &mesh.geometry()->submeshes()[item.part] : nullptr;
        const MeshPart& part = mesh.parts()[item.part];
        // The lists are the submesh's: a part drawing another range keeps its own.
        if (!facing || submesh->firstIndex != part.firstIndex || submesh->indexCount != part.indexCount) continue;
        uint64_t key = hashCombine(reinterpret_cast<uintptr_t>(&mesh), hash64(std::string_view(reinterpret_cast<const char*>(&item.world), sizeof item.world)));
        MeshBins& bins = mMeshes[key];
        if (bins.geometry.lock() != mesh.geometry()) { // new, or another mesh where a freed one was
            bins = MeshBins{};
            bins.geometry = mesh.geometry();
        }
        if (bins.binnedFrame != frame) {
            MeshBins::Inputs inputs{eye, frustum, perspective, mesh.instances().get(), mesh.instances()->matricesVersion()};
            if (!bins.binnedFrom || !(*bins.binnedFrom == inputs)) {
                binInstances(bins, mesh, item.world, *facing, eye, frustum, perspective);
                bins.binnedFrom = inputs;
            }
            bins.binnedFrame = frame;
            stats.instancesCulled += bins.culled;
        }
        if (bins.whole) continue;
        for (const Bin& b : bins.bins) range(lists, item.part, b.bin);
        planned.push_back({k, &bins, &lists});
    }
    for (auto& [geometry, lists] : mGeometry) {
        if (!lists.dirty) continue;
        // Lists in the geometry's own index type, so the draw reads them as it reads the part.
        if (auto g = lists.geometry.lock(); g && g->indexType() == GL_UNSIGNED_SHORT) {
            std::vector<uint16_t> small(lists.cpu.begin(), lists.cpu.end());
            lists.indices.replace(small.size() * 2, small.data());
        } else {
            lists.indices.replace(lists.cpu.size() * 4, lists.cpu.data());
        }
        lists.dirty = false;
    }
    size_t next = 0;
    for (size_t k = 0; k < items.size(); ++k) {
        const DrawItem& item = items[k];
        if (next >= planned.size() || planned[next].item != k) {
            out.push_back(item);
            continue;
        }
        const Planned& p = planned[next++];
        const uint32_t partTriangles = item.mesh->parts()[item.part].indexCount / 3;
        for (size_t e = 0; e < p.bins->bins.size(); ++e) {
            const Bin& b = p.bins->bins[e];
            auto [first, count] = range(*p.lists, item.part, b.bin);
            if (count == 0) continue; // every triangle faces away from this bin
            DrawItem copy = item;
            copy.instanceData = &p.bins->sorted;
            copy.instances = b.count;
            copy.vao = &vertexArrayFor(*p.bins, e, *item.mesh, *p.lists);
            copy.firstIndex = first;
            copy.indexCount = count;
            stats.trianglesSkipped += uint64_t(partTriangles - count / 3) * b.count;
            out.push_back(copy);
        }
    }
    draws.list.clear();
    for (const DrawItem& item : out) draws.list.add(item);
}

void InstanceFacing::prune(uint64_t frame, uint64_t frames) {
    std::erase_if(mMeshes, [&](const auto& entry) { return frame - entry.second.binnedFrame > frames; });
    std::erase_if(mGeometry, [&](const auto& entry) { return frame - entry.second.lastFrame > frames; });
}

} // namespace th
