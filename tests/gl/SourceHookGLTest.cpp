// The raw-source hook on the real driver: an edit that reaches every pass, its cache key in the
// effect key, the debug check that catches a hook whose key forgets what it depends on, and
// hooks that fail.
#include "support/RenderHarness.h"

#include <stdexcept>

#include "assets/ProceduralMeshes.h"
#include "core/Log.h"
#include "core/Str.h"

using namespace th;
using test::RenderHarness;

namespace {

glm::ivec2 toPixel(const RenderHarness& h, const glm::vec3& world) {
    Camera c = h.camera;
    c.aspect = float(h.output->width()) / float(h.output->height());
    glm::vec4 clip = c.viewProjection() * glm::vec4(world, 1.0f);
    glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {int((ndc.x * 0.5f + 0.5f) * float(h.output->width())), int((0.5f - ndc.y * 0.5f) * float(h.output->height()))};
}

double brightness(const RenderHarness& h, const ImageRgba8& image, const glm::vec3& world) {
    glm::ivec2 p = toPixel(h, world);
    return test::meanChannel(image, p.x - 1, p.y - 1, p.x + 2, p.y + 2, 3);
}

/// Adds a uniform and edits the line that opens main: fragments right of x = hookEdge (0 by
/// default: nobody sets it) are discarded, in whatever pass the program draws.
SourceHook halfCut(std::vector<RenderPass>* passes = nullptr) {
    SourceHook hook;
    hook.edit = [passes](std::string_view source, const SourceHookContext& c) {
        std::string s(source);
        if (c.stage != ShaderStage::Fragment) return s;
        if (passes) passes->push_back(c.pass);
        size_t main = s.find("\nvoid main() {\n");
        if (main == std::string::npos) throw std::runtime_error("no 'void main() {' line");
        s.replace(main, 15, "\nuniform float hookEdge;\nvoid main() { if (vPositionW.x > hookEdge) discard;\n");
        return s;
    };
    hook.cacheKey = [] { return std::string("half-cut v1"); };
    return hook;
}

/// Paints the surface a colour given by a per-material value; `key` says what the key claims.
SourceHook paint(const glm::vec3* colour, std::function<std::string()> key) {
    SourceHook hook;
    hook.edit = [colour](std::string_view source, const SourceHookContext& c) {
        std::string s(source);
        if (c.stage != ShaderStage::Fragment) return s;
        size_t marker = s.find("#define CUSTOM_FRAGMENT_UPDATE_ALBEDO");
        if (marker == std::string::npos) throw std::runtime_error("no albedo marker");
        s.insert(marker, str("surfaceAlbedo = vec3(", colour->r, ", ", colour->g, ", ", colour->b, ");\n"));
        return s;
    };
    hook.cacheKey = std::move(key);
    return hook;
}

DrawInfo mainDraw() { return {.pass = RenderPass::Main, .hasUv0 = true}; }

} // namespace

TEST_CASE("a raw-source hook that adds a uniform and edits one line works in every pass") {
    RenderHarness h(GlApi::Gles30, 128, 128);
    auto floor = std::make_shared<PbrMaterial>("floor");
    floor->setBaseColorFactor({0.8f, 0.8f, 0.8f, 1});
    floor->setMetallicRoughness(0, 1);
    h.add("floor", makePlane(20, 20, 1), floor);
    auto boxMaterial = std::make_shared<PbrMaterial>("box");
    boxMaterial->setBaseColorFactor({1, 0, 0, 1});
    std::vector<RenderPass> passes;
    boxMaterial->setSourceHook(halfCut(&passes));
    Node& box = h.add("box", makeBox({1, 2, 1}), boxMaterial);
    box.transform.translation = {0, 1, 0};
    h.scene.sky.hour = 12;
    h.scene.sky.sunIlluminance = 2.0f;
    h.camera.position = {0, 14, 10};
    h.camera.target = {0, 0, 2};
    h.camera.nearPlane = 0.5f;
    h.camera.farPlane = 60;
    h.renderer->options().shadows.cascades = 1;
    h.renderer->options().shadows.maxDistance = 40;
    ImageRgba8 image = h.render();

    // Main pass: the left half of the red box's top draws, the right half is cut away (the
    // grey floor shows through).
    auto redness = [&](glm::vec3 world) {
        glm::ivec2 p = toPixel(h, world);
        return test::meanChannel(image, p.x - 1, p.y - 1, p.x + 2, p.y + 2, 0) - test::meanChannel(image, p.x - 1, p.y - 1, p.x + 2, p.y + 2, 1);
    };
    double boxLeft = redness({-0.3f, 2, 0}), boxRight = redness({0.3f, 2, 0});
    // Shadow pass: the cut half casts no shadow.
    double shadowLeft = brightness(h, image, {-0.3f, 0, 1.5f}), shadowRight = brightness(h, image, {0.3f, 0, 1.5f});
    MESSAGE("box top redness left ", boxLeft, ", right ", boxRight, "; shadow left ", shadowLeft, ", right ", shadowRight);
    CHECK(shadowLeft < 0.6 * shadowRight);
    CHECK(boxLeft > 40);
    CHECK(boxRight < 10);
    CHECK(std::find(passes.begin(), passes.end(), RenderPass::Main) != passes.end());
    CHECK(std::find(passes.begin(), passes.end(), RenderPass::Shadow) != passes.end());
    // The depth pre-pass program carries the edit too, and the driver takes it.
    auto depth = h.renderer->effects().get(h.renderer->effectRequest(*boxMaterial, {.pass = RenderPass::Depth}));
    h.renderer->effects().finishAll();
    REQUIRE_MESSAGE(depth->ready(), depth->error());
    CHECK(depth->fragmentSource().text.find("uniform float hookEdge;") != std::string::npos);
    CHECK(std::find(passes.begin(), passes.end(), RenderPass::Depth) != passes.end());
    test::requireNoGlErrors(*h.context);
}

TEST_CASE("two materials whose hooks differ only in the declared key get two programs - the same key gets one") {
    RenderHarness h;
    glm::vec3 red{1, 0, 0};
    auto a = std::make_shared<PbrMaterial>("a", PbrParams{.unlit = true});
    auto b = std::make_shared<PbrMaterial>("b", PbrParams{.unlit = true});
    auto c = std::make_shared<PbrMaterial>("c", PbrParams{.unlit = true});
    a->setSourceHook(paint(&red, [] { return std::string("key one"); }));
    b->setSourceHook(paint(&red, [] { return std::string("key two"); }));
    c->setSourceHook(paint(&red, [] { return std::string("key one"); }));
    EffectCache& cache = h.renderer->effects();
    auto ea = cache.get(h.renderer->effectRequest(*a, mainDraw()));
    auto eb = cache.get(h.renderer->effectRequest(*b, mainDraw()));
    auto ec = cache.get(h.renderer->effectRequest(*c, mainDraw()));
    cache.finishAll();
    REQUIRE_MESSAGE(ea->ready(), ea->error());
    CHECK(ea->id() != eb->id());
    CHECK(ea->id() == ec->id());
}

TEST_CASE("a hook whose cache key forgets what it depends on is caught by the debug check") {
    RenderHarness h;
    h.renderer->effects().setDebugChecks(true);
    glm::vec3 red{1, 0, 0}, blue{0, 0, 1};
    auto a = std::make_shared<PbrMaterial>("red", PbrParams{.unlit = true});
    auto b = std::make_shared<PbrMaterial>("blue", PbrParams{.unlit = true});
    // The colour each hook paints is not in its key: both say "paint".
    a->setSourceHook(paint(&red, [] { return std::string("paint"); }));
    b->setSourceHook(paint(&blue, [] { return std::string("paint"); }));
    std::vector<std::string> errors;
    ScopedLogSink sink([&](LogLevel level, std::string_view m) {
        if (level == LogLevel::Error) errors.emplace_back(m);
    });
    EffectCache& cache = h.renderer->effects();
    cache.get(h.renderer->effectRequest(*a, mainDraw()));
    CHECK(cache.debugReports().empty());
    cache.get(h.renderer->effectRequest(*b, mainDraw()));
    REQUIRE(cache.debugReports().size() == 1);
    const std::string& report = cache.debugReports()[0];
    MESSAGE(report);
    CHECK(report.find("material 'blue'") != std::string::npos);
    CHECK(report.find("same cache key") != std::string::npos);
    CHECK(report.find("'paint'") != std::string::npos);
    CHECK(!errors.empty());
    // Saying what it depends on makes the two programs separate and the check quiet.
    b->setSourceHook(paint(&blue, [] { return std::string("paint blue"); }));
    cache.get(h.renderer->effectRequest(*b, mainDraw()));
    cache.get(h.renderer->effectRequest(*b, mainDraw()));
    CHECK(cache.debugReports().size() == 1);
    cache.finishAll();
}

TEST_CASE("a hook that throws or returns empty source fails its material - the error material shows and the rest draws") {
    for (bool throws : {true, false}) {
        CAPTURE(throws);
        RenderHarness h;
        auto broken = std::make_shared<PbrMaterial>("broken", PbrParams{.unlit = true});
        SourceHook hook;
        hook.edit = [throws](std::string_view source, const SourceHookContext& c) -> std::string {
            if (c.stage == ShaderStage::Vertex) return std::string(source);
            if (throws) throw std::runtime_error("the marker this hook edits is gone");
            return {};
        };
        hook.cacheKey = [] { return std::string("broken"); };
        broken->setSourceHook(hook);
        h.add("quad", makePlane(2, 2, 1), broken);
        auto healthy = std::make_shared<PbrMaterial>("healthy", PbrParams{.baseColorFactor = {0, 1, 0, 1}, .unlit = true});
        Node& other = h.add("other", makePlane(2, 2, 1), healthy);
        other.transform.translation = {3, 0, 0};
        h.camera.position = {1.5f, 6, 0.01f};
        h.camera.target = {1.5f, 0, 0};
        ScopedLogSink quiet([](LogLevel, std::string_view) {});
        ImageRgba8 image = h.render();
        auto effect = h.renderer->effects().get(h.renderer->effectRequest(*broken, mainDraw()));
        REQUIRE(effect->failed());
        MESSAGE(effect->error());
        CHECK(effect->error().find("material 'broken'") != std::string::npos);
        CHECK(effect->error().find("fragment") != std::string::npos);
        CHECK(effect->error().find(throws ? "the marker this hook edits is gone" : "empty fragment source") != std::string::npos);
        glm::ivec2 bad = toPixel(h, {0, 0, 0}), fine = toPixel(h, {3, 0, 0});
        int magenta = 0; // the error material's pattern
        for (int y = bad.y - 8; y < bad.y + 8; ++y)
            for (int x = bad.x - 8; x < bad.x + 8; ++x) {
                auto p = image.rgba(x, y);
                if (p[0] == 255 && p[1] == 0 && p[2] == 255) ++magenta;
            }
        CHECK(magenta > 20);
        CHECK(image.rgba(fine.x, fine.y)[1] == 255);
    }
}
