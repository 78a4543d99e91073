// Dither plugin: declarations, the alpha-test gate, code in every pass, and the CPU mirror's
// seam partition. The pixel count at a seam is in tests/gl/DitherPluginGLTest.cpp.
#include <doctest/doctest.h>

#include <regex>
#include <set>

#include "core/Error.h"
#include "core/Str.h"
#include "material/MaterialRegistry.h"
#include "material/PbrMaterial.h"
#include "plugins/dither/DitherPlugin.h"
#include "support/PluginTestSupport.h"

using namespace th;
using test::has;

TEST_CASE("dither declares exactly its define, uniforms, attribute and keys") {
    PluginDeclaration d = DitherPlugin::makeDeclaration();
    CHECK(d.name == "Dither");
    CHECK(d.priority == 205);
    CHECK((test::defineNames(d) == std::vector<std::string>{"DITHER=1"}));
    CHECK((test::uniformNames(d) == std::vector<std::string>{"ditherDistanceScale:float", "ditherMeshBands:vec4"}));
    CHECK(d.samplers.empty());
    CHECK((test::attributeNames(d) == std::vector<std::string>{"ditherBands:4"}));
    CHECK((test::snippetKeys(d.vertex) == std::vector<std::string>{"CUSTOM_VERTEX_DEFINITIONS", "CUSTOM_VERTEX_UPDATE_WORLDPOS"}));
    CHECK((test::snippetKeys(d.fragment) == std::vector<std::string>{"CUSTOM_FRAGMENT_DEFINITIONS", "CUSTOM_FRAGMENT_MAIN_BEGIN"}));
    CHECK(d.inShadowPass);
    CHECK(d.inDepthPass);
    test::checkSnippetHygiene(d);
    std::string code = test::allSnippetCode(d);
    CHECK(has(code, "discard;"));
    CHECK(has(code, "finalWorld[3].xz"));
    CHECK(has(code, "flat out float vDitherDistance;"));
    CHECK(has(code, "flat in float vDitherDistance;"));
}

TEST_CASE("dither refuses a material that is not alpha-tested, says why, and can be forced") {
    auto opaque = std::make_shared<PbrMaterial>("rock");
    std::string reason;
    DitherPlugin probe;
    CHECK_FALSE(probe.accepts(*opaque, &reason));
    CHECK(has(reason, "not alpha-tested"));
    CHECK(has(reason, "early depth"));
    CHECK(has(reason, "force"));
    try {
        opaque->addPlugin(std::make_shared<DitherPlugin>());
        FAIL("addPlugin should refuse");
    } catch (const Error& e) {
        CHECK(has(e.what(), "plugin 'Dither' refused material 'rock'"));
        CHECK(has(e.what(), "alpha mode 'opaque'"));
    }
    CHECK(opaque->plugins().empty());
    opaque->addPlugin(std::make_shared<DitherPlugin>(), true);
    CHECK(opaque->plugin("Dither"));

    auto blended = std::make_shared<PbrMaterial>("glass");
    blended->setAlphaMode(AlphaMode::Blend);
    CHECK_THROWS_AS(blended->addPlugin(std::make_shared<DitherPlugin>()), Error);

    auto leaves = std::make_shared<PbrMaterial>("leaves");
    leaves->setAlphaMode(AlphaMode::Mask);
    leaves->addPlugin(std::make_shared<DitherPlugin>());
    CHECK(leaves->plugin("Dither"));
    // Attach once: a second dither on the same material is an error, not a double injection.
    CHECK_THROWS_AS(leaves->addPlugin(std::make_shared<DitherPlugin>()), Error);
}

TEST_CASE("a dither factory reaches only the alpha-tested materials and counts the refusals") {
    MaterialRegistry registry;
    auto rock = registry.create<PbrMaterial>("rock");
    auto leaves = registry.create<PbrMaterial>("leaves");
    leaves->setAlphaMode(AlphaMode::Mask);
    registry.addPluginFactory("dither", [](Material&) { return std::make_shared<DitherPlugin>(); });
    // A material created later, alpha-tested from the start (as the glTF importer makes them).
    auto fern = registry.create<PbrMaterial>("fern", PbrParams{.alphaMode = AlphaMode::Mask});
    CHECK(leaves->plugin("Dither"));
    CHECK(fern->plugin("Dither"));
    CHECK_FALSE(rock->plugin("Dither"));
    CHECK(registry.stats().refused == 1);
    CHECK(registry.stats().attached == 2);
}

TEST_CASE("dither checks its settings") {
    DitherPlugin dither;
    CHECK_THROWS_AS(dither.setDistanceScale(0.0f), Error);
    CHECK_THROWS_AS(dither.setMeshBands(DitherBands::between(10, 10, 20, 30)), Error);
    CHECK_THROWS_AS(dither.setMeshBands(DitherBands::between(10, 30, 20, 40)), Error);
    dither.setMeshBands(DitherBands::fadeOut(30, 40));
    CHECK(dither.meshBands().outEnd == 40.0f);
    uint64_t v = dither.version();
    dither.setDistanceScale(0.6f);
    CHECK(dither.version() == v);
    dither.setActive(false);
    CHECK(dither.version() != v);
    ShaderDefines defines;
    dither.prepareDefines(defines, {});
    CHECK(defines.empty());
}

TEST_CASE("dither discards first thing in every pass with its define on, and not at all off") {
    auto material = std::make_shared<PbrMaterial>("leaves");
    material->setAlphaMode(AlphaMode::Mask);
    auto dither = std::make_shared<DitherPlugin>();
    material->addPlugin(dither);
    for (RenderPass pass : kAllPasses)
        for (bool instanced : {false, true}) {
            CAPTURE(toString(pass));
            CAPTURE(instanced);
            auto on = test::buildStages(*material, pass, instanced);
            size_t mainAt = on.fragment.find("void main()");
            size_t discardAt = on.fragment.find("if (!(!(ditherIn > ditherN) && ditherOut > ditherN)) discard;");
            REQUIRE(mainAt != std::string::npos);
            REQUIRE(discardAt != std::string::npos);
            // Before any texture fetch or surface work in main.
            size_t fetchAt = on.fragment.find("texture(", mainAt);
            CHECK((fetchAt == std::string::npos || fetchAt > discardAt));
            CHECK(on.fragment.find("baseColorFactor", mainAt) > discardAt);
            CHECK(has(on.vertex, "vDitherDistance = distance(finalWorld[3].xz, cameraPosition.xz);"));
            CHECK(has(on.vertex, "vDitherBands = ditherBands * ditherDistanceScale;") == instanced);
            CHECK(has(on.vertex, "vDitherBands = ditherMeshBands * ditherDistanceScale;") == !instanced);
            dither->setActive(false);
            auto off = test::buildStages(*material, pass, instanced);
            CHECK_FALSE(has(off.fragment, "ditherIn"));
            CHECK_FALSE(has(off.vertex, "vDitherDistance"));
            dither->setActive(true);
        }
}

TEST_CASE("dither's GLSL noise and band tests are DitherMath's") {
    std::string code = test::allSnippetCode(DitherPlugin::makeDeclaration());
    std::smatch m;
    std::regex noise(R"(fract\(([0-9.]+) \* fract\(([0-9.]+) \* pixel\.x \+ ([0-9.]+) \* pixel\.y\)\))");
    REQUIRE(std::regex_search(code, m, noise));
    CHECK(std::stof(m[1].str()) == kDitherNoiseScale);
    CHECK(std::stof(m[2].str()) == kDitherNoiseX);
    CHECK(std::stof(m[3].str()) == kDitherNoiseY);
    CHECK(has(code, "return 1.0 - smoothstep(edge0, edge1, d);"));
    CHECK(has(code, "float ditherIn = ditherRamp(vDitherBands.x, vDitherBands.y, vDitherDistance);"));
    CHECK(has(code, "float ditherOut = ditherRamp(vDitherBands.z, vDitherBands.w, vDitherDistance);"));
    CHECK(has(code, "if (!(!(ditherIn > ditherN) && ditherOut > ditherN)) discard;"));
    // The per-sample split (ditherSampleMask): the same test against fract(n + s / N).
    CHECK(has(code, "float t = fract(ditherN + float(s) / float(SAMPLE_MASK));"));
    CHECK(has(code, "if (!(ditherIn > t) && ditherOut > t) ditherMask |= 1 << s;"));
}

TEST_CASE("dither mirror: noise in the unit interval, varied over a 4x4 block, fixed to the pixel") {
    std::set<int> buckets;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            float n = interleavedGradientNoise(x + 0.5f, y + 0.5f);
            CHECK(n >= 0.0f);
            CHECK(n < 1.0f);
            buckets.insert(int(n * 8.0f));
        }
    CHECK(buckets.size() >= 6);
    for (int y = 0; y < 512; y += 7)
        for (int x = 0; x < 2048; x += 13) {
            float n = interleavedGradientNoise(x + 0.5f, y + 0.5f);
            CHECK((n >= 0.0f && n < 1.0f));
        }
    CHECK(interleavedGradientNoise(10.5f, 3.5f) == interleavedGradientNoise(10.5f, 3.5f));
}

TEST_CASE("dither mirror: visibility ramps and no-op bands") {
    DitherBands in = DitherBands::fadeIn(36, 42);
    CHECK(ditherVisibility(in, 30) == 0.0f);
    CHECK(ditherVisibility(in, 39) == doctest::Approx(0.5f));
    CHECK(ditherVisibility(in, 50) == 1.0f);
    float last = 0.0f;
    for (float d = 30; d <= 50; d += 0.25f) {
        CHECK(ditherVisibility(in, d) >= last);
        last = ditherVisibility(in, d);
    }
    DitherBands out = DitherBands::fadeOut(76, 85);
    CHECK(ditherVisibility(out, 70) == 1.0f);
    CHECK(ditherVisibility(out, 80.5f) == doctest::Approx(0.5f));
    CHECK(ditherVisibility(out, 90) == 0.0f);
    // A no-op band keeps every pixel from 0 to 1e7 m, and its edges are distinct.
    DitherBands none = DitherBands::none();
    CHECK(none.inStart != none.inEnd);
    CHECK(none.outStart != none.outEnd);
    for (float d : {0.0f, 1.0f, 1e3f, 1e7f})
        for (float n : {0.0f, 0.5f, 0.999f}) CHECK(ditherKeeps(none, d, n));
    // Nothing is kept before an in band, everything after it (until an out band).
    for (float n : {0.0f, 0.3f, 0.999f}) {
        CHECK_FALSE(ditherKeeps(in, 35.0f, n));
        CHECK(ditherKeeps(in, 43.0f, n));
    }
}

TEST_CASE("dither mirror: two LODs crossing at a seam keep complementary pixels") {
    // LOD1 out over [76, 85] and LOD2 in over [76, 85] (Day Hike's forest seam).
    DitherBands lod1 = DitherBands::between(36, 42, 76, 85);
    DitherBands lod2 = DitherBands::between(76, 85, 100, 120);
    int kept1 = 0, kept2 = 0, samples = 0;
    for (float d = 70.0f; d <= 90.0f; d += 0.05f)
        for (int i = 0; i < 200; ++i) {
            float n = interleavedGradientNoise(float(i % 20) + 0.5f, float(i / 20) + 0.5f + d);
            bool a = ditherKeeps(lod1, d, n), b = ditherKeeps(lod2, d, n);
            CAPTURE(d);
            CAPTURE(n);
            CHECK(a != b); // exactly one of the two draws the pixel
            kept1 += a;
            kept2 += b;
            ++samples;
        }
    CHECK(kept1 > samples / 4);
    CHECK(kept2 > samples / 4);
    // Exact at the crossover too, for every representable noise value near it.
    float mid = 80.5f;
    float ramp = ditherRamp(76, 85, mid);
    for (float n : {ramp, std::nextafter(ramp, 0.0f), std::nextafter(ramp, 1.0f), 0.0f, 0.999999f})
        CHECK(ditherKeeps(lod1, mid, n) != ditherKeeps(lod2, mid, n));
    // A bucket with both bands keeps everything between them.
    for (float d = 43.0f; d < 76.0f; d += 0.5f)
        for (float n : {0.0f, 0.5f, 0.999f}) CHECK(ditherKeeps(lod1, d, n));
}
