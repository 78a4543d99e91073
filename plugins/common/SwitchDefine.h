#pragma once
// A plugin's on/off define, stated once: its name and whether a fresh plugin has it on. The
// declaration's entry and what prepareDefines sets both come from it, so the value a shader
// sees when the switch is on ("1") and the declared default cannot drift apart.
//
//   static constexpr SwitchDefine kDefine{"DITHER"};
//   d.defines = {kDefine.declared()};
//   kDefine.set(defines, mActive);
#include <optional>
#include <string>

#include "shader/PluginCode.h"
#include "shader/ShaderDefines.h"

namespace th {

struct SwitchDefine {
    const char* name;
    bool onByDefault = true;

    /// The declaration's entry: "1" when on by default, else not defined.
    PluginDefine declared() const { return {name, onByDefault ? std::optional<std::string>(kOn) : std::nullopt}; }
    /// Sets the define when `on` (and leaves it unset otherwise).
    void set(ShaderDefines& defines, bool on = true) const {
        if (on) setDefine(defines, name, kOn);
    }

    static constexpr const char* kOn = "1";
};

} // namespace th
