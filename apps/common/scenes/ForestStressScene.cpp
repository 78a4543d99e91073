#include "common/scenes/ForestStressScene.h"

#include <cmath>
#include <random>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/ProceduralMeshes.h"
#include "common/scenes/SceneHelpers.h"
#include "core/Error.h"
#include "core/Str.h"
#include "material/PbrMaterial.h"

namespace th {

std::pair<float, float> sunHourAndLatitude(glm::vec3 direction) {
    // sunDirectionForHour's sun position: (−sin H, cos φ cos H, −sin φ cos H) for hour angle H
    // and latitude φ; solve it for the given direction (the negated travel direction).
    if (!(glm::length(direction) > 0.0f) || !(direction.y < 0.0f))
        throw Error(str("sun direction (", direction.x, ", ", direction.y, ", ", direction.z,
                        ") must point down (negative y): it is the way the light travels"));
    glm::vec3 toSun = -glm::normalize(direction);
    float hourAngle = std::asin(std::clamp(-toSun.x, -1.0f, 1.0f));
    float c = std::cos(hourAngle);
    float latitude = std::atan2(-toSun.z / c, toSun.y / c);
    return {12.0f + hourAngle * 24.0f / 6.2831853f, latitude * 180.0f / 3.14159265f};
}

BuiltScene buildForestStressScene(SceneBuildContext& context, const ForestStressOptions& o) {
    (void)context;
    if (o.trees < 0 || o.cells < 1 || o.cells > 64 || !(o.groundSize > 0) || !(o.maxScale >= o.minScale) || !(o.minScale > 0))
        throw Error(str("forest-stress: bad settings (", o.trees, " trees, ", o.cells, " cells per side, ground ",
                        o.groundSize, " m, scale ", o.minScale, " to ", o.maxScale, ")"));
    BuiltScene built;
    Scene& scene = *built.scene;
    auto [hour, latitude] = sunHourAndLatitude(o.sunDirection);
    scene.sky.hour = hour;
    scene.sky.latitude = latitude;
    scene.sky.turbidity = 2.5f;
    scene.sunLight = true;
    scene.environment.source = EnvironmentSource::None;
    scene.environment.showAsBackground = false;
    scene.post.clearColor = glm::vec3(0.55f, 0.7f, 0.9f);
    scene.fog.enabled = false;

    built.camera.position = {-900.0f, 30.0f, -900.0f};
    built.camera.target = {0.0f, 0.0f, 0.0f};
    built.camera.yfov = 0.78539816f;
    built.camera.nearPlane = 0.5f;
    built.camera.farPlane = 3000.0f;

    auto groundMaterial = solidColorMaterial("ground", o.groundColor, o.groundMetallic, o.groundRoughness);
    Node& ground = addMeshNode(scene.root(), "ground",
                               std::make_shared<Geometry>(makePlane(o.groundSize, o.groundSize, 1), "ground"), groundMaterial);
    ground.transform.translation = o.groundCenter;
    ground.mesh->castShadows = false;

    auto treeMaterial = vertexColorMaterial("tree", 0.8f);
    const MeshData treeData = makeTree();
    auto treeGeometry = std::make_shared<Geometry>(treeData, "tree");

    // The documented generator: mt19937 on the seed folded to 32 bits; per tree x, z, yaw and
    // scale, each from u = (next() >> 8) / 2^24.
    std::mt19937 engine(uint32_t(o.seed ^ (o.seed >> 32)));
    auto u = [&] { return float(engine() >> 8) / 16777216.0f; };
    std::vector<std::vector<glm::mat4>> cells(size_t(o.cells) * size_t(o.cells));
    const float half = 0.5f * o.groundSize;
    for (int i = 0; i < o.trees; ++i) {
        float x = -half + o.groundSize * u();
        float z = -half + o.groundSize * u();
        float yaw = 6.2831853f * u();
        float scale = o.minScale + (o.maxScale - o.minScale) * u();
        glm::mat4 m = placed({x, 0.0f, z}, yaw, scale);
        int cx = std::clamp(int((x + half) / o.groundSize * float(o.cells)), 0, o.cells - 1);
        int cz = std::clamp(int((z + half) / o.groundSize * float(o.cells)), 0, o.cells - 1);
        cells[size_t(cz) * size_t(o.cells) + size_t(cx)].push_back(m);
    }
    Node& forest = scene.root().addChild("forest");
    forest.transform.translation = o.groundCenter;
    for (size_t c = 0; c < cells.size(); ++c) {
        if (cells[c].empty()) continue;
        auto mesh = std::make_shared<Mesh>(str("trees ", c), treeGeometry);
        mesh->setMaterial(treeMaterial);
        auto instances = std::make_shared<InstanceBuffer>(str("trees ", c));
        instances->setMatrices(std::move(cells[c]));
        mesh->setInstances(instances);
        forest.addChild(str("cell ", c)).mesh = mesh;
    }
    // Shadows as the benchmark defines them; the scene file's "shadows" switch decides
    // whether they are on.
    built.applyQuality = [&renderer = context.renderer](QualityTier) {
        renderer.options().shadows.cascades = 2;
        renderer.options().shadows.mapSize = 2048;
        renderer.options().resolutionScale = 1.0f;
        // Vertex-bound (8.7 M triangles in view): a depth pre-pass would double that work.
        renderer.options().depthPrepass = false;
    };
    built.materials = {groundMaterial, treeMaterial};
    built.counts = {{"trees", uint64_t(o.trees)}, {"tree triangles", treeData.indices.size() / 3}};
    return built;
}

const std::vector<std::string>& forestStressKeys() {
    static const std::vector<std::string> keys = {"trees", "ground", "sunDirection", "cells", "variants", "units"};
    return keys;
}

BuiltScene buildForestStressSceneFile(SceneBuildContext& context, const SceneFile& file) {
    ForestStressOptions o;
    o.seed = file.seed;
    const json::Value& doc = *file.document;
    if (const json::Value* t = doc.find("trees")) {
        json::ObjectReader r(*t, "trees");
        o.trees = int(r.number("count", o.trees));
        if (const json::Value* s = r.optional("scale")) {
            const auto& a = s->asArray("trees.scale");
            if (a.size() != 2) throw Error(s->where(), "'trees.scale' must be [min, max]");
            o.minScale = float(a[0].asNumber("trees.scale"));
            o.maxScale = float(a[1].asNumber("trees.scale"));
        }
        for (const char* key : {"mesh", "placement", "yaw", "random", "material"}) r.optional(key);
        r.finish();
    }
    if (const json::Value* g = doc.find("ground")) {
        json::ObjectReader r(*g, "ground");
        if (const json::Value* s = r.optional("size")) {
            const auto& a = s->asArray("ground.size");
            if (a.size() != 2 || a[0].asNumber("ground.size") != a[1].asNumber("ground.size"))
                throw Error(s->where(), "'ground.size' must be [size, size] (a square)");
            o.groundSize = float(a[0].asNumber("ground.size"));
        }
        if (const json::Value* c = r.optional("center")) o.groundCenter = readVec3(*c, "ground.center");
        if (const json::Value* c = r.optional("baseColor")) o.groundColor = readVec3(*c, "ground.baseColor");
        o.groundRoughness = float(r.number("roughness", o.groundRoughness));
        o.groundMetallic = float(r.number("metallic", o.groundMetallic));
        r.finish();
    }
    if (const json::Value* s = doc.find("sunDirection")) o.sunDirection = readVec3(*s, "sunDirection");
    if (const json::Value* c = doc.find("cells")) o.cells = int(c->asInt("cells", 1, 64));
    (void)forestStressVariants(file); // checks the variants' keys and types with the rest
    return buildForestStressScene(context, o);
}

std::vector<ForestStressVariant> forestStressVariants(const SceneFile& file) {
    const json::Value* list = file.document ? file.document->find("variants") : nullptr;
    if (!list) return {{"no shadows", false}, {"shadows", true}};
    std::vector<ForestStressVariant> variants;
    for (const json::Value& v : list->asArray("variants")) {
        json::ObjectReader r(v, "variants[]");
        ForestStressVariant variant;
        variant.name = r.required("name").asString("variants[].name");
        variant.shadows = r.boolean("shadows", false);
        if (const json::Value* c = r.optional("cascades")) variant.cascades = int(c->asInt("variants[].cascades", 1, 4));
        if (const json::Value* m = r.optional("mapSize")) variant.mapSize = int(m->asInt("variants[].mapSize", 64, 8192));
        variant.maxDistance = float(r.number("maxDistance", variant.maxDistance));
        r.finish();
        variants.push_back(std::move(variant));
    }
    if (variants.empty()) throw Error(list->where(), "'variants' is empty: give at least one way to render the scene");
    return variants;
}

} // namespace th
