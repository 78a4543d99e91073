#pragma once
// Shader programs built from pipeline output (ShaderText), so a driver's error points at the
// shader file, include or plugin snippet line that caused it, not at line 4113 of a blob.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/Error.h"
#include "gl/GlObject.h"
#include "shader/LineMap.h"

namespace th {

struct ProgramSource {
    std::string label;
    ShaderText vertex;
    ShaderText fragment;
    /// Attribute name → location, bound before linking (GLSL ES 3.00 shaders written with
    /// `attribute` carry no layout qualifiers).
    std::vector<std::pair<std::string, GLuint>> attributeLocations;
};

/// A compile or link failure, with the driver's log rewritten to source origins.
class ShaderCompileError : public Error {
public:
    ShaderCompileError(std::string label, std::string stage, std::string mappedLog);
    const std::string& label() const { return mLabel; }
    const std::string& stage() const { return mStage; } ///< "vertex", "fragment" or "link"
    const std::string& log() const { return mLog; }

private:
    std::string mLabel, mStage, mLog;
};

struct ActiveResource {
    std::string name;
    GLenum type = 0; ///< sampler type for samplers; 0 for blocks
    int arraySize = 1;
    int dataSize = 0; ///< uniform block size in bytes
};

class Program;

/// A program whose compile and link were handed to the driver but maybe not finished. With
/// KHR_parallel_shader_compile the driver works in the background and ready() polls it;
/// without, ready() is always true and finish() does the work.
class PendingProgram {
public:
    PendingProgram() = default;
    PendingProgram(PendingProgram&&) noexcept = default;
    PendingProgram& operator=(PendingProgram&&) noexcept = default;

    bool ready() const;
    /// Waits if needed; returns the linked program or throws ShaderCompileError.
    Program finish();
    const std::string& label() const { return mSource.label; }

private:
    friend class Program;
    ProgramSource mSource;
    GlObject mProgram, mVertex, mFragment;
};

class Program : public GlObject {
public:
    Program() = default;

    /// Compiles and links now; throws ShaderCompileError with mapped logs.
    static Program build(const ProgramSource& source);
    /// Starts compiling and linking; see PendingProgram.
    static PendingProgram start(ProgramSource source);
    /// Recreates a program from glGetProgramBinary output; an empty Program when the driver
    /// rejects it (a driver update), so the caller compiles from source instead.
    static Program fromBinary(GLenum format, const std::vector<uint8_t>& bytes, std::string_view label);
    /// The driver's binary of this program (empty when unsupported).
    std::vector<uint8_t> binary(GLenum* format) const;

    GLint uniformLocation(std::string_view name) const;
    /// Assigns a block to a binding point; false when the program does not use the block.
    bool bindUniformBlock(std::string_view name, GLuint binding) const;
    /// Points a sampler uniform at a texture unit; false when the program does not use it.
    bool setSamplerUnit(std::string_view name, int unit) const;

    std::vector<ActiveResource> activeUniformBlocks() const;
    std::vector<ActiveResource> activeSamplers() const;
    void use() const { StateCache::current()->useProgram(id()); }

private:
    friend class PendingProgram;
    explicit Program(GLuint id) : GlObject(GlObjectKind::Program, id) {}
};

} // namespace th
