#pragma once
// Which texture units a material's effect takes, of the fragment stage's limit, and who asks
// for each (the engine, the material, a plugin): the same accounting the effect cache's budget
// check does, printed as a table for the demo, th-shader and tests. The budget counts every
// sampler the final shader declares (a declared but unused sampler still costs a unit on
// some drivers, and the count must not depend on the optimiser).
#include <string>
#include <vector>

#include "material/DrawInfo.h"
#include "material/EffectCache.h"

namespace th {

class Material;
class Renderer;

struct SamplerReportEntry {
    int unit = 0;        ///< first unit (engine samplers first, in the engine's order)
    std::string name;
    std::string type;    ///< sampler2D, sampler2DArray, ...
    std::string owner;   ///< "engine (IBL specular)", "material 'Ground'", "plugin 'terrain'"
    int units = 1;       ///< array samplers take one per element
};

struct SamplerReport {
    std::string label;   ///< the effect request's label
    int unitsUsed = 0;   ///< fragment stage
    int unitLimit = 0;   ///< fragment stage, under the active limits profile
    std::string profile; ///< "webgl2", "native"
    std::vector<SamplerReportEntry> samplers;
    /// Textures dropped to fit the limit, least important first: "sampler (owner)"
    /// (EffectCache::buildFittedSources); empty when everything fits.
    std::vector<std::string> dropped;

    int unitsLeft() const { return unitLimit - unitsUsed; }
    /// "material 'ground' (pbr), main pass: 10 of 16 fragment texture units (webgl2), 6 left"
    /// then one line per sampler: unit, name, type, owner.
    std::string toString() const;
};

/// Builds the request's sources (no compile), fitted to the texture units as the cache fits
/// them (dropping the least important textures), and reports its fragment samplers, owned and
/// ordered as the cache assigns units: give the cache the engine's samplers first
/// (EffectCache::setEngineSamplers, as Renderer does), else they count as the shader's own.
/// Throws th::Error when the pipeline fails (not when the budget is exceeded: the report
/// shows it).
SamplerReport samplerReport(EffectCache& cache, const EffectRequest& request);
/// The report for a material drawn by `renderer` with `draw` (main pass by default).
SamplerReport samplerReport(Renderer& renderer, const Material& material, const DrawInfo& draw = {});

} // namespace th
