#pragma once
// What a finished shader declares at global scope that the GL layer must bind: samplers (one
// texture unit per element) and uniform blocks. Used to check the WebGL2 budgets (16 texture
// units per stage, 12 uniform blocks) when an effect is built, before any driver sees it.
#include <string>
#include <vector>

#include "core/Error.h"
#include "shader/LineMap.h"

namespace th {

struct SamplerDeclaration {
    std::string name;
    std::string type;      ///< "sampler2D", "sampler2DArray", ...
    int arraySize = 1;     ///< 1 for a plain sampler; 0 when the size could not be resolved
    SourceLocation where;
};

struct UniformBlockDeclaration {
    std::string name;
    SourceLocation where;
};

struct ShaderInterface {
    std::vector<SamplerDeclaration> samplers;
    std::vector<UniformBlockDeclaration> uniformBlocks;

    /// Texture units the samplers take (an unresolved array size counts as 1).
    int textureUnits() const;

    /// Scans a final (preprocessed) shader. Array sizes may be integer literals or names
    /// #defined to one in the text.
    static ShaderInterface scan(const ShaderText& text);
};

} // namespace th
