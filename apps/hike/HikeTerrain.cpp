#include "hike/HikeTerrain.h"

namespace th::hike {

HeightFunction heightFunction(const Heightfield& field) {
    return [field](float x, float z) { return field.sample(x, z); };
}

ClipmapVertexFunction terrainWeights(const terrain::SurfaceClassifier& classifier) {
    return [classifier](const glm::vec3& position, const HeightSample& sample) {
        terrain::PackedWeights p = terrain::packWeights(terrain::classifySurface(position, sample.slope(), classifier));
        return ClipmapVertexData{p.color, p.uv1};
    };
}

} // namespace th::hike
