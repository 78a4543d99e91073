#include "common/scenes/GalleryScene.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

#include <glm/gtc/quaternion.hpp>

#include "assets/GltfImporter.h"
#include "assets/ModelLoader.h"
#include "assets/ProceduralMeshes.h"
#include "common/SceneFile.h"
#include "common/scenes/GltfScene.h"
#include "common/scenes/SceneHelpers.h"
#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"
#include "plugins/library/GltfMaterialPlugins.h"

namespace th {

namespace {

constexpr float kPi = 3.14159265f;
constexpr float kCeilingLightY = 4.7f;
const glm::vec3 kWarmWhite{1.0f, 0.92f, 0.8f};

using G = GalleryLayout;

void setLightMask(Node& node, uint32_t mask) {
    if (node.mesh) node.mesh->lightMask = mask;
    for (auto& child : node.children()) setLightMask(*child, mask);
}

class GalleryBuilder {
public:
    GalleryBuilder(SceneBuildContext& context, BuiltScene& built, GalleryModels models)
        : mContext(context), mBuilt(built), mScene(*built.scene), mModelsMode(models),
          mRng(uint32_t(context.seed * 2654435761u + 7u)) {
        mBox = std::make_shared<Geometry>(makeBox(glm::vec3(1.0f)), "unit box");
        mPlane = std::make_shared<Geometry>(makePlane(1.0f, 1.0f), "unit plane");
        mSphere = std::make_shared<Geometry>(makeUvSphere(0.5f, 32, 16), "sphere");
        mCone = std::make_shared<Geometry>(makeCone(0.5f, 1.0f, 32), "cone");
        mCylinder = std::make_shared<Geometry>(makeCylinder(0.5f, 1.0f, 32), "cylinder");
        mFloor = material(solidColorMaterial("gallery floor", {0.42f, 0.38f, 0.34f}, 0.0f, 0.55f));
        mWall = material(solidColorMaterial("gallery wall", {0.82f, 0.8f, 0.76f}, 0.0f, 0.9f));
        mCeiling = material(solidColorMaterial("gallery ceiling", {0.6f, 0.6f, 0.62f}, 0.0f, 1.0f));
        mPlinth = material(solidColorMaterial("plinth", {0.9f, 0.9f, 0.88f}, 0.0f, 0.4f));
        mFrame = material(solidColorMaterial("portal frame", {0.15f, 0.13f, 0.12f}, 0.8f, 0.35f));
    }

    void build() {
        for (int r = 0; r < G::kRooms; ++r) buildRoom(r);
        Light ambient;
        ambient.name = "gallery ambient";
        ambient.type = LightType::Hemispheric;
        ambient.color = {0.8f, 0.85f, 1.0f};
        ambient.groundColor = {0.3f, 0.26f, 0.22f};
        ambient.intensity = 0.04f;
        mScene.lights.push_back(ambient);
    }

    int spotCount() const { return mSpots; }
    int exhibitCount() const { return mExhibits; }
    int modelCount() const { return mModels; }

private:
    std::shared_ptr<Material> material(std::shared_ptr<Material> m) {
        mBuilt.materials.push_back(m);
        return m;
    }

    Node& add(const std::string& name, const std::shared_ptr<Geometry>& geometry, std::shared_ptr<Material> m, int room,
              glm::vec3 position, glm::vec3 scale = glm::vec3(1.0f), glm::quat rotation = glm::quat(1, 0, 0, 0),
              bool castShadows = true) {
        Node& node = addMeshNode(mScene.root(), name, geometry, std::move(m));
        node.mesh->lightMask = G::roomMask(room);
        node.mesh->castShadows = castShadows;
        node.transform.translation = position;
        node.transform.scale = scale;
        node.transform.rotation = rotation;
        return node;
    }

    Light& spot(int room, glm::vec3 position, glm::vec3 target, float outer, float range, float intensity) {
        Light l;
        l.name = str("room ", room, " spot ", mSpots);
        l.type = LightType::Spot;
        l.position = position;
        l.direction = glm::normalize(target - position);
        l.outerConeAngle = outer;
        l.innerConeAngle = outer * 0.75f;
        l.range = range;
        l.intensity = intensity;
        l.color = kWarmWhite;
        l.mask = G::roomMask(room);
        ++mSpots;
        mScene.lights.push_back(l);
        return mScene.lights.back();
    }

    /// A wall across X (at x) or along X (at z) with an optional doorway in its middle.
    void wallAlongZ(int room, float x, bool doorway) {
        float h = G::kWallHeight, half = G::kRoomSize * 0.5f;
        if (!doorway) {
            add(str("room ", room, " wall x", x), mBox, mWall, room, {x, h * 0.5f, 0}, {0.2f, h, G::kRoomSize}, {}, false);
            return;
        }
        float side = half - G::kDoorWidth * 0.5f;
        for (float s : {-1.0f, 1.0f})
            add(str("room ", room, " wall x", x, s < 0 ? " south" : " north"), mBox, mWall, room,
                {x, h * 0.5f, s * (G::kDoorWidth * 0.5f + side * 0.5f)}, {0.2f, h, side}, {}, false);
        add(str("room ", room, " lintel x", x), mBox, mWall, room, {x, (h + G::kDoorHeight) * 0.5f, 0},
            {0.2f, h - G::kDoorHeight, G::kDoorWidth}, {}, false);
    }

    void buildRoom(int r) {
        float cx = G::roomCenterX(r), half = G::kRoomSize * 0.5f, h = G::kWallHeight;
        add(str("room ", r, " floor"), mPlane, mFloor, r, {cx, 0, 0}, {G::kRoomSize, 1, G::kRoomSize}, {}, false);
        add(str("room ", r, " ceiling"), mPlane, mCeiling, r, {cx, h, 0}, {G::kRoomSize, 1, G::kRoomSize},
            glm::angleAxis(kPi, glm::vec3(1, 0, 0)), false);
        for (float s : {-1.0f, 1.0f})
            add(str("room ", r, s < 0 ? " south wall" : " north wall"), mBox, mWall, r, {cx, h * 0.5f, s * (half - 0.1f)},
                {G::kRoomSize, h, 0.2f}, {}, false);
        wallAlongZ(r, cx - half + 0.1f, r > 0);
        wallAlongZ(r, cx + half - 0.1f, r + 1 < G::kRooms);

        // The room's sign: emissive, and out of every light's reach (material mask 0).
        auto sign = std::make_shared<PbrMaterial>(str("room ", r, " sign"));
        sign->setBaseColorFactor({0, 0, 0, 1});
        sign->setEmissive(glm::vec3(r == 0, r == 1, r >= 2) * 0.8f + glm::vec3(0.2f));
        sign->setLightMask(0);
        add(str("room ", r, " sign"), mBox, material(sign), r, {cx - half + 0.25f, 2.6f, 3.0f}, {0.05f, 0.4f, 1.0f}, {}, false);

        // Six plinths with sculptures, three spots each.
        int plinth = 0;
        for (float z : {-4.0f, 4.0f})
            for (float dx : {-5.0f, 0.0f, 5.0f}) {
                glm::vec3 base(cx + dx, 0, z);
                add(str("room ", r, " plinth ", plinth), mBox, mPlinth, r, base + glm::vec3(0, 0.5f, 0));
                sculpture(r, plinth, base + glm::vec3(0, 1.0f, 0));
                for (int k = 0; k < 3; ++k) {
                    float a = float(k) * 2.0f * kPi / 3.0f + float(plinth);
                    spot(r, base + glm::vec3(2.0f * std::cos(a), kCeilingLightY, 2.0f * std::sin(a)), base + glm::vec3(0, 1.4f, 0),
                         0.32f, 7.0f, 30.0f);
                }
                ++plinth;
            }

        // Eight paintings on the long walls, two spots each.
        for (float s : {-1.0f, 1.0f})
            for (float dx : {-6.0f, -2.0f, 2.0f, 6.0f}) {
                glm::vec3 canvas(cx + dx, 2.3f, s * (half - 0.23f));
                std::uniform_real_distribution<float> u(0.15f, 0.9f);
                auto paint = material(
                    solidColorMaterial(str("room ", r, " painting ", mExhibits), {u(mRng), u(mRng), u(mRng)}, 0.0f, 0.7f));
                add(str("room ", r, " painting ", mExhibits), mBox, paint, r, canvas, {1.8f, 1.2f, 0.05f}, {}, false);
                ++mExhibits;
                for (float side : {-0.6f, 0.6f})
                    spot(r, {canvas.x + side, kCeilingLightY, canvas.z - s * 2.0f}, canvas + glm::vec3(side * 0.5f, 0, 0), 0.45f, 7.0f,
                         25.0f);
            }

        // The centrepiece and its four spots (the first casts shadows within the budget).
        if (r == 3) portal(r);
        else centrepiece(r);
        for (int k = 0; k < 4; ++k) {
            float a = kPi * 0.25f + float(k) * kPi * 0.5f;
            Light& l = spot(r, {cx + 2.5f * std::cos(a) * 1.414f, kCeilingLightY, 2.5f * std::sin(a) * 1.414f}, {cx, 1.2f, 0}, 0.35f,
                            9.0f, 50.0f);
            if (k == 0) {
                l.castShadows = true;
                l.importance = 10.0f;
            } else if (r == 3 && k == 1) {
                l.castShadows = true; // beyond the budget of four: lights unshadowed
                l.importance = 5.0f;
            }
        }

        // Ceiling wash: 4 × 7 wide, dim spots pointing down.
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 7; ++j) {
                glm::vec3 p(cx - 6.0f + 4.0f * float(i), kCeilingLightY, -6.0f + 2.0f * float(j));
                spot(r, p, p - glm::vec3(0, 1, 0), 1.0f, 6.5f, 6.0f);
            }
    }

    void sculpture(int r, int index, glm::vec3 top) {
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        glm::vec3 colour(0.3f + 0.7f * u(mRng), 0.3f + 0.7f * u(mRng), 0.3f + 0.7f * u(mRng));
        float metallic = u(mRng) < 0.5f ? 1.0f : 0.0f;
        auto m = material(solidColorMaterial(str("room ", r, " sculpture ", index), colour, metallic, 0.2f + 0.6f * u(mRng)));
        std::string name = str("room ", r, " sculpture ", index);
        switch ((index + r) % 4) {
        case 0: add(name, mSphere, m, r, top + glm::vec3(0, 0.4f, 0), glm::vec3(0.8f)); break;
        case 1: add(name, mCone, m, r, top + glm::vec3(0, 0.45f, 0), {0.7f, 0.9f, 0.7f}); break;
        case 2:
            add(name, mCylinder, m, r, top + glm::vec3(0, 0.35f, 0), {0.4f, 0.7f, 0.4f});
            add(name + " crown", mSphere, m, r, top + glm::vec3(0, 0.9f, 0), glm::vec3(0.45f));
            break;
        default:
            add(name, mBox, m, r, top + glm::vec3(0, 0.3f, 0), glm::vec3(0.55f),
                glm::angleAxis(kPi * 0.25f, glm::normalize(glm::vec3(1, 1, 0))));
            break;
        }
        ++mExhibits;
    }

    /// A glTF sample on a plinth, scaled to `size` metres, facing −X (the way visitors come
    /// in). False when the sample is absent or does not load.
    bool model(int r, const char* name, glm::vec3 top, float size) {
        if (mModelsMode == GalleryModels::Off) return false;
        std::filesystem::path path = findSampleModel(mContext.sharedDirectory, name);
        if (path.empty()) {
            if (mModelsMode == GalleryModels::Required)
                throw MissingAssetError(str("gallery: the glTF exhibit '", name, "' is not among the shared samples in ",
                                            (mContext.sharedDirectory / "gltf").string()));
            return false;
        }
        try {
            ImportedModel imported = importGltf(path);
            Node& holder = mScene.root().addChild(str("room ", r, " ", name));
            ModelLoadOptions load;
            load.importLights = false;
            load.maxAnisotropy = mContext.renderer.context().limits().maxAnisotropy;
            registerGltfMaterialPlugins(mContext.renderer.materials());
            LoadedModel loaded = addModelToScene(imported, mScene, holder, &mContext.renderer.materials(), load);
            Bounds b = loaded.bounds;
            glm::vec3 extent = b.extent();
            float scale = size / std::max({extent.x, extent.y, extent.z, 1e-3f});
            glm::quat facing = glm::angleAxis(-kPi * 0.5f, glm::vec3(0, 1, 0));
            holder.transform.scale = glm::vec3(scale);
            holder.transform.rotation = facing;
            holder.transform.translation = top - facing * (scale * glm::vec3(b.center().x, b.min.y, b.center().z));
            setLightMask(holder, G::roomMask(r));
            for (auto& m : loaded.materials) mBuilt.materials.push_back(m);
            ++mModels;
            ++mExhibits;
            return true;
        } catch (const Error& e) {
            if (mModelsMode == GalleryModels::Required) throw;
            logWarning("gallery: the glTF exhibit '", name, "' did not load (", e.what(), "); a procedural one stands in");
            return false;
        }
    }

    void centrepiece(int r) {
        float cx = G::roomCenterX(r);
        add(str("room ", r, " centre plinth"), mBox, mPlinth, r, {cx, 0.4f, 0}, {1.6f, 0.8f, 1.6f});
        glm::vec3 top(cx, 0.8f, 0);
        if (r == 1 && model(r, "DamagedHelmet", top, 1.2f)) return;
        if (r == 2 && model(r, "MetalRoughSpheresNoTextures", top, 1.4f)) return;
        auto gold = material(solidColorMaterial(str("room ", r, " centrepiece"), {1.0f, 0.78f, 0.34f}, 1.0f, 0.25f));
        add(str("room ", r, " centrepiece column"), mCylinder, gold, r, top + glm::vec3(0, 0.6f, 0), {0.3f, 1.2f, 0.3f});
        add(str("room ", r, " centrepiece orb"), mSphere, gold, r, top + glm::vec3(0, 1.5f, 0), glm::vec3(0.7f));
        ++mExhibits;
    }

    /// The stencil demo: a frame whose opening marks stencil 1 without drawing; behind it a
    /// stone sphere drawn where the mark is absent and a glowing sculpture drawn where it is.
    void portal(int r) {
        float cx = G::roomCenterX(r);
        for (float z : {-1.2f, 1.2f}) add(str("room ", r, " portal post"), mBox, mFrame, r, {cx, 1.6f, z}, {0.2f, 3.2f, 0.2f});
        add(str("room ", r, " portal lintel"), mBox, mFrame, r, {cx, 3.3f, 0}, {0.2f, 0.2f, 2.6f});

        auto opening = std::make_shared<PbrMaterial>("portal opening");
        opening->setDoubleSided(true);
        opening->setColorWrite(false);
        opening->setDepthWrite(false);
        opening->setStencil(StencilState{.compare = CompareFunc::Always, .pass = StencilOp::Replace, .reference = 1});
        add(str("room ", r, " portal opening"), mPlane, material(opening), r, {cx, 1.6f, 0}, {3.2f, 1.0f, 2.2f},
            glm::angleAxis(kPi * 0.5f, glm::vec3(0, 0, 1)), false);

        glm::vec3 behind(cx + 2.5f, 0, 0);
        add(str("room ", r, " portal plinth"), mBox, mPlinth, r, behind + glm::vec3(0, 0.5f, 0));
        auto stone = solidColorMaterial("portal stone", {0.5f, 0.5f, 0.52f}, 0.0f, 0.8f);
        stone->setStencil(StencilState{.compare = CompareFunc::NotEqual, .reference = 1});
        add(str("room ", r, " portal stone"), mSphere, material(stone), r, behind + glm::vec3(0, 1.6f, 0), glm::vec3(1.2f));
        auto glow = std::make_shared<PbrMaterial>("portal glow");
        glow->setBaseColorFactor({0.05f, 0.2f, 0.3f, 1.0f});
        glow->setMetallicRoughness(0.0f, 0.3f);
        glow->setEmissive({0.2f, 0.9f, 1.0f}, 2.0f);
        glow->setStencil(StencilState{.compare = CompareFunc::Equal, .reference = 1});
        auto glowMaterial = material(glow);
        add(str("room ", r, " portal glow cone"), mCone, glowMaterial, r, behind + glm::vec3(0, 1.6f, 0), {0.9f, 1.2f, 0.9f});
        for (int k = 0; k < 5; ++k) {
            float a = float(k) * 2.0f * kPi / 5.0f;
            add(str("room ", r, " portal glow orb ", k), mSphere, glowMaterial, r,
                behind + glm::vec3(0.7f * std::cos(a), 2.4f + 0.15f * float(k % 2), 0.7f * std::sin(a)), glm::vec3(0.25f));
        }
        mExhibits += 2;
    }

    SceneBuildContext& mContext;
    BuiltScene& mBuilt;
    Scene& mScene;
    GalleryModels mModelsMode;
    std::mt19937 mRng;
    std::shared_ptr<Geometry> mBox, mPlane, mSphere, mCone, mCylinder;
    std::shared_ptr<Material> mFloor, mWall, mCeiling, mPlinth, mFrame;
    int mSpots = 0, mExhibits = 0, mModels = 0;
};

} // namespace

BuiltScene buildGalleryScene(SceneBuildContext& context, GalleryModels models) {
    BuiltScene built;
    Scene& scene = *built.scene;
    useSceneLightsOnly(scene, glm::vec3(0.02f));

    GalleryBuilder builder(context, built, models);
    builder.build();

    // In room 0 by its west wall, looking east down the doorways.
    built.camera.position = {G::roomCenterX(0) - 7.3f, 2.3f, 1.0f};
    built.camera.target = {G::roomCenterX(0) + 8.0f, 1.2f, -0.6f};
    built.camera.yfov = 0.9f;
    built.camera.nearPlane = 0.1f;
    built.camera.farPlane = 120.0f;
    built.counts = {{"lights", uint64_t(builder.spotCount())},
                    {"rooms", uint64_t(G::kRooms)},
                    {"exhibits", uint64_t(builder.exhibitCount())},
                    {"glTF exhibits", uint64_t(builder.modelCount())}};
    return built;
}

} // namespace th
