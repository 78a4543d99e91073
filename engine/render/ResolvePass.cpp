#include "render/FramePasses.h"

namespace th {

void runResolvePass(PassContext& frame) { frame.mainTarget.resolveInto(frame.frameTarget); }

} // namespace th
