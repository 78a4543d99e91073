// The knobs every shipped plugin offers the demo (MaterialPlugin::parameters): each slider
// moves a uniform the plugin writes at the next frame, each toggle selects other defines. The
// uniform block is a real GL buffer, hence a context.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "gl/Std140Layout.h"
#include "gl/UniformBuffer.h"
#include "material/PluginUniforms.h"
#include "plugins/library/PluginLibrary.h"
#include "plugins/wind/WindPlugin.h"
#include "support/GlTestSupport.h"

using namespace th;

namespace {

/// The plugin's declared uniforms laid out alone, as a material lays out its "Plugins" block.
UniformBuffer blockFor(const PluginDeclaration& d) {
    Std140Layout layout;
    for (const PluginUniform& u : d.uniforms) addPluginUniform(layout, u);
    return UniformBuffer(layout, d.name + " parameters test");
}

/// What the plugin writes into its block for one (fixed) frame.
std::vector<uint8_t> written(MaterialPlugin& plugin, UniformBuffer& block) {
    PluginUniforms uniforms(block, plugin.name());
    plugin.updateUniforms(uniforms, FrameInfo{12.5, 12.5f, 3});
    return {block.data(), block.data() + block.layout().size()};
}

/// The defines the plugin sets for an instanced, vertex-coloured main-pass draw.
std::vector<std::string> definesOf(const MaterialPlugin& plugin) {
    DrawInfo draw;
    draw.instanced = true;
    draw.hasColors = true;
    ShaderDefines defines;
    plugin.prepareDefines(defines, draw);
    std::vector<std::string> out;
    for (const ShaderDefine& d : defines) out.push_back(d.name + "=" + d.value);
    return out;
}

} // namespace

TEST_CASE("every shipped plugin offers parameters - sliders move its uniforms, toggles its defines") {
    auto context = test::makeTestContext(GlApi::Gles30, 16, 16);
    {
        for (const std::string& name : shippedPluginNames()) {
            CAPTURE(name);
            auto plugin = createShippedPlugin(name);
            UniformBuffer block = blockFor(plugin->declaration());
            std::vector<PluginParameter> parameters = plugin->parameters();
            REQUIRE_FALSE(parameters.empty());
            CHECK(std::any_of(parameters.begin(), parameters.end(), [](auto& p) { return p.value != nullptr; }));
            const std::vector<uint8_t> reference = written(*plugin, block);
            const std::vector<std::string> referenceDefines = definesOf(*plugin);
            for (PluginParameter& p : parameters) {
                CAPTURE(p.name);
                CHECK_FALSE(p.name.empty());
                REQUIRE((p.value != nullptr) != (p.toggle != nullptr)); // a slider or a checkbox
                if (p.value) {
                    CHECK(p.min < p.max);
                    CHECK(*p.value >= p.min);
                    CHECK(*p.value <= p.max);
                    CHECK_FALSE(p.defines); // a uniform: no effect switch
                    float original = *p.value;
                    *p.value = original == p.max ? p.min : p.max;
                    CHECK(written(*plugin, block) != reference);
                    CHECK(definesOf(*plugin) == referenceDefines);
                    *p.value = original;
                    CHECK(written(*plugin, block) == reference);
                } else {
                    CHECK(p.defines); // the demo marks the plugin's defines dirty after a click
                    *p.toggle = !*p.toggle;
                    plugin->markDefinesDirty();
                    CHECK(definesOf(*plugin) != referenceDefines);
                    *p.toggle = !*p.toggle;
                    CHECK(definesOf(*plugin) == referenceDefines);
                }
            }
            // The pointers belong to the plugin: asking again points at the same values.
            std::vector<PluginParameter> again = plugin->parameters();
            REQUIRE(again.size() == parameters.size());
            for (size_t i = 0; i < again.size(); ++i) {
                CHECK(again[i].name == parameters[i].name);
                CHECK(again[i].value == parameters[i].value);
                CHECK(again[i].toggle == parameters[i].toggle);
            }
        }
        test::requireNoGlErrors(*context);
    }
}

TEST_CASE("wind's direction slider turns the wind and its state together") {
    auto context = test::makeTestContext(GlApi::Gles30, 16, 16);
    {
        auto plugin = createShippedPlugin("wind");
        UniformBuffer block = blockFor(plugin->declaration());
        auto parameters = plugin->parameters();
        auto direction = std::find_if(parameters.begin(), parameters.end(),
                                      [](auto& p) { return p.name.find("direction") != std::string::npos; });
        REQUIRE(direction != parameters.end());
        *direction->value = 90.0f; // towards +Z
        written(*plugin, block);
        const Std140Member* m = block.layout().find("windDirection");
        REQUIRE(m);
        glm::vec2 uniform;
        std::memcpy(&uniform, block.data() + m->offset, sizeof uniform);
        CHECK(std::abs(uniform.x) < 1e-6f);
        CHECK(uniform.y == doctest::Approx(1.0f));
        CHECK(std::abs(static_cast<WindPlugin&>(*plugin).state().direction.x) < 1e-6f);
        test::requireNoGlErrors(*context);
    }
}
