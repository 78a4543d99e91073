#pragma once
// An effect: one compiled program for one (shader, pass, defines, plugin code, language)
// permutation, with the sources it was built from and the texture units its samplers use.
// It is Compiling until the driver is done (draws using it are skipped until then, never
// drawn with a half-built program), then Ready or Failed (with a message in source origins).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gl/Program.h"
#include "material/RenderPass.h"
#include "shader/Diagnostic.h"
#include "shader/ShaderInterface.h"

namespace th {

class Effect {
public:
    enum class State { Compiling, Ready, Failed };

    State state() const { return mState; }
    bool ready() const { return mState == State::Ready; }
    bool failed() const { return mState == State::Failed; }
    const std::string& label() const { return mLabel; }
    /// Why it failed: the build error, budget report or mapped driver log.
    const std::string& error() const { return mError; }
    const Program& program() const { return mProgram; }
    uint64_t id() const { return mId; }
    RenderPass pass() const { return mPass; }

    struct SamplerUnit {
        std::string name;
        int unit = 0;
        GLenum type = 0;
    };
    /// The samplers the linked program uses and the unit each is bound to.
    const std::vector<SamplerUnit>& samplers() const { return mSamplers; }

    const ShaderText& vertexSource() const { return mVertex; }
    const ShaderText& fragmentSource() const { return mFragment; }
    const ShaderInterface& vertexInterface() const { return mVertexInterface; }
    const ShaderInterface& fragmentInterface() const { return mFragmentInterface; }
    /// Lint findings (and driver warnings) in source origins.
    const std::vector<Diagnostic>& diagnostics() const { return mDiagnostics; }
    /// Texture units by stage, and uniform blocks by stage, as declared.
    int fragmentTextureUnits() const { return mFragmentInterface.textureUnits(); }
    /// Textures the unit budget dropped to fit this device, "sampler (owner)" (EffectCache::buildFittedSources).
    const std::vector<std::string>& droppedTextures() const { return mDroppedTextures; }
    int vertexTextureUnits() const { return mVertexInterface.textureUnits(); }

    double buildMilliseconds() const { return mBuildMs; }
    bool fromBinaryCache() const { return mFromBinary; }

private:
    friend class EffectCache;
    State mState = State::Compiling;
    std::string mLabel;
    std::string mError;
    RenderPass mPass = RenderPass::Main;
    uint64_t mId = 0;
    Program mProgram;
    PendingProgram mPending;
    std::vector<SamplerUnit> mSamplers;
    ShaderText mVertex, mFragment;
    ShaderInterface mVertexInterface, mFragmentInterface;
    std::vector<std::string> mDroppedTextures;
    std::vector<Diagnostic> mDiagnostics;
    std::vector<std::pair<std::string, unsigned>> mAttributes;
    double mBuildMs = 0;
    bool mFromBinary = false;
};

} // namespace th
