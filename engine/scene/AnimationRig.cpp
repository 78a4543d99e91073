#include "scene/AnimationRig.h"

#include <charconv>

namespace th {

const char* animationPathName(AnimationPath p) {
    switch (p) {
    case AnimationPath::Translation: return "translation";
    case AnimationPath::Rotation: return "rotation";
    case AnimationPath::Scale: return "scale";
    case AnimationPath::Weights: return "weights";
    }
    return "?";
}

int AnimationRig::findClip(std::string_view name) const {
    for (size_t i = 0; i < clips.size(); ++i)
        if (clips[i].name == name) return int(i);
    int index = -1;
    auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), index);
    if (ec != std::errc() || end != name.data() + name.size() || index < 0 || index >= int(clips.size())) return -1;
    return index;
}

std::vector<int> AnimationRig::parentFirstOrder() const {
    std::vector<std::vector<int>> children(nodes.size());
    std::vector<int> order;
    order.reserve(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        int p = nodes[i].parent;
        if (p < 0 || p >= int(nodes.size()))
            order.push_back(int(i));
        else
            children[size_t(p)].push_back(int(i));
    }
    for (size_t next = 0; next < order.size(); ++next)
        for (int c : children[size_t(order[next])]) order.push_back(c);
    return order;
}

} // namespace th
