#pragma once
// Image-based lighting baked from a panorama on its own, without a renderer: what the IBL tests
// that read the cubes back need around an ImageBasedLighting.
#include <memory>
#include <utility>

#include "core/Image.h"
#include "gl/Context.h"
#include "gl/VertexArray.h"
#include "render/ImageBasedLighting.h"
#include "scene/Atmosphere.h"
#include "shader/ShaderStore.h"

namespace th::test {

/// An ImageBasedLighting whose environment is an equirectangular image, with the store, empty
/// vertex array and settings its update needs. Tests change `environment` and `sky` and call
/// update() again. The context must outlive it: ImageBasedLighting keeps a reference.
struct ImageIbl {
    ShaderStore store;
    VertexArray empty{"empty"};
    ImageBasedLighting ibl;
    EnvironmentSettings environment;
    SkySettings sky;

    ImageIbl(const ContextInfo& context, std::shared_ptr<ImageRgbaF> image) : ibl(context) {
        environment.source = EnvironmentSource::HdrFile;
        environment.hdrImage = std::move(image);
    }

    bool update() { return ibl.update(store, environment, sky, empty); }
    const Texture& sheenCube(bool* built = nullptr) { return ibl.sheenCube(store, empty, built); }
};

/// Returned in place (guaranteed copy elision): it holds GL objects and is neither copied nor
/// moved. Not updated yet, so a test can REQUIRE the first update.
inline ImageIbl iblFromImage(const ContextInfo& context, std::shared_ptr<ImageRgbaF> image) {
    return ImageIbl(context, std::move(image));
}

} // namespace th::test
