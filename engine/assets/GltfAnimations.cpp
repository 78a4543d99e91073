// Animations: samplers and channels into clips (glTF 2.0 "Animations"). A broken sampler or
// channel drops its clip, with a message naming the file, the animation and the index.
#include <optional>

#include "assets/GltfAnimationImport.h"
#include "core/Str.h"

namespace th {

namespace {

std::optional<AnimationPath> pathOf(const std::string& p) {
    if (p == "translation") return AnimationPath::Translation;
    if (p == "rotation") return AnimationPath::Rotation;
    if (p == "scale") return AnimationPath::Scale;
    if (p == "weights") return AnimationPath::Weights;
    return std::nullopt;
}

std::optional<Interpolation> interpolationOf(const std::string& i) {
    if (i.empty() || i == "LINEAR") return Interpolation::Linear;
    if (i == "STEP") return Interpolation::Step;
    if (i == "CUBICSPLINE") return Interpolation::CubicSpline;
    return std::nullopt;
}

// Thrown inside one animation to drop it; caught below.
struct BrokenClip {
    std::string code; // a string: it may come from an exception that is gone when this is caught
    std::string pointer;
    std::string why;
};

} // namespace

void readGltfAnimations(GltfImportContext& ctx) {
    ImportedModel& out = ctx.out;
    const tinygltf::Model& model = ctx.model;
    for (size_t a = 0; a < model.animations.size(); ++a) {
        const tinygltf::Animation& src = model.animations[a];
        const std::string label = src.name.empty() ? str("animation ", a) : str("animation ", a, " '", src.name, "'");
        AnimationClip clip;
        clip.name = src.name.empty() ? str("animation ", a) : src.name;
        const std::string animation = str("/animations/", a);
        try {
            // Each sampler's width follows from the channels that read it.
            std::vector<size_t> width(src.samplers.size(), 0);
            std::vector<char> quaternion(src.samplers.size(), 0);
            for (size_t c = 0; c < src.channels.size(); ++c) {
                const tinygltf::AnimationChannel& ch = src.channels[c];
                std::optional<AnimationPath> path = pathOf(ch.target_path);
                if (!path) {
                    ctx.warn("VALUE_NOT_IN_LIST", str(animation, "/channels/", c, "/target/path"),
                             str(label, ": channel ", c, " animates '", ch.target_path,
                                 "', which is not supported; that channel is ignored"));
                    continue;
                }
                if (ch.target_node < 0 || size_t(ch.target_node) >= out.nodes.size())
                    throw BrokenClip{"UNRESOLVED_REFERENCE", str(animation, "/channels/", c, "/target/node"),
                                     str("channel ", c, " targets node ", ch.target_node,
                                         ", which does not exist (the file has ", out.nodes.size(), " nodes)")};
                if (ch.sampler < 0 || size_t(ch.sampler) >= src.samplers.size())
                    throw BrokenClip{"UNRESOLVED_REFERENCE", str(animation, "/channels/", c, "/sampler"),
                                     str("channel ", c, " reads sampler ", ch.sampler,
                                         ", which does not exist (the animation has ", src.samplers.size(), ")")};
                size_t w = 3;
                if (*path == AnimationPath::Rotation) w = 4;
                if (*path == AnimationPath::Weights) {
                    const ImportedNode& node = out.nodes[size_t(ch.target_node)];
                    w = node.mesh >= 0 ? out.meshes[size_t(node.mesh)].targets.size() : 0;
                    if (w == 0)
                        throw BrokenClip{"ANIMATION_CHANNEL_TARGET_NODE_WEIGHTS_NO_MORPHS",
                                         str(animation, "/channels/", c, "/target/node"),
                                         str("channel ", c, " animates the weights of node ", ch.target_node,
                                             ", which has no morph targets")};
                }
                size_t& sw = width[size_t(ch.sampler)];
                if (sw != 0 && sw != w)
                    throw BrokenClip{"ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_FORMAT",
                                     str(animation, "/channels/", c, "/sampler"),
                                     str("sampler ", ch.sampler, " is read as ", sw, " and as ", w, " components")};
                sw = w;
                quaternion[size_t(ch.sampler)] = *path == AnimationPath::Rotation;
                clip.channels.push_back({ch.sampler, ch.target_node, *path});
            }
            for (size_t s = 0; s < src.samplers.size(); ++s) {
                const tinygltf::AnimationSampler& ss = src.samplers[s];
                AnimationSampler sampler;
                std::optional<Interpolation> interpolation = interpolationOf(ss.interpolation);
                if (!interpolation)
                    throw BrokenClip{"VALUE_NOT_IN_LIST", str(animation, "/samplers/", s, "/interpolation"),
                                     str("sampler ", s, ": interpolation '", ss.interpolation,
                                         "' is not STEP, LINEAR or CUBICSPLINE")};
                sampler.interpolation = *interpolation;
                sampler.width = width[s];
                sampler.quaternion = quaternion[s] != 0;
                if (sampler.width == 0) {
                    clip.samplers.push_back(std::move(sampler)); // no channel reads it
                    continue;
                }
                try {
                    AccessorFloats input = ctx.reader->readFloats(ss.input, {1}, str(label, " sampler ", s, " input"));
                    AccessorFloats output =
                        ctx.reader->readFloats(ss.output, {1, 2, 3, 4}, str(label, " sampler ", s, " output"));
                    sampler.times = std::move(input.values);
                    sampler.values = std::move(output.values);
                } catch (const Error& e) {
                    const auto* coded = dynamic_cast<const GltfError*>(&e);
                    throw BrokenClip{coded ? coded->code().c_str() : "ANIMATION_SAMPLER_INVALID",
                                     coded ? coded->pointer() : str(animation, "/samplers/", s),
                                     str("sampler ", s, ": ", e.message())};
                }
                if (sampler.values.size() % sampler.width != 0)
                    throw BrokenClip{
                        "ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT", str(animation, "/samplers/", s, "/output"),
                        str("sampler ", s, ": ", sampler.values.size(), " output values are not a whole number of ",
                            sampler.width, "-component values")};
                if (std::string why = sampler.validate(); !why.empty())
                    throw BrokenClip{"ANIMATION_SAMPLER_INPUT_ACCESSOR_INVALID",
                                     str(animation, "/samplers/", s, "/input"), str("sampler ", s, ": ", why)};
                clip.samplers.push_back(std::move(sampler));
            }
        } catch (const BrokenClip& broken) {
            ctx.warn(broken.code.c_str(), broken.pointer,
                     str(label, ": ", broken.why, "; the model loads without this clip"));
            continue;
        }
        if (clip.channels.empty()) {
            ctx.warn("EMPTY_ENTITY", animation + "/channels",
                     str(label, ": no channel it can play; the model loads without it"));
            continue;
        }
        out.animations.push_back(std::move(clip));
    }
}

} // namespace th
