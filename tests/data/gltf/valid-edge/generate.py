#!/usr/bin/env python3
"""Writes the valid-edge corpus: glTF files the specification allows (and the Khronos
glTF-Validator reports without errors) that have little or nothing to draw, or that use a
form tinygltf refuses. Each must load and render (tests/unit/GltfValidEdgeTest.cpp,
tests/gl/GltfValidEdgeRenderGLTest.cpp, and a th-capture run per file in tests/CMakeLists.txt).

Run from anywhere: python3 tests/data/gltf/valid-edge/generate.py. See README.md.
"""
import base64
import json
import os
import struct
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ASSET = {"version": "2.0", "generator": "trailhead tests/data/gltf/valid-edge/generate.py"}

# One triangle facing +Z: positions (36 bytes) then uint16 indices (6 bytes, padded to 8).
POSITIONS = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
INDICES = struct.pack("<3H", 0, 1, 2) + b"\0\0"
TRIANGLE_BYTES = POSITIONS + INDICES


def triangle(buffer_uri=None, extra=None):
    """A document drawing the triangle from buffer 0 (uri `buffer_uri`, or the .glb chunk)."""
    buffer = {"byteLength": len(TRIANGLE_BYTES)}
    if buffer_uri is not None:
        buffer["uri"] = buffer_uri
    doc = {
        "asset": ASSET,
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
            {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"},
        ],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": 36},
            {"buffer": 0, "byteOffset": 36, "byteLength": 6},
        ],
        "buffers": [buffer],
    }
    if extra:
        extra(doc)
    return doc


def base64_uri(data):
    return "data:application/octet-stream;base64," + base64.b64encode(data).decode()


def write_json(name, doc, text_edit=None):
    text = json.dumps(doc, indent=1)
    if text_edit:
        text = text_edit(text)
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text + "\n")


def write_glb(name, doc, binary=None):
    js = json.dumps(doc, separators=(",", ":")).encode()
    js += b" " * (-len(js) % 4)
    chunks = struct.pack("<II", len(js), 0x4E4F534A) + js
    if binary is not None:
        binary += b"\0" * (-len(binary) % 4)
        chunks += struct.pack("<II", len(binary), 0x004E4942) + binary
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(struct.pack("<III", 0x46546C67, 2, 12 + len(chunks)) + chunks)


# Nothing to draw.
write_json("no_scenes.gltf", {"asset": ASSET})
write_json("empty_scene.gltf", {"asset": ASSET, "scene": 0, "scenes": [{}]})
write_json("camera_only.gltf", {
    "asset": ASSET, "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [{"camera": 0, "translation": [0, 0, 3]}],
    "cameras": [{"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1}}]})
write_json("light_only.gltf", {
    "asset": ASSET, "extensionsUsed": ["KHR_lights_punctual"], "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [{"extensions": {"KHR_lights_punctual": {"light": 0}}}],
    "extensions": {"KHR_lights_punctual": {"lights": [{"type": "point", "intensity": 10}]}}})
write_json("empty_nodes.gltf", {
    "asset": ASSET, "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [{"name": "parent", "children": [1]}, {"name": "child"}]})
write_json("unread_buffer_without_uri.gltf", {
    "asset": ASSET, "scene": 0, "scenes": [{}], "buffers": [{"byteLength": 16}]})
write_json("unread_buffer_with_scheme.gltf", {
    "asset": ASSET, "scene": 0, "scenes": [{}], "buffers": [{"uri": "https://example.com/data.bin", "byteLength": 16}]})
write_glb("glb_without_bin_chunk.glb", {"asset": ASSET, "scene": 0, "scenes": [{}]})

# The triangle, drawn, beside an edge case.
def unknown_type(doc):
    doc["accessors"].append({"componentType": 5126, "count": 3, "type": "NotaVEC3"})
write_json("unknown_accessor_type_unused.gltf", triangle(base64_uri(TRIANGLE_BYTES), unknown_type))


def second_buffer(doc):
    doc["buffers"].append({"byteLength": 64})
write_glb("glb_second_buffer_without_uri.glb", triangle(None, second_buffer), TRIANGLE_BYTES)
write_json("unread_second_buffer_without_uri.gltf", triangle(base64_uri(TRIANGLE_BYTES), second_buffer))

# Integers written as 1.0 and 3e0: one JSON number type, glTF allows either.
def floats_for_integers(text):
    for key in ("bufferView", "componentType", "count", "byteLength", "byteOffset", "indices", "POSITION", "mesh",
                "scene", "buffer"):
        text = text.replace(f'"{key}": 0', f'"{key}": 0.0').replace(f'"{key}": 1,', f'"{key}": 1e0,')
        text = text.replace(f'"{key}": 3,', f'"{key}": 3.0,').replace(f'"{key}": 36', f'"{key}": 3.6e1')
    return text.replace('"nodes": [\n    0\n   ]', '"nodes": [\n    0.0\n   ]')
write_json("integers_as_floats.gltf", triangle(base64_uri(TRIANGLE_BYTES)), floats_for_integers)

# Percent-encoded (not base64) data: URI, RFC 2397.
write_json("percent_encoded_buffer.gltf",
           triangle("data:application/gltf-buffer," + urllib.parse.quote_from_bytes(TRIANGLE_BYTES, safe="")))


# Indices without a buffer view: zeros, here made 0, 1, 2 by sparse substitution.
def viewless_indices(doc):
    doc["bufferViews"][1] = {"buffer": 0, "byteOffset": 36, "byteLength": 8}
    doc["accessors"][1] = {"componentType": 5123, "count": 3, "type": "SCALAR",
                           "sparse": {"count": 2, "indices": {"bufferView": 1, "componentType": 5123},
                                      "values": {"bufferView": 1, "byteOffset": 4}}}
SPARSE_BYTES = POSITIONS + struct.pack("<4H", 1, 2, 1, 2)
write_json("viewless_indices.gltf", triangle(base64_uri(SPARSE_BYTES), viewless_indices))


# A camera on a node scaled to zero: no view direction (left out with a warning).
def zero_scale_camera(doc):
    doc["nodes"].append({"camera": 0, "scale": [0, 0, 0], "translation": [0, 0, 3]})
    doc["scenes"][0]["nodes"].append(1)
    doc["cameras"] = [{"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.1}}]
write_json("zero_scale_camera.gltf", triangle(base64_uri(TRIANGLE_BYTES), zero_scale_camera))


# EXT_texture_webp without a source: the texture's own (absent) source stands.
def webp_without_source(doc):
    doc["extensionsUsed"] = ["EXT_texture_webp"]
    doc["textures"] = [{"extensions": {"EXT_texture_webp": {}}}]
    doc["materials"] = [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}]
    doc["meshes"][0]["primitives"][0]["material"] = 0
write_json("webp_without_source.gltf", triangle(base64_uri(TRIANGLE_BYTES), webp_without_source))
