#pragma once
// What a glTF import produces on the CPU, before anything touches GL: plain data that the
// renderer uploads and tests inspect. Indices between the lists (node → mesh, submesh →
// material, material slot → texture, texture → image) are always valid after an import;
// -1 means "none".
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "assets/GltfDiagnostics.h"
#include "core/Error.h"
#include "core/Image.h"
#include "material/PbrParams.h"
#include "scene/AnimationRig.h"
#include "scene/MeshData.h"

namespace th {

/// Something the importer accepted but could not honour exactly (a missing image replaced by
/// a checker, a skipped line primitive...). Also written to the log as a warning.
struct ImportWarning {
    SourceLocation where;
    std::string message;
    std::string code;    ///< the glTF-Validator's code where one exists (GltfDiagnostics)
    std::string pointer; ///< JSON pointer of the value at fault
    std::string toString() const { return where.known() ? where.toString() + ": " + message : message; }
};

struct ImportedMaterial {
    std::string name;
    PbrParams params;
    /// Pixels per point for POINTS primitives: glTF has no such property, so it is read from
    /// the material's `extras.pointSize` where a file gives one (Material::setPointSize).
    float pointSize = 1.0f;
};

/// Whether texels are colour (decoded from sRGB when sampled) or data (read as stored).
enum class ImageColorSpace { Srgb, Linear };

struct ImportedImage {
    std::string name;  ///< the glTF name, else the URI, else "image <n>"
    ImageRgba8 pixels; ///< always RGBA8, top row first (as glTF's UV origin)
    ImageColorSpace colorSpace = ImageColorSpace::Linear;
    bool fallback = false; ///< the checker that replaces an image that could not load
};

/// glTF sampler values, mirrored so that this layer does not include GL. The numeric values
/// are glTF's (which are GL's), so the GL side may cast them.
enum class TextureFilter : int {
    Unset = 0, ///< glTF leaves the choice to the renderer
    Nearest = 9728,
    Linear = 9729,
    NearestMipmapNearest = 9984,
    LinearMipmapNearest = 9985,
    NearestMipmapLinear = 9986,
    LinearMipmapLinear = 9987,
};
enum class TextureWrap : int { Repeat = 10497, ClampToEdge = 33071, MirroredRepeat = 33648 };

struct TextureSampler {
    TextureFilter minFilter = TextureFilter::Unset;
    TextureFilter magFilter = TextureFilter::Unset;
    TextureWrap wrapS = TextureWrap::Repeat;
    TextureWrap wrapT = TextureWrap::Repeat;
    bool usesMipmaps() const {
        return minFilter == TextureFilter::Unset || int(minFilter) >= int(TextureFilter::NearestMipmapNearest);
    }
};

struct ImportedTexture {
    std::string name;
    int image = -1; ///< index into ImportedModel::images; its colour space follows this texture's use
    TextureSampler sampler;
};

/// The deepest node hierarchy the importer and the model loader accept. glTF sets no limit;
/// real models stay far below it, and the scene graph's walks recurse once per level.
inline constexpr int kMaxNodeDepth = 1000;

struct ImportedNode {
    std::string name;
    glm::mat4 local{1.0f}; ///< from `matrix`, or translation · rotation · scale
    int mesh = -1;
    int camera = -1;
    int light = -1; ///< KHR_lights_punctual
    std::vector<int> children;
    /// EXT_mesh_gpu_instancing: one matrix per instance, applied before `local`
    /// (world = parentWorld · local · instance). Empty = the mesh is drawn once.
    std::vector<glm::mat4> instances;
    int skin = -1;                  ///< index into ImportedModel::skins; -1 = not skinned (or the skin was dropped)
    std::vector<float> weights;     ///< the node's morph weights (the mesh's defaults when the file gives none)
};

struct ImportedCamera {
    enum class Type { Perspective, Orthographic };
    std::string name;
    Type type = Type::Perspective;
    float yfov = 0.8f;                ///< radians, perspective only
    std::optional<float> aspectRatio; ///< perspective; absent = the viewport's
    float znear = 0.1f;
    std::optional<float> zfar;      ///< absent = infinite (perspective only)
    float xmag = 1.0f, ymag = 1.0f; ///< orthographic half-extents
};

struct ImportedLight {
    enum class Type { Directional, Point, Spot };
    std::string name;
    Type type = Type::Point;
    glm::vec3 color{1.0f};                ///< linear
    float intensity = 1.0f;               ///< lux for directional, candela for point and spot
    std::optional<float> range;           ///< absent = infinite
    float innerConeAngle = 0.0f;          ///< radians, spot only
    float outerConeAngle = 0.7853981634f; ///< radians, spot only (π/4)
};

struct ImportedModel {
    std::string sourceName;       ///< the file the model came from, for messages
    std::vector<MeshData> meshes; ///< one per glTF mesh, one submesh per triangle primitive
    std::vector<ImportedMaterial> materials;
    /// KHR_materials_variants: the variants' names (submeshes map them to materials).
    std::vector<std::string> variants;
    std::vector<ImportedImage> images;
    std::vector<ImportedTexture> textures;
    std::vector<ImportedNode> nodes;
    std::vector<int> rootNodes; ///< of the default scene (or of every parentless node)
    std::vector<ImportedCamera> cameras;
    std::vector<ImportedLight> lights;
    std::vector<Skin> skins;                ///< joints are node indices
    std::vector<AnimationClip> animations; ///< channels target node indices
    std::vector<ImportWarning> warnings;
    /// Every problem the import met, with its code, severity and JSON pointer: the document
    /// checks (GltfDocumentValidator) and the warnings above, each with its code. An error
    /// there stopped the import, so a model that exists has only warnings in it.
    GltfDiagnostics report;

    /// World matrix of every node (indexed like `nodes`), parents before children. Nodes that
    /// no root reaches keep their local matrix.
    std::vector<glm::mat4> worldMatrices() const;
    /// Bounds of every mesh instance reachable from the roots, in world space.
    Bounds worldBounds() const;
    /// The animation data every instance of this model shares: nodes with their rest pose
    /// and morph weights, skins, clips and the nodes drawing skinned meshes.
    AnimationRig animationRig() const;
    /// Number of node/instance placements of meshes reachable from the roots.
    size_t meshInstanceCount() const;
};

} // namespace th
