#pragma once
// A raw-source edit: the string pipeline's side of a raw-source hook (three.js's
// onBeforeCompile). It receives a stage's whole source after injection and before the
// preprocessor, and returns the edited source. The pipeline calls it on clean text on every
// build (never on its own earlier output). Lines the edit leaves alone keep their origins;
// lines it adds or changes are attributed to "<owner> source hook" at their line in the
// edited text, so a driver error there names the hook.
#include <functional>
#include <string>
#include <string_view>

#include "shader/LineMap.h"
#include "shader/ShaderStage.h"

namespace th {

struct SourceEdit {
    std::string owner; ///< who edits: "plugin 'Wave'", "material 'Ground'"
    std::function<std::string(std::string_view source, ShaderStage stage)> edit;
};

/// Runs `edit` on `text` in place. Throws th::Error naming the owner and the stage when the
/// edit throws or returns an empty source.
void applySourceEdit(const SourceEdit& edit, ShaderStage stage, ShaderText& text);

} // namespace th
