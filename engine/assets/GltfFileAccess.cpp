#include "assets/GltfFileAccess.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <memory>

#include "assets/GltfDiagnostics.h"
#include "assets/GltfDracoDecoder.h"
#include "assets/GltfImportContext.h"
#include "assets/GltfJsonPatch.h"
#include "assets/GltfMeshoptDecoder.h"
#include "assets/ModelUri.h"
#include "core/Files.h"
#include "core/Log.h"
#include "core/Str.h"

namespace th {

namespace fs = std::filesystem;

namespace {

/// The extensions whose data the importer reads; a file may require any of these.
const char* const kSupportedExtensions[] = {
    "KHR_texture_transform", "KHR_materials_emissive_strength", "KHR_materials_ior",     "KHR_materials_unlit",
    "KHR_lights_punctual",   "EXT_mesh_gpu_instancing",         "KHR_mesh_quantization",
    "EXT_meshopt_compression", "KHR_draco_mesh_compression",    "EXT_texture_webp",
    // Shaded by the glTF material plugins (plugins/library/GltfMaterialPlugins.h).
    "KHR_materials_clearcoat", "KHR_materials_sheen", "KHR_materials_specular", "KHR_materials_pbrSpecularGlossiness",
    "KHR_materials_anisotropy", "KHR_materials_iridescence",
    "KHR_materials_variants", "KHR_materials_transmission", "KHR_materials_volume", "KHR_materials_dispersion",
};

/// What a model loses when the importer ignores a known extension (for the warning).
const char* lostWith(const std::string& name) {
    struct Loss {
        const char* extension;
        const char* lost;
    };
    static const Loss kLosses[] = {
        {"KHR_materials_diffuse_transmission", "thin surfaces let no diffuse light through"},
        {"KHR_texture_basisu", "KTX2 textures are replaced by their fallback source or a checker"},
        {"EXT_lights_image_based", "the model's own environment light is not used"},
        {"KHR_animation_pointer", "animations of material, camera and light properties do not play"},
        {"KHR_xmp_json_ld", "metadata only: nothing visible is lost"},
    };
    for (const Loss& l : kLosses)
        if (name == l.extension) return l.lost;
    return "whatever the extension adds is ignored; the model renders from its core glTF data";
}

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
    /// Served instead of a file: a percent-encoded data: URI's bytes, an absent buffer's zeros.
    std::shared_ptr<const std::string> content;
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
    if (file->content) {
        out->assign(file->content->begin(), file->content->end());
        return true;
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

/// Finds the JSON text: the whole file, or the first chunk of a .glb (whose layout is
/// checked here so that a truncated file says so plainly).
void splitContainer(GltfImportContext& ctx) {
    const SourceLocation file{ctx.name};
    ctx.isBinary = ctx.bytes.size() >= 4 && std::memcmp(ctx.bytes.data(), "glTF", 4) == 0;
    if (!ctx.isBinary) {
        if (endsWith(ctx.name, ".glb") || endsWith(ctx.name, ".GLB"))
            throw GltfError(file, "not a binary glTF file: it does not start with the 'glTF' magic",
                            "GLB_INVALID_MAGIC", "");
        ctx.json = ctx.bytes;
        ctx.jsonName = ctx.name;
        if (ctx.json.empty()) throw GltfError(file, "file is empty", "INVALID_JSON", "");
        return;
    }
    if (ctx.bytes.size() < 20)
        throw GltfError(
            file,
            str("truncated .glb: a binary glTF has at least 20 bytes of headers, this file has ", ctx.bytes.size()),
            "GLB_LENGTH_TOO_SMALL", "");
    uint32_t version = readU32(ctx.bytes, 4), length = readU32(ctx.bytes, 8);
    if (version != 2)
        throw GltfError(file, str("binary glTF version ", version, " is not supported; only version 2 is"),
                        "GLB_INVALID_VERSION", "");
    if (length > ctx.bytes.size())
        throw GltfError(file,
                        str("truncated .glb: its header says ", length, " bytes, the file has ", ctx.bytes.size()),
                        "GLB_LENGTH_MISMATCH", "");
    if (length < 20)
        throw GltfError(file, str("malformed .glb: its header says it is ", length, " bytes long"),
                        "GLB_LENGTH_TOO_SMALL", "");
    uint32_t jsonLength = readU32(ctx.bytes, 12), jsonType = readU32(ctx.bytes, 16);
    if (jsonType != 0x4E4F534A)
        throw GltfError(file, "malformed .glb: the first chunk is not the JSON chunk", "GLB_UNEXPECTED_FIRST_CHUNK",
                        "");
    if (jsonLength > length - 20)
        throw GltfError(
            file, str("truncated .glb: the JSON chunk says ", jsonLength, " bytes, only ", length - 20, " follow"),
            "GLB_CHUNK_TOO_BIG", "");
    if (jsonLength % 4 != 0) // a glTF-Validator error; loaders read such files, and so does this one
        ctx.warn("GLB_CHUNK_LENGTH_UNALIGNED", "",
                 str("the .glb's JSON chunk is ", jsonLength, " bytes long, not a multiple of 4 as glTF requires"));
    uint64_t next = 20 + uint64_t(jsonLength);
    if (next < length) {
        if (length - next < 8)
            throw GltfError(file, "truncated .glb: a chunk header is cut short", "GLB_UNEXPECTED_END_OF_CHUNK_HEADER",
                            "");
        ctx.hasBinChunk = true;
        uint32_t binLength = readU32(ctx.bytes, size_t(next));
        if (binLength > length - next - 8)
            throw GltfError(
                file,
                str("truncated .glb: the BIN chunk says ", binLength, " bytes, only ", length - next - 8, " follow"),
                "GLB_CHUNK_TOO_BIG", "");
    }
    ctx.bytes = ctx.bytes.substr(0, length);
    ctx.json = ctx.bytes.substr(20, jsonLength);
    ctx.jsonName = ctx.name + " (JSON chunk)";
}

/// Parses the JSON with positions (for messages) and checks what must be settled before
/// tinygltf runs: the version and the required extensions.
void checkDocument(GltfImportContext& ctx) {
    try {
        ctx.doc = json::parse(ctx.json, ctx.jsonName);
    } catch (const Error& e) {
        throw GltfError(e.where(), "malformed glTF JSON: " + e.message(), "INVALID_JSON", "");
    }
    if (!ctx.doc.isObject()) throw GltfError(ctx.doc.where(), "a glTF file must be a JSON object", "TYPE_MISMATCH", "");
    const json::Value* asset = ctx.doc.find("asset");
    const json::Value* version = asset && asset->isObject() ? asset->find("version") : nullptr;
    if (!version || !version->isString())
        throw GltfError(asset ? asset->where() : ctx.doc.where(), "missing asset.version; is this a glTF 2.0 file?",
                        "UNDEFINED_PROPERTY", asset ? "/asset" : "");
    if (!startsWith(version->asString(), "2."))
        throw GltfError(version->where(), str("glTF version '", version->asString(), "' is not supported; only 2.x is"),
                        "UNKNOWN_ASSET_MAJOR_VERSION", "/asset/version");

    if (const json::Value* required = ctx.doc.find("extensionsRequired"); required && required->isArray())
        for (size_t i = 0; i < required->asArray().size(); ++i) {
            const json::Value& name = required->asArray()[i];
            const std::string pointer = str("/extensionsRequired/", i);
            if (!name.isString())
                throw GltfError(name.where(), "extensionsRequired must list strings", "ARRAY_TYPE_MISMATCH", pointer);
            if (!isSupportedExtension(name.asString())) {
                std::vector<std::string> supported(std::begin(kSupportedExtensions), std::end(kSupportedExtensions));
                throw GltfError(name.where(),
                                str("the model requires extension '", name.asString(),
                                    "', which is not supported (supported: ", join(supported, ", "), ")"),
                                "UNSUPPORTED_EXTENSION", pointer);
            }
        }
    if (const json::Value* used = ctx.doc.find("extensionsUsed"); used && used->isArray())
        for (size_t i = 0; i < used->asArray().size(); ++i) {
            const json::Value& name = used->asArray()[i];
            if (name.isString() && !isSupportedExtension(name.asString()))
                ctx.warn("UNSUPPORTED_EXTENSION", str("/extensionsUsed/", i),
                         str("extension ", name.asString(), " is not supported: ", lostWith(name.asString())));
        }
}

/// Whether a data: URI's header (between "data:" and the first ',') ends in ";base64"
/// (RFC 2397); without it the payload is percent-encoded text.
bool isBase64DataUri(std::string_view uri) {
    const size_t comma = uri.find(',');
    if (comma == std::string_view::npos || comma < 5) return false;
    const std::string_view header = uri.substr(5, comma - 5);
    return header.size() >= 7 && header.substr(header.size() - 7) == ";base64";
}

/// The bytes a data: URI holds, or an error naming what is wrong with a base64 one (tinygltf
/// only says "Failed to decode 'uri'"). Without ";base64" the payload is percent-encoded
/// text (RFC 2397), which tinygltf cannot read: buffers (`percentEncoded`) are served by the
/// buffer check itself; images stay base64 only.
uint64_t dataUriBytes(std::string_view uri, const SourceLocation& where, const std::string& what,
                      const std::string& pointer, bool percentEncoded) {
    const size_t comma = uri.find(',');
    auto fail = [&](const std::string& why) {
        throw GltfError(where, str(what, ": the data: URI ", why), "INVALID_URI", pointer);
    };
    if (comma == std::string_view::npos) fail("has no ',' before its data");
    std::string_view header = uri.substr(5, comma - 5), payload = uri.substr(comma + 1);
    if (!isBase64DataUri(uri)) {
        if (percentEncoded) return percentDecode(payload).size();
        fail(str("'data:", header.substr(0, 60), ",...' is not base64 (only ';base64,' data URIs are read)"));
    }
    size_t padding = 0;
    for (size_t i = 0; i < payload.size(); ++i) {
        const char c = payload[i];
        const bool alphabet = std::isalnum((unsigned char)c) || c == '+' || c == '/';
        if (c == '=' && i + 2 >= payload.size()) {
            ++padding;
            continue;
        }
        if (!alphabet || padding > 0)
            fail(str("has '", c, "' at character ", comma + 2 + i, ", which is not base64"));
    }
    if (payload.size() % 4 != 0) fail(str("holds ", payload.size(), " base64 characters, not a multiple of 4"));
    return payload.size() / 4 * 3 - padding;
}

/// resolveModelUri, its refusals (an escape, a scheme, a NUL) coded INVALID_URI at `pointer`.
fs::path resolveUri(const GltfImportContext& ctx, const std::string& uri, const SourceLocation& where,
                    const std::string& pointer) {
    try {
        return resolveModelUri(ctx.folder, uri, where);
    } catch (const Error& e) {
        throw GltfError(e.where(), e.message(), "INVALID_URI", pointer);
    }
}

/// Hands tinygltf `content` for buffer `index` under a name no URI resolves to (a leading
/// ':' is an empty scheme), by giving the buffer that uri: after its '{' when it has none
/// (earlier keys lose to later ones), before its '}' when it replaces one.
void serveBuffer(GltfImportContext& ctx, FileTable& files, const json::Value& buffer, int index, std::string content,
                 bool replacesUri) {
    const std::string name = str(":trailhead-buffer-", index);
    const bool placed = replacesUri ? appendToGltfObject(ctx, buffer, str(", \"uri\": \"", name, "\""))
                                    : insertIntoGltfObject(ctx, buffer, str("\"uri\": \"", name, "\", "));
    if (!placed)
        throw GltfError(buffer.where(), str("buffer ", index, ": its place in the JSON text is not known"), "INVALID_GLTF",
                        str("/buffers/", index));
    files.files[name] = ExternalFile{{}, 0, std::make_shared<const std::string>(std::move(content))};
}

/// Zeros of a buffer's byteLength for a buffer whose bytes the file does not hold (tinygltf
/// insists on bytes), within the size limit.
void serveZeros(GltfImportContext& ctx, FileTable& files, const json::Value& buffer, int index, uint64_t declared,
                const std::string& why, bool replacesUri) {
    if (declared > ctx.options.maxFileBytes)
        throw GltfError(buffer.where(),
                        str("buffer ", index, ": ", why, ", and its byteLength ", declared, " is more than the limit of ",
                            ctx.options.maxFileBytes, " bytes"),
                        "FILE_TOO_LARGE", str("/buffers/", index, "/byteLength"));
    serveBuffer(ctx, files, buffer, index, std::string(size_t(declared), '\0'), replacesUri);
}

/// A buffer whose bytes the file does not hold: valid glTF while nothing reads it. It is
/// served as zeros and listed as absent, so that any read of it is refused by name rather
/// than seeing zeros.
void markAbsentBuffer(GltfImportContext& ctx, FileTable& files, const json::Value& buffer, int index, uint64_t declared,
                      std::string why, bool replacesUri) {
    const std::string pointer = str("/buffers/", index);
    serveZeros(ctx, files, buffer, index, declared, why, replacesUri);
    ctx.warn("BUFFER_DATA_ABSENT", pointer,
             str("buffer ", index, ": ", why, "; what reads it is skipped (valid while nothing does)"));
    ctx.unreadable.buffers[index] = std::move(why);
}

void checkBufferUri(GltfImportContext& ctx, FileTable& files, const json::Value& buffer, int index) {
    if (!buffer.isObject()) return;
    const json::Value* uriValue = buffer.find("uri");
    const std::string pointer = str("/buffers/", index);
    uint64_t declared = 0;
    const json::Value* length = buffer.find("byteLength");
    if (length && length->isNumber() && length->asNumber() >= 0) declared = uint64_t(std::min(length->asNumber(), 1e18));
    if (!uriValue) {
        if (ctx.isBinary && index == 0 && ctx.hasBinChunk) return; // the binary chunk
        const json::Value* ext = buffer.find("extensions");
        if (ext && ext->isObject() && ext->find("EXT_meshopt_compression")) {
            // A meshopt fallback buffer without bytes: the decoded views replace what reads it,
            // and a view that fails to decode has no fallback (GltfMeshoptDecoder).
            serveZeros(ctx, files, buffer, index, declared, "a meshopt fallback buffer without uri", false);
            ctx.meshoptPlaceholderBuffers.insert(index);
            return;
        }
        markAbsentBuffer(ctx, files, buffer, index, declared,
                         ctx.isBinary ? (index == 0 ? "has no uri and the .glb has no binary chunk"
                                                    : "has no uri, and only buffer 0 of a .glb is its binary chunk")
                                      : "has no uri in a .gltf file, so its bytes are not in the file",
                         false);
        return;
    }
    if (!uriValue->isString()) return;
    const std::string& uri = uriValue->asString();
    SourceLocation where = uriValue->where();
    if (isDataUri(uri)) {
        uint64_t bytes = dataUriBytes(uri, where, str("buffer ", index), pointer + "/uri", true);
        if (declared > bytes)
            throw GltfError(length->where(),
                            str("buffer ", index, ": its data: URI holds ", bytes, " bytes, fewer than its byteLength ",
                                declared),
                            "BUFFER_BYTE_LENGTH_MISMATCH", pointer + "/byteLength");
        if (!isBase64DataUri(uri)) {
            std::string content = percentDecode(std::string_view(uri).substr(uri.find(',') + 1));
            content.resize(size_t(declared)); // the buffer is its first byteLength bytes
            serveBuffer(ctx, files, buffer, index, std::move(content), true);
        }
        return;
    }
    if (hasUriScheme(uri)) {
        markAbsentBuffer(ctx, files, buffer, index, declared,
                         str("names '", uriForMessage(uri),
                             "', a URI with a scheme: only files of the model folder are read"),
                         true);
        return;
    }
    fs::path path = resolveUri(ctx, uri, where, pointer + "/uri");
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        throw GltfError(where,
                        str("buffer ", index, ": file '", uriForMessage(uri), "' not found in the model folder '",
                            ctx.folder.string(), "'"),
                        "IO_ERROR", pointer + "/uri");
    uint64_t size = fs::file_size(path, ec);
    if (ec)
        throw GltfError(where, str("buffer ", index, ": cannot read the size of '", uriForMessage(uri), "'"),
                        "IO_ERROR", pointer + "/uri");
    if (size > ctx.options.maxFileBytes)
        throw GltfError(where,
                        str("buffer ", index, ": '", uriForMessage(uri), "' is ", size,
                            " bytes, more than the limit of ", ctx.options.maxFileBytes),
                        "FILE_TOO_LARGE", pointer + "/uri");
    if (declared > size)
        throw GltfError(length->where(),
                        str("buffer ", index, ": '", uriForMessage(uri), "' is ", size,
                            " bytes, shorter than its byteLength ", declared),
                        "BUFFER_BYTE_LENGTH_MISMATCH", pointer + "/byteLength");
    files.files[tinygltfDecoded(uri)] = ExternalFile{path, declared};
}

void checkImageUri(GltfImportContext& ctx, FileTable& files, const json::Value& image, int index) {
    const json::Value* uriValue = image.isObject() ? image.find("uri") : nullptr;
    if (!uriValue || !uriValue->isString()) return;
    if (isDataUri(uriValue->asString())) {
        // tinygltf refuses the whole file over a bad one; say which and why first.
        dataUriBytes(uriValue->asString(), uriValue->where(), str("image ", index), str("/images/", index, "/uri"), false);
        return;
    }
    const std::string& uri = uriValue->asString();
    SourceLocation where = uriValue->where();
    if (hasUriScheme(uri)) { // valid glTF; never fetched
        ctx.warn("IO_ERROR", str("/images/", index, "/uri"),
                 str("image ", index, ": '", uriForMessage(uri),
                     "' has a scheme: only files of the model folder are read; a checker texture stands in"));
        ctx.imagesReported.insert(index);
        return;
    }
    fs::path path = resolveUri(ctx, uri, where, str("/images/", index, "/uri")); // escaping is an error, not a fallback
    std::error_code ec;
    uint64_t size = fs::is_regular_file(path, ec) ? fs::file_size(path, ec) : 0;
    if (ec || size == 0) {
        ctx.warn("IO_ERROR", str("/images/", index, "/uri"),
                 str("image ", index, ": file '", uriForMessage(uri),
                     "' not found (or empty) in the model folder; a checker texture stands in"));
        ctx.imagesReported.insert(index);
        return;
    }
    if (size > ctx.options.maxFileBytes) {
        ctx.warn("FILE_TOO_LARGE", str("/images/", index, "/uri"),
                 str("image ", index, ": '", uriForMessage(uri), "' is ", size,
                     " bytes, more than the limit; a checker texture stands in"));
        ctx.imagesReported.insert(index);
        return;
    }
    files.files[tinygltfDecoded(uri)] = ExternalFile{path, 0};
}

/// Every external URI, resolved, kept inside the folder and checked to exist.
FileTable checkUris(GltfImportContext& ctx) {
    FileTable files;
    files.maxBytes = ctx.options.maxFileBytes;
    if (const json::Value* buffers = ctx.doc.find("buffers"); buffers && buffers->isArray())
        for (size_t i = 0; i < buffers->asArray().size(); ++i)
            checkBufferUri(ctx, files, buffers->asArray()[i], int(i));
    if (const json::Value* images = ctx.doc.find("images"); images && images->isArray())
        for (size_t i = 0; i < images->asArray().size(); ++i) checkImageUri(ctx, files, images->asArray()[i], int(i));
    return files;
}

/// An accessor `type` glTF does not have makes tinygltf refuse the whole file, yet the file
/// is valid while nothing reads the accessor: tinygltf is given "SCALAR" and the reader
/// refuses the accessor by name.
void prepareUnknownAccessorTypes(GltfImportContext& ctx) {
    const json::Value* accessors = ctx.doc.find("accessors");
    if (!accessors || !accessors->isArray()) return;
    static const char* const kTypes[] = {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"};
    for (size_t i = 0; i < accessors->asArray().size(); ++i) {
        const json::Value& accessor = accessors->asArray()[i];
        const json::Value* type = accessor.isObject() ? accessor.find("type") : nullptr;
        if (!type || !type->isString()) continue;
        if (std::any_of(std::begin(kTypes), std::end(kTypes), [&](const char* t) { return type->asString() == t; }))
            continue;
        const std::string pointer = str("/accessors/", i, "/type");
        const std::string why = str("type '", uriForMessage(type->asString()),
                                    "' is not SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4");
        if (!appendToGltfObject(ctx, accessor, ", \"type\": \"SCALAR\""))
            throw GltfError(type->where(), str("accessor ", i, ": ", why), "VALUE_NOT_IN_LIST", pointer);
        ctx.warn("VALUE_NOT_IN_LIST", pointer, str("accessor ", i, ": ", why, "; it cannot be read (valid while nothing does)"));
        ctx.unreadable.accessorTypes[int(i)] = why;
    }
}

/// An index accessor without a buffer view is valid (its indices are zeros, or its sparse
/// values); tinygltf refuses it. A Draco primitive's are placeheld by GltfDracoDecoder.
void prepareViewlessIndices(GltfImportContext& ctx) {
    const json::Value* meshes = ctx.doc.find("meshes");
    const json::Value* accessors = ctx.doc.find("accessors");
    if (!meshes || !meshes->isArray() || !accessors || !accessors->isArray()) return;
    for (size_t m = 0; m < meshes->asArray().size(); ++m) {
        const json::Value& mesh = meshes->asArray()[m];
        const json::Value* primitives = mesh.isObject() ? mesh.find("primitives") : nullptr;
        if (!primitives || !primitives->isArray()) continue;
        // tinygltf drops a primitive whose "attributes" is not an object (the validator then
        // reports it), so the primitives after it move down: count the ones it keeps.
        int kept = -1;
        for (size_t p = 0; p < primitives->asArray().size(); ++p) {
            const json::Value& prim = primitives->asArray()[p];
            const json::Value* attributes = prim.isObject() ? prim.find("attributes") : nullptr;
            if (!attributes || !attributes->isObject()) continue;
            ++kept;
            const json::Value* indices = prim.find("indices");
            if (!indices || !indices->isNumber()) continue;
            const json::Value* ext = prim.find("extensions");
            if (ext && ext->isObject() && ext->find("KHR_draco_mesh_compression")) continue;
            const double i = indices->asNumber();
            if (!(i >= 0 && i < double(accessors->asArray().size())) || i != double(size_t(i))) continue;
            const json::Value& accessor = accessors->asArray()[size_t(i)];
            if (!accessor.isObject() || accessor.find("bufferView")) continue;
            if (appendToGltfObject(ctx, prim, ", \"indices\": -1")) ctx.viewlessIndices.push_back({int(m), kept, int(i)});
        }
    }
}

/// The glTF properties (core and the supported extensions) whose values are integers, and
/// the arrays of integers; members of "attributes" and of morph "targets" are integers too.
bool holdsIntegers(std::string_view key) {
    static const char* const kKeys[] = {
        "buffer", "bufferView", "byteLength", "byteOffset", "byteStride", "componentType", "count", "mode",
        "material", "indices", "mesh", "skin", "camera", "source", "sampler", "texCoord", "index", "node",
        "input", "output", "scene", "magFilter", "minFilter", "wrapS", "wrapT", "skeleton", "inverseBindMatrices",
        "light", "children", "joints", "nodes", "variants"};
    return std::any_of(std::begin(kKeys), std::end(kKeys), [&](const char* k) { return key == k; });
}

void integerizeWalk(GltfImportContext& ctx, const json::Value& value, std::string_view key, bool integers) {
    if (value.isNumber() && (integers || holdsIntegers(key))) {
        integerizeGltfNumber(ctx, value);
    } else if (value.isArray()) {
        for (const json::Value& element : value.asArray()) integerizeWalk(ctx, element, key, integers);
    } else if (value.isObject()) {
        const bool members = key == "attributes" || key == "targets";
        for (const auto& [name, member] : value.asObject()) integerizeWalk(ctx, member, name, members);
    }
}

/// Integers written as "1.0" or "1e0" are valid glTF; tinygltf is handed them as integers.
void prepareIntegralNumbers(GltfImportContext& ctx) { integerizeWalk(ctx, ctx.doc, "", false); }

void parseWithTinygltf(GltfImportContext& ctx, FileTable& files) {
    tinygltf::TinyGLTF loader;
    loader.SetFsCallbacks(
        tinygltf::FsCallbacks{&fsFileExists, &fsExpandFilePath, &fsReadWholeFile, &fsWriteWholeFile, &files});
    loader.SetImageLoader(&captureImageBytes, nullptr);
    std::string err, warnings;
    bool ok = false;
    try {
        const auto* data = reinterpret_cast<const unsigned char*>(ctx.bytes.data());
        if (ctx.isBinary)
            ok = loader.LoadBinaryFromMemory(&ctx.model, &err, &warnings, data, unsigned(ctx.bytes.size()),
                                             kSentinelFolder);
        else
            ok = loader.LoadASCIIFromString(&ctx.model, &err, &warnings, ctx.bytes.data(), unsigned(ctx.bytes.size()),
                                            kSentinelFolder);
    } catch (const std::exception& e) {
        ok = false;
        err += e.what();
    }
    for (std::string_view line : split(warnings, '\n'))
        if (!trim(line).empty()) logDebug("glTF: ", ctx.name, ": tinygltf: ", trim(line));
    if (!ok) {
        std::string message = std::string(trim(err));
        for (char& ch : message)
            if (ch == '\n') ch = ';';
        // tinygltf names the sentinel folder in file errors; the user knows the folder.
        const std::string folder = ctx.folder.string();
        for (size_t p = 0; (p = message.find(kSentinelFolder, p)) != std::string::npos; p += folder.size())
            message.replace(p, std::strlen(kSentinelFolder), folder);
        if (message.size() > 600) message = message.substr(0, 600) + "...";
        throw GltfError(ctx.document(), str("invalid glTF: ", message.empty() ? "tinygltf gave no reason" : message),
                        "INVALID_GLTF", "");
    }
}

} // namespace

void loadGltfDocument(GltfImportContext& context) {
    splitContainer(context);
    checkDocument(context);
    FileTable files = checkUris(context);
    prepareGltfDracoIndices(context);
    prepareUnknownAccessorTypes(context);
    prepareIntegralNumbers(context);
    prepareViewlessIndices(context);
    applyGltfJsonInserts(context);
    parseWithTinygltf(context, files);
    for (const auto& [mesh, primitive, accessor] : context.viewlessIndices) {
        auto& meshes = context.model.meshes;
        if (size_t(mesh) >= meshes.size() || size_t(primitive) >= meshes[size_t(mesh)].primitives.size())
            throw GltfError(context.document(), str("mesh ", mesh, ": tinygltf did not keep primitive ", primitive,
                                                    " of it, so its indices (accessor ", accessor, ") have nowhere to go"),
                            "INVALID_GLTF", str("/meshes/", mesh));
        meshes[size_t(mesh)].primitives[size_t(primitive)].indices = accessor;
    }
    context.reader.emplace(context.model,
                           GltfAccessorLimits{context.options.maxAccessorElements, context.options.maxTotalElements},
                           [&context](std::string_view pointer) { return context.locate(pointer); }, context.unreadable);
}

} // namespace th
