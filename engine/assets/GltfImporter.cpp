#include "assets/GltfImporter.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <tiny_gltf.h>

#include "assets/GltfAccessorReader.h"
#include "assets/ImageLoader.h"
#include "assets/MeshAppend.h"
#include "assets/ModelUri.h"
#include "assets/TangentGenerator.h"
#include "core/Files.h"
#include "core/Json.h"
#include "core/Log.h"
#include "core/Str.h"

namespace th {

namespace fs = std::filesystem;

namespace {

/// The extensions whose data the importer reads; a file may require any of these.
const char* const kSupportedExtensions[] = {
    "KHR_texture_transform", "KHR_materials_emissive_strength", "KHR_materials_ior",     "KHR_materials_unlit",
    "KHR_lights_punctual",   "EXT_mesh_gpu_instancing",         "KHR_mesh_quantization",
};

bool isSupportedExtension(const std::string& name) {
    for (const char* s : kSupportedExtensions)
        if (name == s) return true;
    return false;
}

// ---------------------------------------------------------------------------------------
// File access for tinygltf. tinygltf is given a base folder that exists nowhere, so every
// path it asks for is "<sentinel>/<its decoding of a URI>"; the callbacks answer only for
// URIs this importer has already resolved and checked, and refuse everything else. Nothing
// tinygltf does can therefore open a file outside the model's folder.

constexpr const char* kSentinelFolder = "\x01trailhead-model";

/// The decoding tinygltf applies to a URI before joining it to the base folder ('+' is a
/// space, "%xy" is a byte with non-hex digits read as 0), so that keys match its requests.
std::string tinygltfDecoded(const std::string& uri) {
    auto hex = [](unsigned char c) -> unsigned char {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return 0;
    };
    std::string out;
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '+') {
            out += ' ';
        } else if (uri[i] == '%' && uri.size() > i + 2) {
            out += char((hex((unsigned char)uri[i + 1]) << 4) | hex((unsigned char)uri[i + 2]));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

struct ExternalFile {
    fs::path path;
    uint64_t bytes = 0; ///< a buffer's byteLength (the read is cut to it); 0 = whole file
};

struct FileTable {
    std::map<std::string, ExternalFile> files;
    uint64_t maxBytes = 0;

    const ExternalFile* lookup(const std::string& requested) const {
        const std::string prefix = std::string(kSentinelFolder) + "/";
        if (requested.compare(0, prefix.size(), prefix) != 0) return nullptr;
        auto it = files.find(requested.substr(prefix.size()));
        return it == files.end() ? nullptr : &it->second;
    }
};

bool fsFileExists(const std::string& path, void* user) {
    return static_cast<const FileTable*>(user)->lookup(path) != nullptr;
}

std::string fsExpandFilePath(const std::string& path, void*) { return path; }

bool fsReadWholeFile(std::vector<unsigned char>* out, std::string* err, const std::string& path, void* user) {
    const FileTable* table = static_cast<const FileTable*>(user);
    const ExternalFile* file = table->lookup(path);
    if (!file) {
        if (err) *err += "refused: not a checked file of the model folder\n";
        return false;
    }
    try {
        std::error_code ec;
        uint64_t size = fs::file_size(file->path, ec);
        if (!ec && size > table->maxBytes) {
            if (err) *err += str("file is larger than the limit of ", table->maxBytes, " bytes\n");
            return false;
        }
        std::string bytes = readFile(file->path);
        if (file->bytes != 0 && bytes.size() > file->bytes) bytes.resize(size_t(file->bytes));
        out->assign(bytes.begin(), bytes.end());
        return true;
    } catch (const std::exception& e) {
        if (err) *err += std::string(e.what()) + "\n";
        return false;
    }
}

bool fsWriteWholeFile(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err) *err += "the importer never writes files\n";
    return false;
}

/// Keeps the encoded bytes of URI images (decoded later, with size limits and fallbacks).
/// Images in buffer views are left alone: tinygltf hands over a pointer it has not
/// bounds-checked, so those bytes are taken from the buffer view later, after checking.
bool captureImageBytes(tinygltf::Image* image, const int, std::string*, std::string*, int, int,
                       const unsigned char* bytes, int size, void*) {
    if (image->bufferView >= 0) return true;
    if (bytes && size > 0) image->image.assign(bytes, bytes + size);
    image->as_is = true;
    return true;
}

uint32_t readU32(std::string_view bytes, size_t offset) {
    uint32_t v = 0;
    std::memcpy(&v, bytes.data() + offset, 4); // glTF binary is little-endian, as are our targets
    return v;
}

/// tinygltf numbers are doubles or ints; an index must be an integral value in range.
std::optional<int> asIndex(const tinygltf::Value& v) {
    if (v.IsInt()) return v.GetNumberAsInt();
    if (v.IsReal()) {
        double d = v.GetNumberAsDouble();
        if (std::isfinite(d) && d == std::floor(d) && d >= 0.0 && d <= 2147483647.0) return int(d);
    }
    return std::nullopt;
}

std::optional<float> asFloat(const tinygltf::Value& v) {
    if (!v.IsNumber()) return std::nullopt;
    return float(v.GetNumberAsDouble());
}

const tinygltf::Value* findExtension(const tinygltf::ExtensionMap& extensions, const char* name) {
    auto it = extensions.find(name);
    return it == extensions.end() || !it->second.IsObject() ? nullptr : &it->second;
}

const char* modeName(int mode) {
    switch (mode) {
    case TINYGLTF_MODE_POINTS: return "points";
    case TINYGLTF_MODE_LINE: return "lines";
    case TINYGLTF_MODE_LINE_LOOP: return "a line loop";
    case TINYGLTF_MODE_LINE_STRIP: return "a line strip";
    default: return "?";
    }
}

class Importer {
public:
    Importer(std::string_view bytes, fs::path folder, std::string displayName, const GltfImportOptions& options)
        : mBytes(bytes), mFolder(std::move(folder)), mName(std::move(displayName)), mOptions(options) {}

    ImportedModel run() {
        mOut.sourceName = mName;
        if (mOptions.maxFileBytes < mBytes.size())
            throw Error(SourceLocation{mName},
                        str("file is ", mBytes.size(), " bytes, more than the limit of ", mOptions.maxFileBytes));
        splitContainer();
        prepass();
        load();
        convertImages();
        convertTextures();
        convertMaterials();
        convertMeshes();
        assignColorSpaces();
        convertCameras();
        convertLights();
        convertNodes();
        convertScene();
        reportUnsupported();
        return std::move(mOut);
    }

private:
    // --- messages ------------------------------------------------------------------------

    /// Where element `index` of the top-level array `array` starts in the JSON.
    SourceLocation at(const char* array, int index) const { return atPath({array}, index); }

    SourceLocation atPath(std::initializer_list<const char*> path, int index) const {
        const json::Value* v = &mDoc;
        for (const char* key : path) {
            v = v->isObject() ? v->find(key) : nullptr;
            if (!v) return SourceLocation{mJsonName};
        }
        if (v->isArray() && index >= 0 && size_t(index) < v->asArray().size())
            return v->asArray()[size_t(index)].where();
        return SourceLocation{mJsonName};
    }

    void warn(SourceLocation where, std::string message) {
        ImportWarning w{std::move(where), std::move(message)};
        logWarning("glTF: ", w.toString());
        mOut.warnings.push_back(std::move(w));
    }

    std::string meshLabel(int mesh) const {
        const std::string& name = mModel.meshes[size_t(mesh)].name;
        return name.empty() ? str("mesh ", mesh) : str("mesh ", mesh, " '", name, "'");
    }

    // --- container and pre-pass ----------------------------------------------------------

    /// Finds the JSON text: the whole file, or the first chunk of a .glb (whose layout is
    /// checked here so that a truncated file says so plainly).
    void splitContainer() {
        const SourceLocation file{mName};
        mIsBinary = mBytes.size() >= 4 && std::memcmp(mBytes.data(), "glTF", 4) == 0;
        if (!mIsBinary) {
            if (endsWith(mName, ".glb") || endsWith(mName, ".GLB"))
                throw Error(file, "not a binary glTF file: it does not start with the 'glTF' magic");
            mJson = mBytes;
            mJsonName = mName;
            if (mJson.empty()) throw Error(file, "file is empty");
            return;
        }
        if (mBytes.size() < 20)
            throw Error(file, str("truncated .glb: a binary glTF has at least 20 bytes of headers, this file has ",
                                  mBytes.size()));
        uint32_t version = readU32(mBytes, 4), length = readU32(mBytes, 8);
        if (version != 2)
            throw Error(file, str("binary glTF version ", version, " is not supported; only version 2 is"));
        if (length > mBytes.size())
            throw Error(file, str("truncated .glb: its header says ", length, " bytes, the file has ", mBytes.size()));
        if (length < 20) throw Error(file, str("malformed .glb: its header says it is ", length, " bytes long"));
        uint32_t jsonLength = readU32(mBytes, 12), jsonType = readU32(mBytes, 16);
        if (jsonType != 0x4E4F534A) throw Error(file, "malformed .glb: the first chunk is not the JSON chunk");
        if (jsonLength > length - 20)
            throw Error(
                file, str("truncated .glb: the JSON chunk says ", jsonLength, " bytes, only ", length - 20, " follow"));
        uint64_t next = 20 + uint64_t(jsonLength);
        if (next < length) {
            if (length - next < 8) throw Error(file, "truncated .glb: a chunk header is cut short");
            uint32_t binLength = readU32(mBytes, size_t(next));
            if (binLength > length - next - 8)
                throw Error(file, str("truncated .glb: the BIN chunk says ", binLength, " bytes, only ",
                                      length - next - 8, " follow"));
        }
        mBytes = mBytes.substr(0, length);
        mJson = mBytes.substr(20, jsonLength);
        mJsonName = mName + " (JSON chunk)";
    }

    /// Parses the JSON with positions (for messages), then settles everything that must be
    /// decided before tinygltf runs: version, required extensions, and every external URI
    /// (resolved, kept inside the folder, checked to exist).
    void prepass() {
        try {
            mDoc = json::parse(mJson, mJsonName);
        } catch (const Error& e) {
            throw Error(e.where(), "malformed glTF JSON: " + e.message());
        }
        if (!mDoc.isObject()) throw Error(mDoc.where(), "a glTF file must be a JSON object");
        const json::Value* asset = mDoc.find("asset");
        const json::Value* version = asset && asset->isObject() ? asset->find("version") : nullptr;
        if (!version || !version->isString())
            throw Error(asset ? asset->where() : mDoc.where(), "missing asset.version; is this a glTF 2.0 file?");
        if (!startsWith(version->asString(), "2."))
            throw Error(version->where(),
                        str("glTF version '", version->asString(), "' is not supported; only 2.x is"));

        if (const json::Value* required = mDoc.find("extensionsRequired"); required && required->isArray())
            for (const json::Value& name : required->asArray()) {
                if (!name.isString()) throw Error(name.where(), "extensionsRequired must list strings");
                if (!isSupportedExtension(name.asString())) {
                    std::vector<std::string> supported(std::begin(kSupportedExtensions),
                                                       std::end(kSupportedExtensions));
                    throw Error(name.where(),
                                str("the model requires extension '", name.asString(),
                                    "', which is not supported (supported: ", join(supported, ", "), ")"));
                }
            }
        if (const json::Value* used = mDoc.find("extensionsUsed"); used && used->isArray())
            for (const json::Value& name : used->asArray())
                if (name.isString() && !isSupportedExtension(name.asString()))
                    logInfo("glTF: ", mName, ": ignoring optional extension ", name.asString());

        mFiles.maxBytes = mOptions.maxFileBytes;
        if (const json::Value* buffers = mDoc.find("buffers"); buffers && buffers->isArray())
            for (size_t i = 0; i < buffers->asArray().size(); ++i) checkBufferUri(buffers->asArray()[i], int(i));
        if (const json::Value* images = mDoc.find("images"); images && images->isArray())
            for (size_t i = 0; i < images->asArray().size(); ++i) checkImageUri(images->asArray()[i], int(i));
    }

    void checkBufferUri(const json::Value& buffer, int index) {
        const json::Value* uriValue = buffer.isObject() ? buffer.find("uri") : nullptr;
        if (!uriValue || !uriValue->isString() || isDataUri(uriValue->asString())) return;
        const std::string& uri = uriValue->asString();
        SourceLocation where = uriValue->where();
        fs::path path = resolveModelUri(mFolder, uri, where);
        std::error_code ec;
        if (!fs::is_regular_file(path, ec))
            throw Error(where, str("buffer ", index, ": file '", uriForMessage(uri), "' not found in the model folder '",
                                   mFolder.string(), "'"));
        uint64_t size = fs::file_size(path, ec);
        if (ec) throw Error(where, str("buffer ", index, ": cannot read the size of '", uriForMessage(uri), "'"));
        if (size > mOptions.maxFileBytes)
            throw Error(where, str("buffer ", index, ": '", uriForMessage(uri), "' is ", size, " bytes, more than the limit of ",
                                   mOptions.maxFileBytes));
        uint64_t declared = 0;
        if (const json::Value* length = buffer.find("byteLength");
            length && length->isNumber() && length->asNumber() >= 0)
            declared = uint64_t(std::min(length->asNumber(), 1e18));
        if (declared > size)
            throw Error(where, str("buffer ", index, ": '", uriForMessage(uri), "' is ", size, " bytes, shorter than its byteLength ",
                                   declared));
        mFiles.files[tinygltfDecoded(uri)] = ExternalFile{path, declared};
    }

    void checkImageUri(const json::Value& image, int index) {
        const json::Value* uriValue = image.isObject() ? image.find("uri") : nullptr;
        if (!uriValue || !uriValue->isString() || isDataUri(uriValue->asString())) return;
        const std::string& uri = uriValue->asString();
        SourceLocation where = uriValue->where();
        fs::path path = resolveModelUri(mFolder, uri, where); // escaping is an error, not a fallback
        std::error_code ec;
        uint64_t size = fs::is_regular_file(path, ec) ? fs::file_size(path, ec) : 0;
        if (ec || size == 0) {
            warn(where, str("image ", index, ": file '", uriForMessage(uri),
                            "' not found (or empty) in the model folder; a checker texture stands in"));
            mImagesReported.insert(index);
            return;
        }
        if (size > mOptions.maxFileBytes) {
            warn(where, str("image ", index, ": '", uriForMessage(uri), "' is ", size,
                            " bytes, more than the limit; a checker texture stands in"));
            mImagesReported.insert(index);
            return;
        }
        mFiles.files[tinygltfDecoded(uri)] = ExternalFile{path, 0};
    }

    // --- tinygltf --------------------------------------------------------------------------

    void load() {
        tinygltf::TinyGLTF loader;
        loader.SetFsCallbacks(
            tinygltf::FsCallbacks{&fsFileExists, &fsExpandFilePath, &fsReadWholeFile, &fsWriteWholeFile, &mFiles});
        loader.SetImageLoader(&captureImageBytes, nullptr);
        std::string err, warnings;
        bool ok = false;
        try {
            const auto* data = reinterpret_cast<const unsigned char*>(mBytes.data());
            if (mIsBinary)
                ok = loader.LoadBinaryFromMemory(&mModel, &err, &warnings, data, unsigned(mBytes.size()),
                                                 kSentinelFolder);
            else
                ok = loader.LoadASCIIFromString(&mModel, &err, &warnings, mBytes.data(), unsigned(mBytes.size()),
                                                kSentinelFolder);
        } catch (const std::exception& e) {
            ok = false;
            err += e.what();
        }
        for (std::string_view line : split(warnings, '\n'))
            if (!trim(line).empty()) logDebug("glTF: ", mName, ": tinygltf: ", trim(line));
        if (!ok) {
            std::string message = std::string(trim(err));
            for (char& c : message)
                if (c == '\n') c = ';';
            // tinygltf names the sentinel folder in file errors; the user knows the folder.
            const std::string folder = mFolder.string();
            for (size_t p = 0; (p = message.find(kSentinelFolder, p)) != std::string::npos; p += folder.size())
                message.replace(p, std::strlen(kSentinelFolder), folder);
            if (message.size() > 600) message = message.substr(0, 600) + "...";
            throw Error(SourceLocation{mJsonName},
                        str("invalid glTF: ", message.empty() ? "tinygltf gave no reason" : message));
        }
        mReader.emplace(mModel, GltfAccessorLimits{mOptions.maxAccessorElements, mOptions.maxTotalElements},
                        [this](int accessor) { return at("accessors", accessor); });
    }

    // --- images and textures ---------------------------------------------------------------

    void convertImages() {
        for (size_t i = 0; i < mModel.images.size(); ++i) {
            const tinygltf::Image& src = mModel.images[i];
            ImportedImage image;
            image.name = !src.name.empty()                         ? src.name
                         : !src.uri.empty() && !isDataUri(src.uri) ? uriForMessage(src.uri)
                                                                   : str("image ", i);
            image.pixels = decodeOrFallback(int(i), image.name, image.fallback);
            mOut.images.push_back(std::move(image));
        }
    }

    ImageRgba8 decodeOrFallback(int index, const std::string& name, bool& fallback) {
        const tinygltf::Image& src = mModel.images[size_t(index)];
        SourceLocation where = at("images", index);
        if (!mOptions.decodeImages) {
            ImageRgba8 white(1, 1);
            std::fill(white.pixels.begin(), white.pixels.end(), uint8_t(255));
            return white;
        }
        std::string_view bytes;
        if (src.bufferView >= 0) {
            if (size_t(src.bufferView) >= mModel.bufferViews.size())
                throw Error(where, str("image ", index, ": bufferView ", src.bufferView, " does not exist"));
            const tinygltf::BufferView& view = mModel.bufferViews[size_t(src.bufferView)];
            if (view.buffer < 0 || size_t(view.buffer) >= mModel.buffers.size())
                throw Error(where, str("image ", index, ": bufferView ", src.bufferView,
                                       " names a buffer that does not exist"));
            const auto& data = mModel.buffers[size_t(view.buffer)].data;
            if (view.byteLength > data.size() || view.byteOffset > data.size() - view.byteLength)
                throw Error(where, str("image ", index, ": bufferView ", src.bufferView, " covers bytes [",
                                       view.byteOffset, ", ", uint64_t(view.byteOffset) + view.byteLength,
                                       ") of a buffer of ", data.size(), " bytes"));
            bytes = std::string_view(reinterpret_cast<const char*>(data.data()) + view.byteOffset, view.byteLength);
        } else if (src.as_is) {
            bytes = std::string_view(reinterpret_cast<const char*>(src.image.data()), src.image.size());
        }
        if (bytes.empty()) {
            if (!mImagesReported.count(index))
                warn(where, str("image ", index, " ('", name, "') has no data; a checker texture stands in"));
            fallback = true;
            return checkerImage(8);
        }
        try {
            return decodeImage(bytes, name, mOptions.maxImagePixels);
        } catch (const Error& e) {
            warn(where, str("image ", index, ": ", e.what(), "; a checker texture stands in"));
            fallback = true;
            return checkerImage(8);
        }
    }

    int fallbackImage() {
        if (mFallbackImage < 0) {
            ImportedImage image;
            image.name = "missing texture";
            image.pixels = checkerImage(8);
            image.fallback = true;
            mOut.images.push_back(std::move(image));
            mFallbackImage = int(mOut.images.size() - 1);
        }
        return mFallbackImage;
    }

    static TextureFilter filterOf(int value, bool minification) {
        switch (value) {
        case 9728: return TextureFilter::Nearest;
        case 9729: return TextureFilter::Linear;
        case 9984: return minification ? TextureFilter::NearestMipmapNearest : TextureFilter::Unset;
        case 9985: return minification ? TextureFilter::LinearMipmapNearest : TextureFilter::Unset;
        case 9986: return minification ? TextureFilter::NearestMipmapLinear : TextureFilter::Unset;
        case 9987: return minification ? TextureFilter::LinearMipmapLinear : TextureFilter::Unset;
        default: return TextureFilter::Unset;
        }
    }

    TextureWrap wrapOf(int value, int sampler) {
        switch (value) {
        case 10497: return TextureWrap::Repeat;
        case 33071: return TextureWrap::ClampToEdge;
        case 33648: return TextureWrap::MirroredRepeat;
        default:
            warn(at("samplers", sampler),
                 str("sampler ", sampler, ": wrap mode ", value, " is not a glTF wrap mode; using REPEAT"));
            return TextureWrap::Repeat;
        }
    }

    void convertTextures() {
        for (size_t i = 0; i < mModel.textures.size(); ++i) {
            const tinygltf::Texture& src = mModel.textures[i];
            ImportedTexture texture;
            texture.name = src.name;
            if (src.sampler >= 0) {
                if (size_t(src.sampler) >= mModel.samplers.size())
                    throw Error(at("textures", int(i)),
                                str("texture ", i, ": sampler ", src.sampler, " does not exist"));
                const tinygltf::Sampler& s = mModel.samplers[size_t(src.sampler)];
                texture.sampler.minFilter = filterOf(s.minFilter, true);
                texture.sampler.magFilter = filterOf(s.magFilter, false);
                if ((s.minFilter != -1 && texture.sampler.minFilter == TextureFilter::Unset) ||
                    (s.magFilter != -1 && texture.sampler.magFilter == TextureFilter::Unset))
                    warn(at("samplers", src.sampler),
                         str("sampler ", src.sampler, ": unknown filter; the renderer's default is used"));
                texture.sampler.wrapS = wrapOf(s.wrapS, src.sampler);
                texture.sampler.wrapT = wrapOf(s.wrapT, src.sampler);
            }
            if (src.source >= 0) {
                if (size_t(src.source) >= mModel.images.size())
                    throw Error(at("textures", int(i)), str("texture ", i, ": image ", src.source, " does not exist"));
                texture.image = src.source;
            } else {
                warn(at("textures", int(i)), str("texture ", i,
                                                 " has no image source (perhaps only in an unsupported extension); a "
                                                 "checker texture stands in"));
                texture.image = fallbackImage();
            }
            mOut.textures.push_back(std::move(texture));
        }
        mTextureImage.resize(mOut.textures.size());
        for (size_t t = 0; t < mOut.textures.size(); ++t) mTextureImage[t] = mOut.textures[t].image;
    }

    // --- materials ---------------------------------------------------------------------------

    TextureSlot slotOf(const tinygltf::ExtensionMap& extensions, int index, int texCoord, int material,
                       const char* slotName) {
        TextureSlot slot;
        if (index < 0) return slot;
        if (size_t(index) >= mModel.textures.size())
            throw Error(at("materials", material),
                        str("material ", material, ": ", slotName, " uses texture ", index,
                            ", which does not exist (the file has ", mModel.textures.size(), ")"));
        slot.texture = index;
        slot.texCoord = texCoord;
        if (const tinygltf::Value* t = findExtension(extensions, "KHR_texture_transform")) {
            const tinygltf::Value& offset = t->Get("offset");
            if (offset.IsArray() && offset.ArrayLen() == 2 && offset.Get(0).IsNumber() && offset.Get(1).IsNumber())
                slot.transform.offset = {float(offset.Get(0).GetNumberAsDouble()),
                                         float(offset.Get(1).GetNumberAsDouble())};
            const tinygltf::Value& scale = t->Get("scale");
            if (scale.IsArray() && scale.ArrayLen() == 2 && scale.Get(0).IsNumber() && scale.Get(1).IsNumber())
                slot.transform.scale = {float(scale.Get(0).GetNumberAsDouble()),
                                        float(scale.Get(1).GetNumberAsDouble())};
            if (auto rotation = asFloat(t->Get("rotation"))) slot.transform.rotation = *rotation;
            if (auto set = asIndex(t->Get("texCoord"))) slot.texCoord = *set; // the extension overrides the set
        }
        if (slot.texCoord < 0 || slot.texCoord > 1) {
            warn(at("materials", material),
                 str("material ", material, ": ", slotName, " reads TEXCOORD_", slot.texCoord,
                     "; only TEXCOORD_0 and TEXCOORD_1 are imported, so TEXCOORD_0 is used"));
            slot.texCoord = 0;
        }
        return slot;
    }

    static bool vectorOf(const std::vector<double>& v, size_t n) { return v.size() == n; }

    void convertMaterials() {
        for (size_t i = 0; i < mModel.materials.size(); ++i) {
            const tinygltf::Material& src = mModel.materials[i];
            const int m = int(i);
            ImportedMaterial out;
            out.name = src.name.empty() ? str("material ", i) : src.name;
            PbrParams& p = out.params;
            const auto& pbr = src.pbrMetallicRoughness;
            if (!vectorOf(pbr.baseColorFactor, 4))
                throw Error(at("materials", m), str("material ", m, ": baseColorFactor must have 4 numbers"));
            p.baseColorFactor = glm::vec4(float(pbr.baseColorFactor[0]), float(pbr.baseColorFactor[1]),
                                          float(pbr.baseColorFactor[2]), float(pbr.baseColorFactor[3]));
            p.metallicFactor = float(pbr.metallicFactor);
            p.roughnessFactor = float(pbr.roughnessFactor);
            p.baseColorTexture = slotOf(pbr.baseColorTexture.extensions, pbr.baseColorTexture.index,
                                        pbr.baseColorTexture.texCoord, m, "baseColorTexture");
            p.metallicRoughnessTexture =
                slotOf(pbr.metallicRoughnessTexture.extensions, pbr.metallicRoughnessTexture.index,
                       pbr.metallicRoughnessTexture.texCoord, m, "metallicRoughnessTexture");
            p.normalTexture = slotOf(src.normalTexture.extensions, src.normalTexture.index, src.normalTexture.texCoord,
                                     m, "normalTexture");
            p.normalScale = float(src.normalTexture.scale);
            p.occlusionTexture = slotOf(src.occlusionTexture.extensions, src.occlusionTexture.index,
                                        src.occlusionTexture.texCoord, m, "occlusionTexture");
            p.occlusionStrength = float(src.occlusionTexture.strength);
            p.emissiveTexture = slotOf(src.emissiveTexture.extensions, src.emissiveTexture.index,
                                       src.emissiveTexture.texCoord, m, "emissiveTexture");
            if (src.emissiveFactor.empty()) {
                p.emissiveFactor = glm::vec3(0.0f);
            } else if (vectorOf(src.emissiveFactor, 3)) {
                p.emissiveFactor =
                    glm::vec3(float(src.emissiveFactor[0]), float(src.emissiveFactor[1]), float(src.emissiveFactor[2]));
            } else {
                throw Error(at("materials", m), str("material ", m, ": emissiveFactor must have 3 numbers"));
            }
            if (src.alphaMode == "OPAQUE")
                p.alphaMode = AlphaMode::Opaque;
            else if (src.alphaMode == "MASK")
                p.alphaMode = AlphaMode::Mask;
            else if (src.alphaMode == "BLEND")
                p.alphaMode = AlphaMode::Blend;
            else
                warn(at("materials", m), str("material ", m, ": alphaMode '", src.alphaMode,
                                             "' is not OPAQUE, MASK or BLEND; using OPAQUE"));
            p.alphaCutoff = float(src.alphaCutoff);
            p.doubleSided = src.doubleSided;
            if (const tinygltf::Value* e = findExtension(src.extensions, "KHR_materials_emissive_strength"))
                if (auto strength = asFloat(e->Get("emissiveStrength")); strength && *strength >= 0.0f)
                    p.emissiveStrength = *strength;
            if (const tinygltf::Value* e = findExtension(src.extensions, "KHR_materials_ior"))
                if (auto ior = asFloat(e->Get("ior"))) {
                    if (*ior >= 1.0f || *ior == 0.0f)
                        p.ior = *ior;
                    else
                        warn(at("materials", m), str("material ", m, ": ior ", *ior, " is below 1; using 1.5"));
                }
            p.unlit = findExtension(src.extensions, "KHR_materials_unlit") != nullptr;
            mOut.materials.push_back(std::move(out));
        }
    }

    // --- meshes ------------------------------------------------------------------------------

    /// One triangle-list primitive as its own small mesh, or nothing when it is skipped.
    std::optional<MeshData> convertPrimitive(int mesh, int index, const tinygltf::Primitive& prim) {
        const std::string label = str(meshLabel(mesh), " primitive ", index);
        const SourceLocation where = at("meshes", mesh);
        const int mode = prim.mode < 0 ? TINYGLTF_MODE_TRIANGLES : prim.mode;
        if (mode >= TINYGLTF_MODE_POINTS && mode <= TINYGLTF_MODE_LINE_STRIP) {
            warn(where, str(label, " draws ", modeName(mode), ", which the renderer does not support; skipped"));
            return std::nullopt;
        }
        if (mode > TINYGLTF_MODE_TRIANGLE_FAN)
            throw Error(where, str(label, ": mode ", mode, " is not a glTF primitive mode"));
        if (prim.material >= 0 && size_t(prim.material) >= mModel.materials.size())
            throw Error(where, str(label, ": material ", prim.material, " does not exist (the file has ",
                                   mModel.materials.size(), ")"));
        if (!prim.targets.empty()) mMorphTargets = true;

        auto attribute = [&](const char* name) -> int {
            auto it = prim.attributes.find(name);
            return it == prim.attributes.end() ? -1 : it->second;
        };
        const int positionAccessor = attribute("POSITION");
        if (positionAccessor < 0) {
            warn(where, str(label, " has no POSITION attribute; skipped"));
            return std::nullopt;
        }

        MeshData d;
        d.name = label;
        size_t nonFinite = 0;
        AccessorFloats positions = mReader->readFloats(positionAccessor, {3}, label + " POSITION", &nonFinite);
        if (nonFinite)
            warn(at("accessors", positionAccessor),
                 str(label, ": ", nonFinite, " non-finite POSITION values replaced by 0"));
        const size_t n = positions.count;
        if (n == 0) {
            warn(where, str(label, " has no vertices; skipped"));
            return std::nullopt;
        }
        d.positions.resize(n);
        std::memcpy(d.positions.data(), positions.values.data(), n * sizeof(glm::vec3));

        auto readAttribute = [&](const char* name, std::initializer_list<int> components, auto& target) -> bool {
            const int accessor = attribute(name);
            if (accessor < 0) return false;
            AccessorFloats values = mReader->readFloats(accessor, components, label + " " + name);
            if (values.count != n)
                throw Error(at("accessors", accessor),
                            str(label, ": ", name, " has ", values.count, " elements but POSITION has ", n));
            using Element = typename std::decay_t<decltype(target)>::value_type;
            target.resize(n);
            const size_t c = size_t(values.components);
            for (size_t v = 0; v < n; ++v) {
                Element e(0.0f);
                for (size_t k = 0; k < c && k < size_t(Element::length()); ++k) e[int(k)] = values.values[v * c + k];
                target[v] = e;
            }
            return true;
        };
        if (readAttribute("NORMAL", {3}, d.normals))
            for (glm::vec3& normal : d.normals) {
                float len = glm::length(normal);
                normal = len > 1e-20f ? normal / len : glm::vec3(0, 1, 0);
            }
        readAttribute("TANGENT", {4}, d.tangents);
        readAttribute("TEXCOORD_0", {2}, d.uv0);
        readAttribute("TEXCOORD_1", {2}, d.uv1);
        if (attribute("COLOR_0") >= 0) {
            const int accessor = attribute("COLOR_0");
            AccessorFloats colors = mReader->readFloats(accessor, {3, 4}, label + " COLOR_0");
            if (colors.count != n)
                throw Error(at("accessors", accessor),
                            str(label, ": COLOR_0 has ", colors.count, " elements but POSITION has ", n));
            d.colors.resize(n);
            for (size_t v = 0; v < n; ++v) {
                const float* c = &colors.values[v * size_t(colors.components)];
                d.colors[v] = glm::vec4(c[0], c[1], c[2], colors.components == 4 ? c[3] : 1.0f);
            }
        }

        std::vector<uint32_t> indices;
        if (prim.indices >= 0) {
            indices = mReader->readIndices(prim.indices, label + " indices");
            for (size_t k = 0; k < indices.size(); ++k)
                if (indices[k] >= n)
                    throw Error(at("accessors", prim.indices),
                                str("accessor ", prim.indices, " (", label, " indices): index ", k, " is ", indices[k],
                                    ", not below the vertex count ", n));
        } else {
            indices.resize(n);
            for (size_t k = 0; k < n; ++k) indices[k] = uint32_t(k);
        }
        d.indices = triangleList(indices, mode, label, where);
        if (d.indices.empty()) {
            warn(where, str(label, " has no complete triangle; skipped"));
            return std::nullopt;
        }

        // glTF: without normals, flat shading; without tangents, MikkTSpace from the UV set
        // the normal map reads (always generated, so every imported mesh has the attribute).
        if (d.normals.empty()) generateNormals(d, false);
        if (d.tangents.empty()) {
            int uvSet = 0;
            if (prim.material >= 0) {
                const TextureSlot& normalMap = mOut.materials[size_t(prim.material)].params.normalTexture;
                if (normalMap.present()) uvSet = normalMap.texCoord;
            }
            generateTangents(d, uvSet);
        }
        d.submeshes = {Submesh{0, uint32_t(d.indices.size()), prim.material}};
        return d;
    }

    std::vector<uint32_t> triangleList(const std::vector<uint32_t>& in, int mode, const std::string& label,
                                       const SourceLocation& where) {
        std::vector<uint32_t> out;
        if (mode == TINYGLTF_MODE_TRIANGLES) {
            if (in.size() % 3 != 0)
                warn(where, str(label, ": ", in.size(), " indices is not a multiple of 3; the last ", in.size() % 3,
                                " are ignored"));
            out.assign(in.begin(), in.end() - std::ptrdiff_t(in.size() % 3));
        } else if (in.size() >= 3) {
            out.reserve((in.size() - 2) * 3);
            for (size_t i = 0; i + 2 < in.size(); ++i) {
                if (mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
                    // Every other triangle of a strip is flipped back to the strip's winding.
                    if (i % 2 == 0)
                        out.insert(out.end(), {in[i], in[i + 1], in[i + 2]});
                    else
                        out.insert(out.end(), {in[i], in[i + 2], in[i + 1]});
                } else {
                    out.insert(out.end(), {in[i + 1], in[i + 2], in[0]});
                }
            }
        }
        return out;
    }

    void convertMeshes() {
        for (size_t m = 0; m < mModel.meshes.size(); ++m) {
            const tinygltf::Mesh& src = mModel.meshes[m];
            MeshData mesh;
            mesh.name = src.name.empty() ? str("mesh ", m) : src.name;
            for (size_t p = 0; p < src.primitives.size(); ++p) {
                std::optional<MeshData> prim = convertPrimitive(int(m), int(p), src.primitives[p]);
                if (!prim) continue;
                if (!prim->colors.empty()) {
                    int material = prim->submeshes[0].material;
                    if (material < 0) prim->submeshes[0].material = material = vertexColorDefaultMaterial();
                    mOut.materials[size_t(material)].params.vertexColors = true;
                }
                appendMesh(mesh, *prim);
            }
            mOut.meshes.push_back(std::move(mesh));
        }
        // A material that multiplies by vertex colours must find them on every mesh it is
        // drawn with; meshes without COLOR_0 get white.
        for (MeshData& mesh : mOut.meshes) {
            if (!mesh.colors.empty()) continue;
            for (const Submesh& s : mesh.submeshes)
                if (s.material >= 0 && mOut.materials[size_t(s.material)].params.vertexColors) {
                    fillColor(mesh, glm::vec4(1.0f));
                    break;
                }
        }
    }

    /// glTF's default material, made explicit for primitives with COLOR_0 and no material so
    /// that their colours show (the renderer's implicit default has no vertex colours).
    int vertexColorDefaultMaterial() {
        if (mVertexColorDefault < 0) {
            ImportedMaterial m;
            m.name = "default (vertex colours)";
            m.params.vertexColors = true;
            mOut.materials.push_back(std::move(m));
            mVertexColorDefault = int(mOut.materials.size() - 1);
        }
        return mVertexColorDefault;
    }

    // --- colour spaces ----------------------------------------------------------------------

    /// Colour slots read sRGB, data slots linear. A texture or image used both ways is
    /// duplicated (with a warning) so that each use decodes correctly.
    void assignColorSpaces() {
        std::vector<int> textureSpace(mOut.textures.size(), -1);
        std::vector<int> imageSpace(mOut.images.size(), -1);
        std::map<std::pair<int, int>, int> textureVariant, imageVariant;
        auto imageFor = [&](int image, int space) {
            if (imageSpace[size_t(image)] == -1 || imageSpace[size_t(image)] == space) {
                imageSpace[size_t(image)] = space;
                return image;
            }
            auto key = std::make_pair(image, space);
            if (auto it = imageVariant.find(key); it != imageVariant.end()) return it->second;
            warn(SourceLocation{mJsonName},
                 str("image '", mOut.images[size_t(image)].name,
                     "' is used both as colour (sRGB) and as data (linear); it is duplicated"));
            ImportedImage copy = mOut.images[size_t(image)];
            mOut.images.push_back(std::move(copy));
            imageSpace.push_back(space);
            return imageVariant[key] = int(mOut.images.size() - 1);
        };
        auto textureFor = [&](int texture, int space) {
            if (textureSpace[size_t(texture)] == -1 || textureSpace[size_t(texture)] == space) {
                textureSpace[size_t(texture)] = space;
                mOut.textures[size_t(texture)].image = imageFor(mTextureImage[size_t(texture)], space);
                return texture;
            }
            auto key = std::make_pair(texture, space);
            if (auto it = textureVariant.find(key); it != textureVariant.end()) return it->second;
            ImportedTexture copy = mOut.textures[size_t(texture)];
            copy.image = imageFor(mTextureImage[size_t(texture)], space);
            mOut.textures.push_back(std::move(copy));
            textureSpace.push_back(space);
            return textureVariant[key] = int(mOut.textures.size() - 1);
        };
        constexpr int kSrgb = 0, kLinear = 1;
        for (ImportedMaterial& m : mOut.materials) {
            PbrParams& p = m.params;
            for (TextureSlot* slot : {&p.baseColorTexture, &p.emissiveTexture})
                if (slot->present()) slot->texture = textureFor(slot->texture, kSrgb);
            for (TextureSlot* slot : {&p.metallicRoughnessTexture, &p.normalTexture, &p.occlusionTexture})
                if (slot->present()) slot->texture = textureFor(slot->texture, kLinear);
        }
        for (size_t i = 0; i < mOut.images.size(); ++i)
            mOut.images[i].colorSpace = imageSpace[i] == kSrgb ? ImageColorSpace::Srgb : ImageColorSpace::Linear;
    }

    // --- cameras and lights ------------------------------------------------------------------

    void convertCameras() {
        for (size_t i = 0; i < mModel.cameras.size(); ++i) {
            const tinygltf::Camera& src = mModel.cameras[i];
            const SourceLocation where = at("cameras", int(i));
            ImportedCamera c;
            c.name = src.name;
            if (src.type == "orthographic") {
                const auto& o = src.orthographic;
                c.type = ImportedCamera::Type::Orthographic;
                c.xmag = float(o.xmag);
                c.ymag = float(o.ymag);
                c.znear = float(o.znear);
                c.zfar = float(o.zfar);
                if (c.xmag == 0.0f || c.ymag == 0.0f || !(o.zfar > o.znear) || o.znear < 0.0) {
                    warn(where,
                         str("camera ", i,
                             ": orthographic xmag/ymag must be non-zero and 0 <= znear < zfar; using 1, 1, 0.1, 100"));
                    c.xmag = c.ymag = 1.0f;
                    c.znear = 0.1f;
                    c.zfar = 100.0f;
                }
            } else {
                const auto& p = src.perspective;
                if (src.type != "perspective")
                    warn(where, str("camera ", i, ": type '", src.type, "' is not known; treated as perspective"));
                c.type = ImportedCamera::Type::Perspective;
                c.yfov = p.yfov > 0.0 && p.yfov < 3.14159 ? float(p.yfov) : 0.8f;
                c.znear = p.znear > 0.0 ? float(p.znear) : 0.1f;
                if (p.aspectRatio > 0.0) c.aspectRatio = float(p.aspectRatio);
                if (p.zfar > 0.0) c.zfar = float(p.zfar);
                if (!(p.yfov > 0.0 && p.yfov < 3.14159) || !(p.znear > 0.0) || (c.zfar && *c.zfar <= c.znear)) {
                    warn(where,
                         str("camera ", i, ": needs 0 < yfov < pi and 0 < znear < zfar; invalid values replaced"));
                    if (c.zfar && *c.zfar <= c.znear) c.zfar.reset();
                }
            }
            mOut.cameras.push_back(std::move(c));
        }
    }

    void convertLights() {
        for (size_t i = 0; i < mModel.lights.size(); ++i) {
            const tinygltf::Light& src = mModel.lights[i];
            const SourceLocation where = atPath({"extensions", "KHR_lights_punctual", "lights"}, int(i));
            ImportedLight l;
            l.name = src.name;
            if (src.type == "directional")
                l.type = ImportedLight::Type::Directional;
            else if (src.type == "point")
                l.type = ImportedLight::Type::Point;
            else if (src.type == "spot")
                l.type = ImportedLight::Type::Spot;
            else
                warn(where,
                     str("light ", i, ": type '", src.type, "' is not directional, point or spot; treated as point"));
            if (src.color.size() == 3)
                l.color = glm::vec3(float(src.color[0]), float(src.color[1]), float(src.color[2]));
            else if (!src.color.empty())
                warn(where, str("light ", i, ": color must have 3 numbers; using white"));
            l.intensity = float(src.intensity);
            if (src.range > 0.0) l.range = float(src.range);
            if (l.type == ImportedLight::Type::Spot) {
                float outer = float(src.spot.outerConeAngle), inner = float(src.spot.innerConeAngle);
                const float halfPi = 1.5707964f;
                if (!(outer > 0.0f && outer <= halfPi) || !(inner >= 0.0f && inner < outer)) {
                    warn(where, str("light ", i, ": spot cones need 0 <= inner < outer <= pi/2; clamped"));
                    outer = std::clamp(std::isfinite(outer) ? outer : halfPi, 1e-3f, halfPi);
                    inner = std::clamp(std::isfinite(inner) ? inner : 0.0f, 0.0f, outer * 0.999f);
                }
                l.outerConeAngle = outer;
                l.innerConeAngle = inner;
            }
            mOut.lights.push_back(std::move(l));
        }
    }

    // --- nodes and scene --------------------------------------------------------------------

    glm::mat4 localMatrix(const tinygltf::Node& n, int index) {
        const SourceLocation where = at("nodes", index);
        if (!n.matrix.empty()) {
            if (n.matrix.size() != 16)
                throw Error(where, str("node ", index, ": matrix must have 16 numbers, has ", n.matrix.size()));
            glm::mat4 m;
            for (int k = 0; k < 16; ++k) glm::value_ptr(m)[k] = float(n.matrix[size_t(k)]); // column-major, as glTF
            return m;
        }
        glm::vec3 t(0.0f), s(1.0f);
        glm::quat r(1.0f, 0.0f, 0.0f, 0.0f);
        if (!n.translation.empty()) {
            if (n.translation.size() != 3) throw Error(where, str("node ", index, ": translation must have 3 numbers"));
            t = glm::vec3(float(n.translation[0]), float(n.translation[1]), float(n.translation[2]));
        }
        if (!n.rotation.empty()) {
            if (n.rotation.size() != 4)
                throw Error(where, str("node ", index, ": rotation must have 4 numbers (x, y, z, w)"));
            r = glm::quat(float(n.rotation[3]), float(n.rotation[0]), float(n.rotation[1]), float(n.rotation[2]));
            float len = glm::length(r);
            if (!(len > 1e-6f) || !std::isfinite(len)) {
                warn(where, str("node ", index, ": rotation is not a unit quaternion; using identity"));
                r = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
            } else {
                r /= len;
            }
        }
        if (!n.scale.empty()) {
            if (n.scale.size() != 3) throw Error(where, str("node ", index, ": scale must have 3 numbers"));
            s = glm::vec3(float(n.scale[0]), float(n.scale[1]), float(n.scale[2]));
        }
        return trs(t, r, s);
    }

    static glm::mat4 trs(const glm::vec3& t, const glm::quat& r, const glm::vec3& s) {
        glm::mat4 m = glm::mat4_cast(r);
        m[0] *= s.x;
        m[1] *= s.y;
        m[2] *= s.z;
        m[3] = glm::vec4(t, 1.0f);
        return m;
    }

    std::vector<glm::mat4> instancesOf(const tinygltf::Node& n, int index) {
        const tinygltf::Value* ext = findExtension(n.extensions, "EXT_mesh_gpu_instancing");
        if (!ext) return {};
        const SourceLocation where = at("nodes", index);
        const tinygltf::Value& attributes = ext->Get("attributes");
        if (!attributes.IsObject()) {
            warn(where, str("node ", index, ": EXT_mesh_gpu_instancing has no attributes; ignored"));
            return {};
        }
        const std::string label = str("node ", index, " EXT_mesh_gpu_instancing ");
        std::optional<size_t> count;
        auto read = [&](const char* name, std::initializer_list<int> components) -> AccessorFloats {
            if (!attributes.Has(name)) return {};
            std::optional<int> accessor = asIndex(attributes.Get(name));
            if (!accessor) throw Error(where, str(label, name, " must be an accessor index"));
            AccessorFloats values = mReader->readFloats(*accessor, components, label + name);
            if (count && *count != values.count)
                throw Error(where, str(label, name, " has ", values.count, " elements, the other attributes ", *count));
            count = values.count;
            return values;
        };
        AccessorFloats translation = read("TRANSLATION", {3}), rotation = read("ROTATION", {4}),
                       scale = read("SCALE", {3});
        if (!count) {
            warn(where,
                 str("node ", index, ": EXT_mesh_gpu_instancing names no TRANSLATION, ROTATION or SCALE; ignored"));
            return {};
        }
        std::vector<glm::mat4> out(*count);
        for (size_t i = 0; i < *count; ++i) {
            glm::vec3 t(0.0f), s(1.0f);
            glm::quat r(1.0f, 0.0f, 0.0f, 0.0f);
            if (translation.count) t = glm::make_vec3(&translation.values[3 * i]);
            if (scale.count) s = glm::make_vec3(&scale.values[3 * i]);
            if (rotation.count) {
                const float* q = &rotation.values[4 * i];
                r = glm::quat(q[3], q[0], q[1], q[2]);
                float len = glm::length(r);
                r = len > 1e-6f ? r / len : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
            }
            out[i] = trs(t, r, s);
        }
        return out;
    }

    void convertNodes() {
        const int count = int(mModel.nodes.size());
        mParent.assign(size_t(count), -1);
        for (int i = 0; i < count; ++i) {
            const tinygltf::Node& src = mModel.nodes[size_t(i)];
            const SourceLocation where = at("nodes", i);
            ImportedNode node;
            node.name = src.name;
            node.local = localMatrix(src, i);
            if (src.mesh >= 0 && size_t(src.mesh) >= mOut.meshes.size())
                throw Error(where, str("node ", i, ": mesh ", src.mesh, " does not exist (the file has ",
                                       mOut.meshes.size(), ")"));
            node.mesh = src.mesh < 0 ? -1 : src.mesh;
            if (src.camera >= 0 && size_t(src.camera) >= mOut.cameras.size())
                throw Error(where, str("node ", i, ": camera ", src.camera, " does not exist"));
            node.camera = src.camera < 0 ? -1 : src.camera;
            if (const tinygltf::Value* light = findExtension(src.extensions, "KHR_lights_punctual")) {
                std::optional<int> l = asIndex(light->Get("light"));
                if (!l || size_t(*l) >= mOut.lights.size())
                    throw Error(where, str("node ", i, ": KHR_lights_punctual light does not name one of the ",
                                           mOut.lights.size(), " lights"));
                node.light = *l;
            }
            if (src.skin >= 0) mSkins = true;
            node.instances = instancesOf(src, i);
            for (int child : src.children) {
                if (child < 0 || child >= count)
                    throw Error(where, str("node ", i, ": child ", child, " does not exist"));
                if (child == i) throw Error(where, str("node ", i, " lists itself as a child"));
                if (mParent[size_t(child)] >= 0)
                    throw Error(where, str("node ", child, " is a child of both node ", mParent[size_t(child)],
                                           " and node ", i, "; glTF nodes have at most one parent"));
                mParent[size_t(child)] = i;
            }
            node.children = src.children;
            mOut.nodes.push_back(std::move(node));
        }
        // With one parent each, a node that no parentless node reaches lies on a cycle.
        std::vector<char> reached(size_t(count), 0);
        std::vector<int> stack;
        for (int i = 0; i < count; ++i)
            if (mParent[size_t(i)] < 0) stack.push_back(i);
        while (!stack.empty()) {
            int n = stack.back();
            stack.pop_back();
            reached[size_t(n)] = 1;
            for (int c : mOut.nodes[size_t(n)].children) stack.push_back(c);
        }
        for (int i = 0; i < count; ++i)
            if (!reached[size_t(i)])
                throw Error(at("nodes", i), str("node ", i, " is part of a cycle in the node hierarchy"));
    }

    void convertScene() {
        int scene = mModel.defaultScene;
        if (scene >= 0 && size_t(scene) >= mModel.scenes.size())
            throw Error(SourceLocation{mJsonName},
                        str("the default scene ", scene, " does not exist (the file has ", mModel.scenes.size(), ")"));
        if (scene < 0 && !mModel.scenes.empty()) scene = 0;
        if (scene < 0) {
            for (size_t i = 0; i < mOut.nodes.size(); ++i)
                if (mParent[i] < 0) mOut.rootNodes.push_back(int(i));
            return;
        }
        std::set<int> seen;
        for (int n : mModel.scenes[size_t(scene)].nodes) {
            if (n < 0 || size_t(n) >= mOut.nodes.size())
                throw Error(at("scenes", scene), str("scene ", scene, ": node ", n, " does not exist"));
            if (mParent[size_t(n)] >= 0)
                throw Error(at("scenes", scene), str("scene ", scene, " lists node ", n,
                                                     " as a root, but it is a child of node ", mParent[size_t(n)]));
            if (seen.insert(n).second) mOut.rootNodes.push_back(n);
        }
    }

    void reportUnsupported() {
        if (mSkins || !mModel.skins.empty() || !mModel.animations.empty())
            warn(SourceLocation{mJsonName},
                 "skins and animation are not supported yet; meshes are shown in their bind pose");
        if (mMorphTargets)
            warn(SourceLocation{mJsonName}, "morph targets are not supported yet; meshes show their base shape");
    }

    std::string_view mBytes;
    fs::path mFolder;
    std::string mName;
    const GltfImportOptions& mOptions;
    bool mIsBinary = false;
    std::string_view mJson;
    std::string mJsonName;
    json::Value mDoc;
    FileTable mFiles;
    std::set<int> mImagesReported;
    tinygltf::Model mModel;
    std::optional<GltfAccessorReader> mReader;
    ImportedModel mOut;
    std::vector<int> mTextureImage; ///< each glTF texture's image before colour-space duplication
    std::vector<int> mParent;
    int mFallbackImage = -1;
    int mVertexColorDefault = -1;
    bool mSkins = false;
    bool mMorphTargets = false;
};

} // namespace

ImportedModel importGltfFromMemory(std::string_view bytes, const fs::path& modelFolder, std::string_view displayName,
                                   const GltfImportOptions& options) {
    return Importer(bytes, modelFolder, std::string(displayName), options).run();
}

ImportedModel importGltf(const fs::path& file, const GltfImportOptions& options) {
    std::error_code ec;
    uint64_t size = fs::file_size(file, ec);
    if (!ec && size > options.maxFileBytes)
        throw Error(SourceLocation{file.string()},
                    str("file is ", size, " bytes, more than the limit of ", options.maxFileBytes));
    std::string bytes = readFile(file);
    fs::path folder = fs::absolute(file, ec).lexically_normal().parent_path();
    return importGltfFromMemory(bytes, folder, file.string(), options);
}

} // namespace th
