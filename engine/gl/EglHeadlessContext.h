#pragma once
// A context with no window: EGL on Mesa's surfaceless platform (llvmpipe on a CI machine),
// or on the EGL device platform when a hardware driver offers one (NVIDIA without X). It has
// no default framebuffer; everything renders into framebuffer objects.
#include "gl/Context.h"

namespace th {

class EglHeadlessContext final : public Context {
public:
    /// Throws th::Error naming the API asked for and what the driver offers when it cannot.
    explicit EglHeadlessContext(const ContextDesc& desc);
    ~EglHeadlessContext() override;

    void makeCurrent() override;
    bool isWindow() const override { return false; }
    glm::ivec2 framebufferSize() const override { return mSize; }

private:
    void* mDisplay = nullptr;
    void* mContext = nullptr;
    glm::ivec2 mSize;
};

} // namespace th
