#!/usr/bin/env python3
"""Writes the small glTF files the importer tests use (valid, edge-case and broken ones).

Run from anywhere: python3 tests/data/gltf/generate.py. The outputs are committed; this
script documents exactly how each was made. See README.md for what each file tests.
"""
import base64
import json
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, data):
    path = os.path.join(HERE, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(path, mode) as f:
        f.write(data)


def pad4(b):
    return b + b"\0" * (-len(b) % 4)


class Builder:
    """Collects binary chunks into one buffer and describes them with accessors."""

    def __init__(self):
        self.bin = b""
        self.views = []
        self.accessors = []

    def view(self, data, target=None, stride=None):
        self.bin = pad4(self.bin)
        v = {"buffer": 0, "byteOffset": len(self.bin), "byteLength": len(data)}
        if target:
            v["target"] = target
        if stride:
            v["byteStride"] = stride
        self.bin += data
        self.views.append(v)
        return len(self.views) - 1

    def accessor(self, fmt, values, comp_type, type_, normalized=False, minmax=False, target=None):
        flat = [x for v in values for x in (v if isinstance(v, (tuple, list)) else (v,))]
        data = struct.pack("<" + fmt * len(flat), *flat)
        a = {"bufferView": self.view(data, target), "componentType": comp_type, "count": len(values), "type": type_}
        if normalized:
            a["normalized"] = True
        if minmax:
            n = len(values[0])
            a["min"] = [min(v[i] for v in values) for i in range(n)]
            a["max"] = [max(v[i] for v in values) for i in range(n)]
        self.accessors.append(a)
        return len(self.accessors) - 1

    def vec3(self, values):
        return self.accessor("f", values, 5126, "VEC3", minmax=True, target=34962)

    def vec2(self, values):
        return self.accessor("f", values, 5126, "VEC2", target=34962)

    def indices(self, values):
        data = pad4(struct.pack("<%dH" % len(values), *values))
        a = {"bufferView": self.view(data[: 2 * len(values)], 34963), "componentType": 5123, "count": len(values), "type": "SCALAR"}
        self.accessors.append(a)
        return len(self.accessors) - 1

    def gltf(self, uri=None, **rest):
        doc = {"asset": {"version": "2.0", "generator": "trailhead tests/data/gltf/generate.py"}}
        buffer = {"byteLength": len(self.bin)}
        if uri is None:
            buffer["uri"] = "data:application/octet-stream;base64," + base64.b64encode(self.bin).decode()
        elif uri != "":
            buffer["uri"] = uri
        doc["buffers"] = [buffer]
        doc["bufferViews"] = self.views
        doc["accessors"] = self.accessors
        doc.update(rest)
        return doc


def dump(doc):
    return json.dumps(doc, indent=1) + "\n"


def png(width, height, rgba_rows=None, bit_depth=8):
    """A PNG; with rgba_rows None only a header (IHDR) and an empty IDAT are written."""
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, 6, 0, 0, 0)
    raw = b""
    if rgba_rows is not None:
        for row in rgba_rows:
            raw += b"\0" + bytes(row)
    idat = zlib.compress(raw) if rgba_rows is not None else b""
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


TRI_POS = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)]
TRI_UV = [(0.0, 1.0), (1.0, 1.0), (0.0, 0.0)]


def triangle(extra_material=None, uri=None, **rest):
    b = Builder()
    pos = b.vec3(TRI_POS)
    uv = b.vec2(TRI_UV)
    idx = b.indices([0, 1, 2])
    material = {"name": "red", "pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1], "metallicFactor": 0.0}}
    if extra_material:
        material.update(extra_material)
    doc = b.gltf(
        uri,
        meshes=[{"name": "triangle", "primitives": [{"attributes": {"POSITION": pos, "TEXCOORD_0": uv}, "indices": idx, "material": 0}]}],
        materials=[material],
        nodes=[{"name": "root", "mesh": 0}],
        scenes=[{"nodes": [0]}],
        scene=0,
    )
    doc.update(rest)
    return b, doc


def glb(doc, binary):
    js = json.dumps(doc).encode()
    js += b" " * (-len(js) % 4)
    binary = pad4(binary)
    chunks = struct.pack("<II", len(js), 0x4E4F534A) + js + struct.pack("<II", len(binary), 0x004E4942) + binary
    return struct.pack("<III", 0x46546C67, 2, 12 + len(chunks)) + chunks


def main():
    # --- valid ---------------------------------------------------------------------------
    _, doc = triangle()
    write("triangle.gltf", dump(doc))

    b, doc = triangle(uri="triangle.bin")
    write("triangle_external.gltf", dump(doc))
    write("triangle.bin", b.bin)

    b, doc = triangle(uri="tri%20angle.bin")
    write("percent_encoded_uri.gltf", dump(doc))
    write("tri angle.bin", b.bin)

    b, doc = triangle(uri="")
    write("triangle.glb", glb(doc, b.bin))

    # A texture used as base colour (sRGB) and as normal map (linear): the importer duplicates it.
    b, doc = triangle(
        extra_material={
            "pbrMetallicRoughness": {"baseColorTexture": {"index": 0, "extensions": {"KHR_texture_transform": {"offset": [0.5, 0.25], "rotation": 1.5, "scale": [2, 3], "texCoord": 0}}}},
            "normalTexture": {"index": 0, "scale": 0.5},
            "emissiveFactor": [1, 1, 1],
            "extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": 4.0}, "KHR_materials_ior": {"ior": 1.33}, "KHR_materials_unlit": {}},
            "alphaMode": "MASK",
            "alphaCutoff": 0.25,
            "doubleSided": True,
        }
    )
    rows = [[255, 0, 0, 255, 0, 255, 0, 255], [0, 0, 255, 255, 255, 255, 255, 128]]
    doc["images"] = [{"name": "two-by-two", "uri": "data:image/png;base64," + base64.b64encode(png(2, 2, rows)).decode()}]
    doc["samplers"] = [{"magFilter": 9728, "minFilter": 9987, "wrapS": 33071, "wrapT": 33648}]
    doc["textures"] = [{"sampler": 0, "source": 0}]
    doc["extensionsUsed"] = ["KHR_texture_transform", "KHR_materials_emissive_strength", "KHR_materials_ior", "KHR_materials_unlit"]
    write("material_features.gltf", dump(doc))

    # 16-bit PNG (a 1×1 mid grey of 0x8080 and alpha 0xFFFF).
    write("grey16.png", png(1, 1, [[0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xFF, 0xFF]], bit_depth=16))

    # Strip, fan, lines: the first two become triangle lists, the lines are skipped.
    b = Builder()
    quad = b.vec3([(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)])
    fan = b.vec3([(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (-1, 1, 0)])
    doc = b.gltf(meshes=[{"name": "modes", "primitives": [
        {"attributes": {"POSITION": quad}, "mode": 5},
        {"attributes": {"POSITION": fan}, "mode": 6},
        {"attributes": {"POSITION": quad}, "mode": 1},
    ]}], nodes=[{"mesh": 0}], scenes=[{"nodes": [0]}])
    write("primitive_modes.gltf", dump(doc))

    # Sparse accessor: three zero positions, two of them replaced.
    b = Builder()
    idx_view = b.view(struct.pack("<2H", 1, 2))
    val_view = b.view(struct.pack("<6f", 1, 0, 0, 0, 1, 0))
    b.accessors.append({"componentType": 5126, "count": 3, "type": "VEC3",
                        "sparse": {"count": 2, "indices": {"bufferView": idx_view, "componentType": 5123}, "values": {"bufferView": val_view}}})
    doc = b.gltf(meshes=[{"primitives": [{"attributes": {"POSITION": 0}}]}], nodes=[{"mesh": 0}], scenes=[{"nodes": [0]}])
    write("sparse.gltf", dump(doc))

    # Quantized positions (normalized shorts) and colours (normalized ubyte VEC3), required quantization.
    b = Builder()
    pos = b.accessor("h", [(0, 0, 0), (32767, 0, 0), (0, 32767, 0)], 5122, "VEC3", normalized=True, target=34962)
    pos_pad = b.views[-1]
    b.accessors[pos]["min"] = [0, 0, 0]
    b.accessors[pos]["max"] = [32767, 32767, 0]
    col = b.accessor("B", [(255, 0, 0), (0, 255, 0), (0, 0, 255)], 5121, "VEC3", normalized=True)
    doc = b.gltf(meshes=[{"primitives": [{"attributes": {"POSITION": pos, "COLOR_0": col}}]}], nodes=[{"mesh": 0, "scale": [2, 2, 2]}],
                 scenes=[{"nodes": [0]}], extensionsUsed=["KHR_mesh_quantization"], extensionsRequired=["KHR_mesh_quantization"])
    del pos_pad
    write("quantized_colors.gltf", dump(doc))

    # Hierarchy, camera, lights, instancing.
    b = Builder()
    pos = b.vec3(TRI_POS)
    t = b.accessor("f", [(0, 0, 0), (2, 0, 0), (4, 0, 0)], 5126, "VEC3")
    r = b.accessor("f", [(0, 0, 0, 1), (0, 0.7071068, 0, 0.7071068), (0, 0, 0, 1)], 5126, "VEC4")
    s = b.accessor("f", [(1, 1, 1), (1, 1, 1), (2, 2, 2)], 5126, "VEC3")
    doc = b.gltf(
        meshes=[{"primitives": [{"attributes": {"POSITION": pos}}]}],
        cameras=[{"type": "perspective", "perspective": {"yfov": 0.6, "znear": 0.05, "zfar": 500, "aspectRatio": 1.5}},
                 {"type": "orthographic", "orthographic": {"xmag": 2, "ymag": 1, "znear": 0, "zfar": 10}}],
        nodes=[
            {"name": "parent", "translation": [0, 1, 0], "children": [1, 2, 3]},
            {"name": "instanced", "mesh": 0, "extensions": {"EXT_mesh_gpu_instancing": {"attributes": {"TRANSLATION": t, "ROTATION": r, "SCALE": s}}}},
            {"name": "camera", "camera": 0, "rotation": [0, 0.7071068, 0, 0.7071068]},
            {"name": "spot", "extensions": {"KHR_lights_punctual": {"light": 1}}, "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]},
            {"name": "unused camera", "camera": 1},
        ],
        scenes=[{"nodes": [0, 4]}],
        scene=0,
        extensionsUsed=["EXT_mesh_gpu_instancing", "KHR_lights_punctual", "EXT_some_future_thing"],
        extensions={"KHR_lights_punctual": {"lights": [
            {"type": "directional", "color": [1, 0.9, 0.8], "intensity": 3},
            {"type": "spot", "intensity": 100, "range": 20, "spot": {"innerConeAngle": 0.2, "outerConeAngle": 0.5}},
            {"type": "point", "name": "bulb"},
        ]}},
    )
    write("scene_features.gltf", dump(doc))

    # --- broken --------------------------------------------------------------------------
    _, doc = triangle()
    text = dump(doc)
    lines = text.splitlines(True)
    lines[5] = lines[5].rstrip("\n").rstrip(",") + " oops,\n"  # a syntax error on line 6
    write("malformed.gltf", "".join(lines))
    write("truncated.gltf", text[: len(text) // 2])

    b, doc = triangle(uri="")
    whole = glb(doc, b.bin)
    write("truncated.glb", whole[: len(whole) - 40])
    write("bad_magic.glb", b"glTX" + whole[4:])

    _, doc = triangle(uri="nothere.bin")
    write("missing_buffer.gltf", dump(doc))

    _, doc = triangle(extra_material={"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})
    doc["images"] = [{"uri": "nothere.png"}]
    doc["textures"] = [{"source": 0}]
    write("missing_image.gltf", dump(doc))

    write("huge_header.png", png(16384, 16384))
    _, doc = triangle(extra_material={"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})
    doc["images"] = [{"uri": "huge_header.png"}]
    doc["textures"] = [{"source": 0}]
    write("large_image.gltf", dump(doc))

    _, doc = triangle()
    doc["accessors"][0]["count"] = 300  # the view holds 3 VEC3s
    write("accessor_out_of_range.gltf", dump(doc))

    _, doc = triangle()
    doc["bufferViews"][0]["byteLength"] = 4096  # the view claims more than the buffer has
    write("buffer_view_out_of_range.gltf", dump(doc))

    b = Builder()
    pos = b.vec3(TRI_POS)
    idx = b.indices([0, 1, 7])
    doc = b.gltf(meshes=[{"name": "bad indices", "primitives": [{"attributes": {"POSITION": pos}, "indices": idx}]}], nodes=[{"mesh": 0}])
    write("index_out_of_range.gltf", dump(doc))

    _, doc = triangle(extensionsUsed=["KHR_texture_basisu"], extensionsRequired=["KHR_texture_basisu"])
    write("required_extension.gltf", dump(doc))

    _, doc = triangle(uri="../secret.bin")
    write("escape_buffer.gltf", dump(doc))
    _, doc = triangle(uri="%2E%2E/%2E%2E/secret.bin")
    write("escape_encoded.gltf", dump(doc))
    _, doc = triangle(uri="/etc/passwd")
    write("absolute_buffer.gltf", dump(doc))
    _, doc = triangle(uri="file:///etc/passwd")
    write("scheme_buffer.gltf", dump(doc))
    _, doc = triangle(extra_material={"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})
    doc["images"] = [{"uri": "textures/../../outside.png"}]
    doc["textures"] = [{"source": 0}]
    write("escape_image.gltf", dump(doc))

    # Found by the fuzzer: a file name longer than the file system allows.
    _, doc = triangle(extra_material={"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})
    doc["images"] = [{"uri": "x" * 300 + ".png"}]
    doc["textures"] = [{"source": 0}]
    write("long_uri.gltf", dump(doc))

    _, doc = triangle()
    doc["nodes"] = [{"children": [1]}, {"children": [0]}]
    doc["scenes"] = [{}]  # "nodes": [] would be EMPTY_ENTITY, met before the cycle
    write("node_cycle.gltf", dump(doc))


if __name__ == "__main__":
    main()
