// A plugin sampler or uniform that takes a name the engine or the material already uses is
// an error naming the plugin, not a driver's "redefinition" blamed on the engine's
// declarations (or, without validation, a sampler report listing the engine twice).
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "core/Error.h"
#include "material/EffectCache.h"
#include "material/MaterialPlugin.h"
#include "material/PbrMaterial.h"
#include "render/Renderer.h"
#include "shader/PluginCode.h"
#include "shader/ShaderStore.h"

using namespace th;

namespace {

std::string buildError(const std::string& pluginJson) {
    static ShaderStore store;
    try {
        auto material = std::make_shared<PbrMaterial>("painted");
        for (const PluginCode& p : parsePluginList(pluginJson, "p.json"))
            material->addPlugin(std::make_shared<DataPlugin>(p), true);
        ContextInfo info = ContextInfo::webgl2(GlApi::Gles30);
        EffectCache cache(store, info);
        Renderer::configureEffectCache(cache);
        DrawInfo draw;
        draw.hasUv0 = draw.hasColors = draw.hasTangents = true;
        cache.buildSources(makeEffectRequest(*material, draw, false));
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace

TEST_CASE("a plugin sampler named like an engine sampler is an error naming the plugin") {
    std::string e = buildError(R"({"plugins": [{"name": "Lut", "samplers": {"brdfLut": "sampler2D"},
        "fragment": {"CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR": "color.rgb += texture(brdfLut, vec2(0.5)).rgb;"}}]})");
    CHECK(e.find("plugin 'Lut' declares the sampler 'brdfLut', but the engine's BRDF table sampler already has that name") !=
          std::string::npos);
    CHECK(e.find("engine plugin declarations") == std::string::npos);
}

TEST_CASE("a plugin uniform named like a material uniform is an error naming the plugin and the block") {
    std::string e = buildError(R"({"plugins": [{"name": "Tinted", "uniforms": {"baseColorFactor": "vec4"},
        "fragment": {"CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR": "color.rgb *= baseColorFactor.rgb;"}}]})");
    CHECK(e.find("plugin 'Tinted' declares the uniform 'baseColorFactor', but a member of the uniform block 'Material'") !=
          std::string::npos);
}

TEST_CASE("two plugins declaring one sampler name is an error naming both") {
    std::string e = buildError(R"({"plugins": [
        {"name": "A", "samplers": {"noiseMap": "sampler2D"}, "fragment": {"CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR": "color.r += texture(noiseMap, vec2(0.5)).r;"}},
        {"name": "B", "samplers": {"noiseMap": "sampler2D"}, "fragment": {"CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR": "color.g += texture(noiseMap, vec2(0.5)).g;"}}]})");
    CHECK(e.find("plugins 'A' and 'B' both declare the sampler 'noiseMap'") != std::string::npos);
}

TEST_CASE("distinct plugin names build") {
    CHECK(buildError(R"({"plugins": [{"name": "Ok", "samplers": {"okMap": "sampler2D"}, "uniforms": {"okTint": "vec4"},
        "fragment": {"CUSTOM_FRAGMENT_BEFORE_FRAGCOLOR": "color.rgb *= texture(okMap, vec2(0.5)).rgb * okTint.rgb;"}}]})") ==
          "(no error)");
}
