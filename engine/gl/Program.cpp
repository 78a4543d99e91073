#include "gl/Program.h"

#include <algorithm>
#include <cctype>

#include "core/Log.h"
#include "core/Str.h"
#include "shader/DriverLogMapper.h"

namespace th {

ShaderCompileError::ShaderCompileError(std::string label, std::string stage, std::string mappedLog)
    : Error(str("program '", label, "': ", stage, " failed:\n", mappedLog)), mLabel(std::move(label)),
      mStage(std::move(stage)), mLog(std::move(mappedLog)) {}

namespace {

std::string infoLog(GLuint object, bool program) {
    GLint length = 0;
    program ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length) : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    std::string log(size_t(std::max(length, 1)), '\0');
    GLsizei written = 0;
    if (program) glGetProgramInfoLog(object, GLsizei(log.size()), &written, log.data());
    else glGetShaderInfoLog(object, GLsizei(log.size()), &written, log.data());
    log.resize(size_t(written));
    return log;
}

GlObject compileStage(GLenum type, const ShaderText& text, std::string_view label) {
    GlObject shader(GlObjectKind::Shader, glCreateShader(type));
    const char* src = text.text.c_str();
    GLint length = GLint(text.text.size());
    glShaderSource(shader.id(), 1, &src, &length);
    glCompileShader(shader.id());
    shader.setLabel(str(label, type == GL_VERTEX_SHADER ? " (vertex)" : " (fragment)"));
    return shader;
}

void checkStage(const GlObject& shader, const ShaderText& text, const std::string& label, const char* stage) {
    GLint ok = GL_FALSE;
    glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
    if (!ok) throw ShaderCompileError(label, str(stage, " compile"), DriverLogMapper::map(infoLog(shader.id(), false), text.lines));
}

} // namespace

bool PendingProgram::ready() const {
    if (!mProgram) return true;
    if (!epoxy_has_gl_extension("GL_KHR_parallel_shader_compile")) return true;
    GLint done = GL_FALSE;
    glGetProgramiv(mProgram.id(), GL_COMPLETION_STATUS_KHR, &done);
    return done == GL_TRUE;
}

Program PendingProgram::finish() {
    // Only after linking fails are the stages asked why: asking first would force the wait
    // that parallel compilation avoids.
    GLint linked = GL_FALSE;
    glGetProgramiv(mProgram.id(), GL_LINK_STATUS, &linked);
    if (!linked) {
        checkStage(mVertex, mSource.vertex, mSource.label, "vertex");
        checkStage(mFragment, mSource.fragment, mSource.label, "fragment");
        // Link errors name no line: each identifier they quote is traced to where each stage
        // declares it (a plugin's varying missing in one stage, a type mismatch).
        std::string log = DriverLogMapper::mapLink(infoLog(mProgram.id(), true), mSource.vertex, mSource.fragment);
        throw ShaderCompileError(mSource.label, "link", log);
    }
    glDetachShader(mProgram.id(), mVertex.id());
    glDetachShader(mProgram.id(), mFragment.id());
    Program program(mProgram.release());
    return program;
}

PendingProgram Program::start(ProgramSource source) {
    PendingProgram p;
    p.mVertex = compileStage(GL_VERTEX_SHADER, source.vertex, source.label);
    p.mFragment = compileStage(GL_FRAGMENT_SHADER, source.fragment, source.label);
    p.mProgram = GlObject(GlObjectKind::Program, glCreateProgram());
    glAttachShader(p.mProgram.id(), p.mVertex.id());
    glAttachShader(p.mProgram.id(), p.mFragment.id());
    for (auto& [name, location] : source.attributeLocations) glBindAttribLocation(p.mProgram.id(), location, name.c_str());
    glProgramParameteri(p.mProgram.id(), GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
    glLinkProgram(p.mProgram.id());
    p.mProgram.setLabel(source.label);
    p.mSource = std::move(source);
    return p;
}

Program Program::build(const ProgramSource& source) { return start(source).finish(); }

Program Program::fromBinary(GLenum format, const std::vector<uint8_t>& bytes, std::string_view label) {
    GlObject program(GlObjectKind::Program, glCreateProgram());
    glProgramBinary(program.id(), format, bytes.data(), GLsizei(bytes.size()));
    // A rejected binary raises GL_INVALID_ENUM on some drivers; drain it so it is not
    // reported against whatever runs next.
    while (glGetError() != GL_NO_ERROR) {}
    GLint linked = GL_FALSE;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
    if (!linked) return Program();
    program.setLabel(label);
    return Program(program.release());
}

std::vector<uint8_t> Program::binary(GLenum* format) const {
    GLint length = 0;
    glGetProgramiv(id(), GL_PROGRAM_BINARY_LENGTH, &length);
    std::vector<uint8_t> bytes(size_t(std::max(length, 0)));
    if (length <= 0) return bytes;
    GLsizei written = 0;
    glGetProgramBinary(id(), length, &written, format, bytes.data());
    bytes.resize(size_t(written));
    return bytes;
}

GLint Program::uniformLocation(std::string_view name) const {
    return glGetUniformLocation(id(), std::string(name).c_str());
}

bool Program::bindUniformBlock(std::string_view name, GLuint binding) const {
    GLuint index = glGetUniformBlockIndex(id(), std::string(name).c_str());
    if (index == GL_INVALID_INDEX) return false;
    glUniformBlockBinding(id(), index, binding);
    return true;
}

bool Program::setSamplerUnit(std::string_view name, int unit) const {
    GLint location = uniformLocation(name);
    if (location < 0) return false;
    use();
    glUniform1i(location, unit);
    return true;
}

std::vector<ActiveResource> Program::activeUniformBlocks() const {
    GLint count = 0;
    glGetProgramiv(id(), GL_ACTIVE_UNIFORM_BLOCKS, &count);
    std::vector<ActiveResource> out;
    for (GLint i = 0; i < count; ++i) {
        char name[256];
        GLsizei length = 0;
        glGetActiveUniformBlockName(id(), GLuint(i), sizeof name, &length, name);
        GLint size = 0;
        glGetActiveUniformBlockiv(id(), GLuint(i), GL_UNIFORM_BLOCK_DATA_SIZE, &size);
        out.push_back({std::string(name, size_t(length)), 0, 1, size});
    }
    return out;
}

static bool isSamplerType(GLenum type) {
    switch (type) {
    case GL_SAMPLER_2D: case GL_SAMPLER_3D: case GL_SAMPLER_CUBE: case GL_SAMPLER_2D_SHADOW:
    case GL_SAMPLER_2D_ARRAY: case GL_SAMPLER_2D_ARRAY_SHADOW: case GL_SAMPLER_CUBE_SHADOW:
    case GL_INT_SAMPLER_2D: case GL_INT_SAMPLER_3D: case GL_INT_SAMPLER_CUBE: case GL_INT_SAMPLER_2D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D: case GL_UNSIGNED_INT_SAMPLER_3D: case GL_UNSIGNED_INT_SAMPLER_CUBE:
    case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY: return true;
    default: return false;
    }
}

std::vector<ActiveResource> Program::activeSamplers() const {
    GLint count = 0;
    glGetProgramiv(id(), GL_ACTIVE_UNIFORMS, &count);
    std::vector<ActiveResource> out;
    for (GLint i = 0; i < count; ++i) {
        char name[256];
        GLsizei length = 0;
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(id(), GLuint(i), sizeof name, &length, &size, &type, name);
        if (isSamplerType(type)) out.push_back({std::string(name, size_t(length)), type, size, 0});
    }
    return out;
}

} // namespace th
