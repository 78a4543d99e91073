// Builds the engine's PBR fragment shader through the pipeline: headers and libraries work.
#include <cstdio>

#include "shader/ShaderBuilder.h"

int main() {
    th::ShaderStore store;
    th::ShaderBuilder builder(store);
    th::ShaderBuildRequest request;
    request.source = "pbr/pbr.frag.glsl";
    request.defines = {{"PASS_MAIN", ""}};
    th::ShaderBuildResult result = builder.build(request);
    std::printf("pbr.frag: %zu lines\n", result.text.lines.size());
    return result.text.lines.size() > 100 ? 0 : 1;
}
