#include "SyntheticShaders.h"

#include <cstdint>

#include "core/Str.h"

namespace th::bench {

namespace {

struct Rng {
    uint64_t state = 0x2545f4914f6cdd1dull;
    uint32_t next() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return uint32_t(state >> 32);
    }
    int below(int n) { return int(next() % uint32_t(n)); }
};

constexpr int kFeatures = 96;

std::string feature(int i) { return str("FEATURE_", i); }

// One block of shader code in the shape of a Babylon PBR block: a feature gate, nested
// conditionals on defines and counts, ES 1.00 texture calls, comments.
std::string block(Rng& rng, const std::string& name, int index, bool fragment) {
    std::string s;
    int f = rng.below(kFeatures), g = rng.below(kFeatures), h = rng.below(kFeatures);
    s += str("// ", name, ": synthetic block ", index, " (shape of a PBR include)\n");
    s += str("#ifdef ", feature(f), "\n");
    s += str("    vec3 ", name, "Value = ", fragment ? "texture2D" : "texture2DLod", "(", name, "Sampler, vUV * ",
             1 + rng.below(8), ".0", fragment ? "" : ", 0.0", ").rgb; // sample ", name, "\n");
    s += str("#if defined(", feature(g), ") && !defined(UNLIT)\n");
    s += str("    ", name, "Value = mix(", name, "Value, ", name, "Value * detailStrength, 0.5);\n");
    s += str("    accum += ", name, "Value * vec3(0.2126, 0.7152, 0.0722); /* weights; luma */\n");
    s += "#else\n";
    s += str("    ", name, "Value *= 0.75;\n");
    s += "#endif\n";
    s += str("#if NUM_SAMPLES > ", rng.below(4), "\n");
    s += str("    for (int i = 0; i < NUM_SAMPLES; i++) { accum += ", name, "Value * weights[i]; }\n");
    s += "#elif NUM_SAMPLES == 2\n";
    s += str("    accum += ", name, "Value * (weights[0] + weights[1]);\n");
    s += "#else\n";
    s += str("    accum += ", name, "Value;\n");
    s += "#endif\n";
    // Straight-line code between the gates, as in PBR blocks (longer lines, real-looking math).
    for (int k = 0; k < 6; ++k)
        s += str("    vec3 ", name, "Term", k, " = ", name, "Value * vec3(", rng.below(9), ".", rng.below(99), ", ",
                 rng.below(9), ".", rng.below(99), ", 1.0) + accum * detailStrength * weights[", k, "];\n");
    s += str("#ifdef ", feature((f + g) % kFeatures), "\n");
    s += str("    accum.b += ", name, "Term0.b;\n");
    s += "#endif\n";
    s += str("#ifndef ", feature(h), "\n");
    s += str("    ", name, "Value = clamp(", name, "Value, vec3(0.0), vec3(1.0));\n");
    s += "#endif\n";
    s += str("#if defined(", feature(h), ") || defined(", feature(f), ")\n");
    s += str("#ifdef ", feature(g), "\n");
    s += str("    accum.r += dot(", name, "Value, vec3(0.333));\n");
    s += "#endif\n";
    s += str("    accum.g = max(accum.g, ", name, "Value.g * 0.5);\n");
    s += "#endif\n";
    s += "#endif\n";
    return s;
}

std::string lightDeclaration() {
    return "uniform vec4 vLightData{X};\n"
           "uniform vec4 vLightDiffuse{X};\n"
           "#ifdef SPECULARTERM\n"
           "uniform vec4 vLightSpecular{X};\n"
           "#endif\n"
           "#ifdef SHADOW{X}\n"
           "#if defined(SHADOWCUBE{X})\n"
           "uniform samplerCube shadowSampler{X};\n"
           "#else\n"
           "varying vec4 vPositionFromLight{X};\n"
           "uniform sampler2D shadowSampler{X};\n"
           "#endif\n"
           "uniform vec4 shadowsInfo{X};\n"
           "#endif\n";
}

std::string lightFragment(Rng& rng) {
    std::string s;
    s += "#ifdef LIGHT{X}\n";
    s += "#if defined(SHADOWONLY) || defined(LIGHTMAP) && defined(LIGHTMAPEXCLUDED{X}) && defined(LIGHTMAPNOSPECULAR{X})\n";
    s += "    // no light contribution from light {X}\n";
    s += "#else\n";
    for (int k = 0; k < 6; ++k) s += block(rng, str("light{X}Part", k), k, true);
    s += "#endif\n";
    s += "#endif\n";
    return s;
}

std::string fogFragment() {
    return "#ifdef FOG\n"
           "    float fog = CalcFogFactor();\n"
           "    color.rgb = mix(vFogColor, color.rgb, fog);\n"
           "#endif\n";
}

void addFragment(SyntheticMaterial& m, Rng& rng) {
    m.store.add("benchScene.glsl", "uniform mat4 viewProjection;\nuniform vec4 vEyePosition;\nuniform vec3 vAmbientColor;\n");
    m.store.add("benchScene_ubo.glsl",
                "layout(std140) uniform Scene {\n    mat4 viewProjection;\n    vec4 vEyePosition;\n    vec3 vAmbientColor;\n};\n");
    m.store.add("benchLightDeclaration.glsl", lightDeclaration());
    m.store.add("benchLightFragment.glsl", lightFragment(rng));
    m.store.add("benchFog.glsl", fogFragment());
    std::string main = "precision highp float;\n"
                       "#include<__decl__benchScene>\n"
                       "varying vec2 vUV;\n"
                       "varying vec3 vPositionW;\n"
                       "#ifdef NORMAL\n"
                       "varying vec3 vNormalW;\n"
                       "#endif\n"
                       "uniform float detailStrength;\n"
                       "uniform float weights[8];\n"
                       "uniform vec3 vFogColor;\n"
                       "#include<benchLightDeclaration>[0..maxSimultaneousLights]\n"
                       "#define CUSTOM_FRAGMENT_DEFINITIONS\n"
                       "#hook FILTER_COLOR(inout vec4 color)\n"
                       "float CalcFogFactor() { return 0.5; }\n";
    for (int b = 0; b < 160; ++b) {
        std::string name = str("benchBlock", b);
        m.store.add(name + ".glsl", block(rng, str("block", b), b, true));
        main += str("uniform sampler2D block", b, "Sampler;\n");
    }
    main += "void main() {\n"
            "#define CUSTOM_FRAGMENT_MAIN_BEGIN\n"
            "    vec3 accum = vec3(0.0);\n"
            "    vec4 finalColor = vec4(0.0);\n";
    for (int b = 0; b < 160; ++b) {
        main += str("#include<benchBlock", b, ">\n");
        if (b == 75) main += "#define CUSTOM_FRAGMENT_BEFORE_LIGHTS\n    float aggShadow = 1.0;\n";
    }
    main += "#include<benchLightFragment>[0..maxSimultaneousLights]\n"
            "    aggShadow = aggShadow / numLights;\n"
            "    finalColor = vec4(accum * aggShadow, 1.0);\n"
            "#include<benchFog>(color,finalColor)\n"
            "    FILTER_COLOR(finalColor);\n"
            "#define CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR\n"
            "    gl_FragColor = finalColor;\n"
            "}\n";
    m.store.add("bench.frag.glsl", main);
}

void addVertex(SyntheticMaterial& m, Rng& rng) {
    std::string main = "precision highp float;\n"
                       "attribute vec3 position;\n"
                       "attribute vec2 uv;\n"
                       "#ifdef NORMAL\n"
                       "attribute vec3 normal;\n"
                       "varying vec3 vNormalW;\n"
                       "#endif\n"
                       "#include<__decl__benchScene>\n"
                       "uniform mat4 world;\n"
                       "uniform float detailStrength;\n"
                       "uniform float weights[8];\n"
                       "varying vec2 vUV;\n"
                       "varying vec3 vPositionW;\n"
                       "#define CUSTOM_VERTEX_DEFINITIONS\n"
                       "#hook OFFSET_POSITION(inout vec3 positionW)\n";
    for (int b = 0; b < 44; ++b) main += str("uniform sampler2D vblock", b, "Sampler;\n");
    main += "void main() {\n"
            "#define CUSTOM_VERTEX_MAIN_BEGIN\n"
            "    vec3 accum = vec3(0.0);\n"
            "    vec4 worldPos = world * vec4(position, 1.0);\n";
    for (int b = 0; b < 44; ++b) {
        m.store.add(str("benchVertexBlock", b, ".glsl"), block(rng, str("vblock", b), b, false));
        main += str("#include<benchVertexBlock", b, ">\n");
    }
    main += "    vec3 positionW = worldPos.xyz + accum * 0.001;\n"
            "    OFFSET_POSITION(positionW);\n"
            "#define CUSTOM_VERTEX_UPDATE_WORLDPOS\n"
            "    vPositionW = positionW;\n"
            "    vUV = uv;\n"
            "    gl_Position = viewProjection * vec4(positionW, 1.0);\n"
            "#define CUSTOM_VERTEX_MAIN_END\n"
            "}\n";
    m.store.add("bench.vert.glsl", main);
}

void addPlugins(SyntheticMaterial& m) {
    auto add = [&](const char* name, int priority) -> PluginCode& {
        PluginCode& p = m.plugins.emplace_back();
        p.name = name;
        p.priority = priority;
        p.registration = uint32_t(m.plugins.size() - 1);
        return p;
    };
    using S = ShaderStage;
    m.plugins.reserve(5);
    PluginCode& wind = add("Wind", 0);
    wind.defines.push_back({"WIND", std::nullopt});
    wind.uniforms.push_back({"windTime", "float"});
    wind.addCode(S::Vertex, "CUSTOM_VERTEX_DEFINITIONS", "uniform float windTime;\nuniform vec4 windParams;");
    wind.addCode(S::Vertex, "OFFSET_POSITION",
                 "#ifdef WIND\n    float sway = sin(windTime * 0.2513 + positionW.x * 0.1) * windParams.x;\n"
                 "    positionW.xz += vec2(sway, sway * 0.5) * max(positionW.y, 0.0);\n#endif");
    PluginCode& conform = add("Conform", 0);
    conform.defines.push_back({"CONFORM", std::nullopt});
    conform.addCode(S::Vertex, "CUSTOM_VERTEX_UPDATE_WORLDPOS",
                    "#ifdef CONFORM\n    positionW.y -= 0.1 * clamp(1.0 - positionW.y, 0.0, 1.0);\n#endif");
    PluginCode& wing = add("Wing", 5);
    wing.defines.push_back({"WING", std::nullopt});
    wing.addCode(S::Vertex, "!gl_Position = viewProjection \\* vec4\\(positionW, 1\\.0\\);",
                 "gl_Position = viewProjection * vec4(positionW, 1.0); // wing beat applied above");
    wing.addCode(S::Vertex, "CUSTOM_VERTEX_MAIN_BEGIN", "#ifdef WING\n    float beat = sin(position.x * 3.0);\n#endif");
    PluginCode& dither = add("Dither", 10);
    dither.defines.push_back({"DITHER", std::nullopt});
    dither.addCode(S::Fragment, "CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR",
                   "#ifdef DITHER\n    if (fract(dot(gl_FragCoord.xy, vec2(0.5, 0.25))) > finalColor.a) discard;\n#endif");
    PluginCode& terrain = add("Terrain", -5);
    terrain.defines.push_back({"TERRAIN", std::nullopt});
    terrain.samplers.push_back({"terrainLayers", "sampler2DArray", "highp"});
    terrain.addCode(S::Fragment, "CUSTOM_FRAGMENT_DEFINITIONS", "uniform highp sampler2DArray terrainLayers;\nfloat terrainRough = 1.0;");
    terrain.addCode(S::Fragment, "CUSTOM_FRAGMENT_BEFORE_LIGHTS",
                    "#ifdef TERRAIN\n    terrainRough = texture(terrainLayers, vec3(vUV, 1.0)).g;\n#endif");
    terrain.addCode(S::Fragment, "!aggShadow = aggShadow / numLights;", "aggShadow = aggShadow / numLights * terrainRough;");
    terrain.addCode(S::Fragment, "FILTER_COLOR", "    color.rgb *= terrainRough;");
}

} // namespace

void makeSyntheticMaterial(SyntheticMaterial& m) {
    Rng rng;
    addFragment(m, rng);
    addVertex(m, rng);
    addPlugins(m);
    ShaderDefines defines = {{"NUM_SAMPLES", "4"}, {"NORMAL", ""}, {"SPECULARTERM", ""}, {"FOG", ""},
                             {"WIND", ""},         {"TERRAIN", ""}, {"DITHER", ""},      {"numLights", "4.0"}};
    for (int i = 0; i < 4; ++i) {
        defines.push_back({str("LIGHT", i), ""});
        if (i % 2 == 0) defines.push_back({str("SHADOW", i), ""});
    }
    for (int f = 0; f < kFeatures; f += 2) defines.push_back({feature(f), ""});
    for (ShaderBuildRequest* r : {&m.vertex, &m.fragment}) {
        r->stage = r == &m.vertex ? ShaderStage::Vertex : ShaderStage::Fragment;
        r->source = r == &m.vertex ? "bench.vert" : "bench.frag";
        r->defines = defines;
        r->indexParameters = {{"maxSimultaneousLights", 4}};
        r->uniformBuffers = true;
        r->language = ShaderLanguage::Es300;
        for (const PluginCode& p : m.plugins) r->plugins.push_back(&p);
        for (int f = 0; f < kFeatures; ++f) r->declaredDefines.push_back(feature(f));
        for (const char* d : {"UNLIT", "SHADOWONLY", "LIGHTMAP", "SHADOWCUBE0", "SHADOWCUBE1", "SHADOWCUBE2", "SHADOWCUBE3",
                              "LIGHTMAPEXCLUDED0", "LIGHTMAPNOSPECULAR0"})
            r->declaredDefines.push_back(d);
    }
}

} // namespace th::bench
