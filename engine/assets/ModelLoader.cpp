#include "assets/ModelLoader.h"

#include <cmath>
#include <functional>
#include <map>
#include <tuple>

#include "core/Error.h"
#include "core/Log.h"
#include "core/Str.h"
#include "scene/Geometry.h"
#include "scene/InstanceBuffer.h"
#include "scene/Mesh.h"
#include "scene/MeshDeformation.h"

namespace th {

namespace {

Filter filterOf(TextureFilter f) {
    switch (f) {
    case TextureFilter::Nearest:
    case TextureFilter::NearestMipmapNearest:
    case TextureFilter::NearestMipmapLinear: return Filter::Nearest;
    default: return Filter::Linear;
    }
}

SamplerDesc::Mip mipOf(TextureFilter f) {
    switch (f) {
    case TextureFilter::Nearest:
    case TextureFilter::Linear: return SamplerDesc::Mip::None;
    case TextureFilter::NearestMipmapNearest:
    case TextureFilter::LinearMipmapNearest: return SamplerDesc::Mip::Nearest;
    default: return SamplerDesc::Mip::Linear;
    }
}

Wrap wrapOf(TextureWrap w) {
    switch (w) {
    case TextureWrap::ClampToEdge: return Wrap::ClampToEdge;
    case TextureWrap::MirroredRepeat: return Wrap::MirroredRepeat;
    default: return Wrap::Repeat;
    }
}

class Uploader {
public:
    Uploader(const ImportedModel& model, const ModelLoadOptions& options) : mModel(model), mOptions(options) {}

    PbrTexture texture(const TextureSlot& slot, bool srgb) {
        if (!slot.present() || slot.texture >= int(mModel.textures.size())) return {};
        const ImportedTexture& t = mModel.textures[size_t(slot.texture)];
        if (t.image < 0 || t.image >= int(mModel.images.size())) return {};
        return {image(t.image, srgb, t.sampler.usesMipmaps()), sampler(t.sampler)};
    }

    /// The material's metallic-roughness texture with its occlusion in the red channel, when
    /// both read separate images of one size the same way (ModelLoadOptions::packOcclusion);
    /// empty otherwise.
    PbrTexture occlusionInMetallicRoughness(const PbrParams& p) {
        const TextureSlot &mr = p.metallicRoughnessTexture, &occlusion = p.occlusionTexture;
        if (!mOptions.packOcclusion || !mr.present() || !occlusion.present() || mr.texCoord != occlusion.texCoord) return {};
        if (!(mr.transform.offset == occlusion.transform.offset && mr.transform.scale == occlusion.transform.scale &&
              mr.transform.rotation == occlusion.transform.rotation))
            return {};
        const ImportedTexture* a = importedTexture(mr);
        const ImportedTexture* b = importedTexture(occlusion);
        if (!a || !b || a->image == b->image) return {}; // one image already shares its unit
        const TextureSampler &sa = a->sampler, &sb = b->sampler;
        if (sa.minFilter != sb.minFilter || sa.magFilter != sb.magFilter || sa.wrapS != sb.wrapS || sa.wrapT != sb.wrapT) return {};
        const ImportedImage &ia = mModel.images[size_t(a->image)], &ib = mModel.images[size_t(b->image)];
        if (ia.fallback || ib.fallback || ia.pixels.width != ib.pixels.width || ia.pixels.height != ib.pixels.height ||
            ia.pixels.pixels.size() != ib.pixels.pixels.size())
            return {};
        auto key = std::make_tuple(a->image, b->image, sa.usesMipmaps());
        auto it = mPacked.find(key);
        if (it == mPacked.end()) {
            ImageRgba8 packed = ia.pixels;
            for (size_t i = 0; i < packed.pixels.size(); i += 4) packed.pixels[i] = ib.pixels.pixels[i];
            auto texture = std::make_shared<Texture>(TextureDesc{
                .format = TextureFormat::RGBA8, .width = packed.width, .height = packed.height,
                .mipLevels = sa.usesMipmaps() ? 0 : 1, .label = str(mModel.sourceName, ": ", ia.name, " + occlusion ", ib.name)});
            texture->upload(0, 0, packed.pixels.data());
            if (sa.usesMipmaps()) texture->generateMipmaps();
            it = mPacked.emplace(key, texture).first;
        }
        return {it->second, sampler(sa)};
    }

private:
    const ImportedTexture* importedTexture(const TextureSlot& slot) const {
        if (slot.texture < 0 || slot.texture >= int(mModel.textures.size())) return nullptr;
        const ImportedTexture& t = mModel.textures[size_t(slot.texture)];
        return t.image >= 0 && t.image < int(mModel.images.size()) ? &t : nullptr;
    }

    std::shared_ptr<const Texture> image(int index, bool srgb, bool mipmaps) {
        auto key = std::make_tuple(index, srgb, mipmaps);
        if (auto it = mTextures.find(key); it != mTextures.end()) return it->second;
        const ImportedImage& img = mModel.images[size_t(index)];
        // glTF's UV origin is the image's top-left and images are stored top row first: the
        // rows go to GL unflipped, so v = 0 samples the first row, as glTF expects.
        auto texture = std::make_shared<Texture>(TextureDesc{
            .format = srgb ? TextureFormat::SRGB8_ALPHA8 : TextureFormat::RGBA8, .width = img.pixels.width,
            .height = img.pixels.height, .mipLevels = mipmaps ? 0 : 1, .label = str(mModel.sourceName, ": ", img.name)});
        texture->upload(0, 0, img.pixels.pixels.data());
        if (mipmaps) texture->generateMipmaps();
        mTextures[key] = texture;
        return texture;
    }

    std::shared_ptr<const Sampler> sampler(const TextureSampler& s) {
        auto key = std::make_tuple(int(s.minFilter), int(s.magFilter), int(s.wrapS), int(s.wrapT));
        if (auto it = mSamplers.find(key); it != mSamplers.end()) return it->second;
        SamplerDesc d;
        d.minFilter = filterOf(s.minFilter);
        d.magFilter = s.magFilter == TextureFilter::Nearest ? Filter::Nearest : Filter::Linear;
        d.mip = s.minFilter == TextureFilter::Unset ? SamplerDesc::Mip::Linear : mipOf(s.minFilter);
        d.wrapS = wrapOf(s.wrapS);
        d.wrapT = wrapOf(s.wrapT);
        d.anisotropy = d.mip == SamplerDesc::Mip::None ? 1.0f : mOptions.anisotropy;
        auto sampler = std::make_shared<Sampler>(d, mOptions.maxAnisotropy, "glTF sampler");
        mSamplers[key] = sampler;
        return sampler;
    }

    const ImportedModel& mModel;
    const ModelLoadOptions& mOptions;
    std::map<std::tuple<int, bool, bool>, std::shared_ptr<const Texture>> mTextures;
    std::map<std::tuple<int, int, int, int>, std::shared_ptr<const Sampler>> mSamplers;
    std::map<std::tuple<int, int, bool>, std::shared_ptr<const Texture>> mPacked; ///< (metallic-roughness, occlusion image, mipmaps)
};

/// A material extension the importer read but no plugin shades here (the registry has no
/// factory for it, or no registry was given): said once per material, as the glTF importer
/// says what it drops, so a capture that renders the plain base is not silently wrong.
void warnUnshadedExtensions(const PbrMaterial& material, std::vector<ImportWarning>& warnings, const std::string& source) {
    const PbrParams& p = material.params();
    if (p.unlit) return;
    struct Extension {
        bool present;
        const char* name;
        const char* plugin;
    };
    const Extension extensions[] = {
        {p.specularGlossiness.has_value(), "KHR_materials_pbrSpecularGlossiness", "SpecularGlossiness"},
        {p.specular.has_value(), "KHR_materials_specular", "Specular"},
        {p.sheen.has_value(), "KHR_materials_sheen", "Sheen"},
        {p.clearcoat.has_value(), "KHR_materials_clearcoat", "Clearcoat"},
        {p.anisotropy.has_value(), "KHR_materials_anisotropy", "Anisotropy"},
        {p.iridescence.has_value(), "KHR_materials_iridescence", "Iridescence"},
        {p.transmission.has_value(), "KHR_materials_transmission", "Transmission"},
    };
    for (const Extension& e : extensions) {
        if (!e.present || material.plugin(e.plugin)) continue;
        ImportWarning w{SourceLocation{source},
                        str("material '", material.name(), "': ", e.name, " is not shaded (no '", e.plugin,
                            "' plugin attached: register the glTF material plugins on the material registry, "
                            "registerGltfMaterialPlugins); it renders as its metallic-roughness base")};
        logWarning(w.toString());
        warnings.push_back(std::move(w));
    }
}

} // namespace

void LoadedModel::selectVariant(std::string_view name) {
    int index = -1;
    if (!name.empty()) {
        for (size_t i = 0; i < variants.size(); ++i)
            if (variants[i] == name) index = int(i);
        if (index < 0)
            throw Error(str("no material variant named '", name, "'; ",
                            variants.empty() ? std::string("the model has none") : str("the model has ", join(variants, ", "))));
    }
    for (VariantPart& p : variantParts) {
        std::shared_ptr<Material> material = p.defaultMaterial;
        for (auto& [variant, m] : p.variantMaterials)
            if (variant == index) material = m;
        p.mesh->parts()[p.part].material = material;
    }
    mSelectedVariant = std::string(name);
}

LoadedModel addModelToScene(const ImportedModel& model, Scene& scene, Node& parent, MaterialRegistry* registry,
                            const ModelLoadOptions& options) {
    LoadedModel out;
    out.warnings = model.warnings;
    out.variants = model.variants;
    Uploader uploader(model, options);

    for (const ImportedMaterial& m : model.materials) {
        auto material = std::make_shared<PbrMaterial>(m.name.empty() ? str("material ", out.materials.size()) : m.name, m.params);
        material->setTexture(PbrTextureSlot::BaseColor, uploader.texture(m.params.baseColorTexture, true));
        if (PbrTexture packed = uploader.occlusionInMetallicRoughness(m.params); packed.texture) {
            material->setTexture(PbrTextureSlot::MetallicRoughness, packed);
            material->setTexture(PbrTextureSlot::Occlusion, packed);
        } else {
            material->setTexture(PbrTextureSlot::MetallicRoughness, uploader.texture(m.params.metallicRoughnessTexture, false));
            material->setTexture(PbrTextureSlot::Occlusion, uploader.texture(m.params.occlusionTexture, false));
        }
        material->setTexture(PbrTextureSlot::Normal, uploader.texture(m.params.normalTexture, false));
        material->setTexture(PbrTextureSlot::Emissive, uploader.texture(m.params.emissiveTexture, true));
        material->setPointSize(m.pointSize);
        for (const ExtensionTextureSlot& e : material->params().extensionTextures())
            material->setExtensionTexture(e.sampler, uploader.texture(*e.slot, e.srgb));
        if (registry) registry->add(material);
        warnUnshadedExtensions(*material, out.warnings, model.sourceName);
        out.materials.push_back(material);
    }
    std::shared_ptr<PbrMaterial> defaultMaterial; // glTF's default: white, metallic 1, roughness 1
    auto materialFor = [&](int index) -> std::shared_ptr<Material> {
        if (index >= 0 && index < int(out.materials.size())) return out.materials[size_t(index)];
        if (!defaultMaterial) {
            defaultMaterial = std::make_shared<PbrMaterial>("glTF default");
            if (registry) registry->add(defaultMaterial);
        }
        return defaultMaterial;
    };

    std::vector<std::shared_ptr<Geometry>> geometries;
    for (size_t i = 0; i < model.meshes.size(); ++i) {
        const MeshData& data = model.meshes[i];
        geometries.push_back(data.positions.empty() ? nullptr
                                                    : std::make_shared<Geometry>(data, str(model.sourceName, ": ", data.name)));
    }

    // Skinned and morphed meshes: morph targets are shared by every node drawing the mesh;
    // joint boxes by every node drawing it with one skin; joint and weight textures are each
    // node's own.
    std::vector<std::shared_ptr<const MorphTargetTexture>> morphTextures(model.meshes.size());
    std::map<std::pair<int, int>, std::shared_ptr<const JointBoxes>> jointBoxes;
    auto deformationFor = [&](const ImportedNode& n) -> std::shared_ptr<MeshDeformation> {
        const MeshData& data = model.meshes[size_t(n.mesh)];
        bool skinned = n.skin >= 0 && n.skin < int(model.skins.size()) && data.skinned();
        if (!skinned && data.targets.empty()) return nullptr;
        auto& targets = morphTextures[size_t(n.mesh)];
        if (!targets && !data.targets.empty())
            targets = std::make_shared<MorphTargetTexture>(data, options.maxTextureSize, str(model.sourceName, ": ", data.name));
        std::shared_ptr<const JointBoxes> boxes;
        size_t joints = 0;
        if (skinned) {
            const Skin& skin = model.skins[size_t(n.skin)];
            joints = skin.joints.size();
            auto& b = jointBoxes[{n.mesh, n.skin}];
            if (!b) b = std::make_shared<JointBoxes>(JointBoxes::compute(data, skin.joints.size()));
            boxes = b;
        }
        return std::make_shared<MeshDeformation>(joints, int(data.influences()), boxes, targets,
                                                 str(model.sourceName, ": ", n.name));
    };
    std::vector<Node*> nodeOf(model.nodes.size(), nullptr);

    Node& root = parent.addChild(model.sourceName);
    out.root = &root;
    std::vector<glm::mat4> worlds = model.worldMatrices();
    // An explicit stack, not recursion: a hierarchy from a file may be deep (a 10,000-level
    // chain overflowed the stack here). The scene's own walks (world transforms, bounds,
    // drawing, destruction) recurse per level, so depth is limited as the importer limits it.
    struct Pending {
        int index;
        Node* under;
        int depth;
    };
    std::vector<Pending> stack;
    for (auto r = model.rootNodes.rbegin(); r != model.rootNodes.rend(); ++r) stack.push_back({*r, &root, 1});
    while (!stack.empty()) {
        auto [index, under, depth] = stack.back();
        stack.pop_back();
        if (index < 0 || size_t(index) >= model.nodes.size())
            throw Error(SourceLocation{model.sourceName}, str("node ", index, " does not exist (", model.nodes.size(), " nodes)"));
        if (depth > kMaxNodeDepth)
            throw Error(SourceLocation{model.sourceName}, str("node ", index, " is ", depth, " levels deep; the hierarchy may be at most ",
                                                              kMaxNodeDepth, " levels deep"));
        const ImportedNode& n = model.nodes[size_t(index)];
        Node& node = under->addChild(n.name);
        nodeOf[size_t(index)] = &node;
        node.transform = Transform::fromMatrix(n.local);
        if (n.mesh >= 0 && n.mesh < int(geometries.size()) && geometries[size_t(n.mesh)]) {
            auto geometry = geometries[size_t(n.mesh)];
            auto meshWith = [&](const std::string& name, std::vector<glm::mat4> instanceMatrices) {
                auto mesh = std::make_shared<Mesh>(name, geometry);
                for (auto& s : geometry->submeshes()) {
                    mesh->parts().push_back({s.firstIndex, s.indexCount, materialFor(s.material), s.topology, s.hasNormals});
                    if (s.variantMaterials.empty()) continue;
                    LoadedModel::VariantPart part{mesh, mesh->parts().size() - 1, mesh->parts().back().material, {}};
                    for (auto [variant, material] : s.variantMaterials) part.variantMaterials.emplace_back(variant, materialFor(material));
                    out.variantParts.push_back(std::move(part));
                }
                if (!instanceMatrices.empty()) {
                    auto instances = std::make_shared<InstanceBuffer>(str(name, " instances"));
                    instances->setMatrices(std::move(instanceMatrices));
                    mesh->setInstances(instances);
                }
                return mesh;
            };
            // One draw has one winding, so instances that mirror (negative determinant) are
            // drawn by a second mesh on a child node; the renderer flips its winding.
            std::vector<glm::mat4> upright, mirrored;
            for (const glm::mat4& m : n.instances) (glm::determinant(glm::mat3(m)) < 0.0f ? mirrored : upright).push_back(m);
            // Instances share the node's pose (one skeleton for all of them), mirrored ones too.
            auto deformation = deformationFor(n);
            if (!upright.empty() && !mirrored.empty()) {
                node.mesh = meshWith(n.name, std::move(upright));
                auto& mirror = node.addChild(str(n.name, " (mirrored instances)"));
                mirror.mesh = meshWith(str(n.name, " (mirrored instances)"), std::move(mirrored));
                mirror.mesh->setDeformation(deformation);
            } else {
                node.mesh = meshWith(n.name, n.instances);
            }
            node.mesh->setDeformation(deformation);
        }
        const glm::mat4& world = worlds[size_t(index)];
        // A node scaled to zero (or to non-finite values) leaves no direction to look or shine
        // in: normalizing it would give NaN and a black frame in silence.
        const glm::vec3 back = glm::vec3(world * glm::vec4(0, 0, -1, 0));
        const glm::vec3 upward = glm::vec3(world * glm::vec4(0, 1, 0, 0));
        auto usable = [](const glm::vec3& v) {
            const float length = glm::length(v);
            return std::isfinite(length) && length > 1e-12f;
        };
        const bool oriented = usable(back) && usable(upward) && usable(glm::cross(back, upward));
        const int nodeIndex = index; // a lambda cannot capture a structured binding (C++17)
        auto degenerate = [&](const char* what, int object) {
            ImportWarning w;
            w.where = SourceLocation{model.sourceName};
            w.pointer = str("/nodes/", nodeIndex);
            w.message = str(what, " ", object, " on node ", nodeIndex, n.name.empty() ? "" : str(" '", n.name, "'"),
                            ": the node's transform scales to zero or is not finite, so it has no direction; the ",
                            what, " is left out");
            out.warnings.push_back(std::move(w));
        };
        const bool directional = n.light >= 0 && n.light < int(model.lights.size()) &&
                                 model.lights[size_t(n.light)].type != ImportedLight::Type::Point;
        if (options.importLights && directional && !oriented) {
            degenerate("light", n.light);
        } else if (n.light >= 0 && n.light < int(model.lights.size()) && options.importLights) {
            const ImportedLight& l = model.lights[size_t(n.light)];
            Light light;
            light.name = l.name;
            light.type = l.type == ImportedLight::Type::Directional ? LightType::Directional
                         : l.type == ImportedLight::Type::Spot      ? LightType::Spot
                                                                     : LightType::Point;
            light.color = l.color;
            light.intensity = l.intensity;
            light.range = l.range.value_or(0.0f);
            light.innerConeAngle = l.innerConeAngle;
            light.outerConeAngle = l.outerConeAngle;
            light.position = glm::vec3(world[3]);
            light.direction = glm::normalize(back);
            scene.lights.push_back(light);
            ++out.lightsAdded;
        }
        if (n.camera >= 0 && n.camera < int(model.cameras.size()) && !oriented) {
            degenerate("camera", n.camera);
        } else if (n.camera >= 0 && n.camera < int(model.cameras.size())) {
            const ImportedCamera& c = model.cameras[size_t(n.camera)];
            Camera camera;
            camera.position = glm::vec3(world[3]);
            camera.target = camera.position + glm::normalize(back);
            camera.up = glm::normalize(upward);
            camera.nearPlane = c.znear;
            if (c.type == ImportedCamera::Type::Perspective) {
                camera.yfov = c.yfov;
                camera.farPlane = c.zfar.value_or(c.znear * 100000.0f);
                if (c.aspectRatio) camera.aspect = *c.aspectRatio;
            } else {
                camera.orthographic = true;
                camera.ymag = std::fabs(c.ymag);
                camera.aspect = std::fabs(c.xmag / c.ymag); // the file's shape until a viewport sets its own
                camera.farPlane = c.zfar.value_or(c.znear + 100.0f);
            }
            out.cameras.push_back(LoadedCamera{camera, c.name, n.camera});
        }
        for (auto c = n.children.rbegin(); c != n.children.rend(); ++c) stack.push_back({*c, &node, depth + 1});
    }
    bool animated = !model.animations.empty() || !model.skins.empty();
    for (const MeshData& m : model.meshes) animated = animated || !m.targets.empty();
    if (animated) {
        std::shared_ptr<const AnimationRig> rig = options.sharedRig;
        if (!rig || rig->nodes.size() != model.nodes.size()) rig = std::make_shared<AnimationRig>(model.animationRig());
        out.animation = std::make_shared<ModelAnimation>(rig, nodeOf);
        out.animation->update(0.0f); // the rest pose: joint matrices and default weights uploaded
        scene.animations.push_back(out.animation);
    }
    root.updateWorld(parent.world());
    out.bounds = root.subtreeBounds();
    // The importer has logged its own warnings; only those added here are new.
    for (size_t i = model.warnings.size(); i < out.warnings.size(); ++i) logWarning(out.warnings[i].toString());
    return out;
}

} // namespace th
