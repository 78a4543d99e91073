#pragma once
// A glTF skin: the joints (rig node indices) a skinned mesh's vertices follow and the matrices
// that take the mesh from its bind pose into each joint's space.
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace th {

struct Skin {
    std::string name;
    std::vector<int> joints;                    ///< rig node indices
    std::vector<glm::mat4> inverseBindMatrices; ///< one per joint (identity when the file gives none)
    int skeleton = -1;                          ///< the skeleton's root node, informative only
};

} // namespace th
