#pragma once
// How th-shader turns "--material NAME" and "--plugins NAMES" into pipeline inputs. Until the
// material layer registers materials and plugins, a material is a shader pair in the store and
// a plugin name is a JSON description on disk; replace these two functions to plug the real
// registries in.
#include <string>
#include <string_view>
#include <vector>

#include "shader/PluginCode.h"
#include "shader/ShaderStage.h"
#include "shader/ShaderStore.h"

namespace th {

/// The store name of `material`'s shader for `stage`: NAME.vert / NAME.frag (resolved like
/// an include, so "example" finds "example/example.vert.glsl"). Throws th::Error when absent.
std::string materialShaderName(const ShaderStore& store, std::string_view material, ShaderStage stage);

/// "--plugins" argument: a .json file, or comma-separated names each looked up as
/// <name>.json or plugins/<name>/<name>.json under the current directory.
std::vector<PluginCode> loadPlugins(std::string_view spec);

} // namespace th
