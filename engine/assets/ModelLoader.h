#pragma once
// Puts an imported glTF model (CPU data from GltfImporter) into a scene: uploads geometry and
// textures (colour images as sRGB, data as linear, mipmapped), creates one PbrMaterial per
// glTF material and registers it with the material registry (so plugin factories reach
// imported materials), builds the node hierarchy with per-instance matrices, and turns
// KHR_lights_punctual lights and cameras into world-space lights and cameras.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "assets/ImportedModel.h"
#include "gl/Sampler.h"
#include "gl/Texture.h"
#include "material/MaterialRegistry.h"
#include "material/PbrMaterial.h"
#include "scene/Camera.h"
#include "scene/Mesh.h"
#include "scene/ModelAnimation.h"
#include "scene/Scene.h"

namespace th {

struct ModelLoadOptions {
    bool importLights = true;  ///< add the model's punctual lights to the scene
    float anisotropy = 8.0f;   ///< for textures that use mipmaps (clamped to the driver's)
    float maxAnisotropy = 0.0f;
    /// Morph target textures are laid out within this width and height (WebGL2's guarantee).
    int maxTextureSize = 2048;
    /// An occlusion texture on its own image, read as the metallic-roughness texture is (same
    /// size, sampler, coordinates and transform), goes into the red channel of a copy of that
    /// image, which glTF leaves unused there: the material then samples one texture where it
    /// sampled two (on llvmpipe about 3 ms of DamagedHelmet's 29 ms frame) and takes one
    /// texture unit less. Per-channel mipmaps make it the same image. False: keep them apart.
    bool packOcclusion = true;
    /// Another instance's rig (LoadedModel::animation->animator().sharedRig()) for a model
    /// added again: instances share the imported animation data instead of copying it.
    std::shared_ptr<const AnimationRig> sharedRig;
};

/// A camera of the model, placed in world space.
struct LoadedCamera {
    Camera camera;    ///< aspect from the file when it gives one (xmag / ymag for orthographic)
    std::string name; ///< the glTF camera's name (may be empty)
    int index = -1;   ///< the glTF camera's index in the file
};

struct LoadedModel {
    Node* root = nullptr; ///< the node holding the model's root nodes
    std::vector<std::shared_ptr<PbrMaterial>> materials;
    std::vector<LoadedCamera> cameras; ///< one per node that names a camera, in node order
    Bounds bounds;               ///< world bounds after loading
    size_t lightsAdded = 0;
    std::vector<ImportWarning> warnings;
    /// The model's animation (skins, morph weights, clips), also added to the scene's
    /// animations; null when the model has nothing to animate. Nothing plays until a clip is
    /// started on its animator.
    std::shared_ptr<ModelAnimation> animation;

    // --- KHR_materials_variants ---
    /// The model's material variants, in file order (empty: none).
    std::vector<std::string> variants;
    /// Draws every primitive with its material for variant `name` (a primitive without a
    /// mapping for it keeps its default); an empty name restores the defaults. Throws th::Error
    /// listing the variants for a name the model does not have. Instant: materials are swapped,
    /// each keeps its compiled effects.
    void selectVariant(std::string_view name);
    /// The selected variant ("" = the file's defaults).
    const std::string& selectedVariant() const { return mSelectedVariant; }

    /// A mesh part whose material depends on the variant (filled by addModelToScene).
    struct VariantPart {
        std::shared_ptr<Mesh> mesh;
        size_t part = 0;
        std::shared_ptr<Material> defaultMaterial;
        std::vector<std::pair<int, std::shared_ptr<Material>>> variantMaterials;
    };
    std::vector<VariantPart> variantParts;

private:
    std::string mSelectedVariant;
};

/// Adds `model` under `parent` (a new child node named after the model). Materials are
/// registered with `registry` when given. Must run with the scene's GL context current.
LoadedModel addModelToScene(const ImportedModel& model, Scene& scene, Node& parent, MaterialRegistry* registry,
                            const ModelLoadOptions& options = {});

} // namespace th
