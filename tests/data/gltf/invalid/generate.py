#!/usr/bin/env python3
"""Makes the invalid glTF corpus: each file is tests/data/gltf/triangle.gltf with one defect,
named after the defect, producing the validator code the corpus test (tests/unit/
GltfValidationCorpusTest.cpp) asserts with its JSON pointer. Run from anywhere; the outputs are
committed. The deep chain (3,000 levels, past the 1,000 the renderer holds) also seeds the
importer's fuzz target; the 100,000-level chain is made in memory by the tests."""
import base64
import copy
import json
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))
base = json.load(open(os.path.join(here, "..", "triangle.gltf")))


def write(name, doc, compact=False):
    with open(os.path.join(here, name + ".gltf"), "w") as f:
        if compact:
            json.dump(doc, f, separators=(",", ":"))
        else:
            json.dump(doc, f, indent=1)
        f.write("\n")


def variant(change):
    doc = copy.deepcopy(base)
    change(doc)
    return doc


write("mesh_index_string", variant(lambda d: d["nodes"][0].__setitem__("mesh", "0")))
write("mesh_index_fraction", variant(lambda d: d["nodes"][0].__setitem__("mesh", 0.5)))
write("mesh_index_unresolved", variant(lambda d: d["nodes"][0].__setitem__("mesh", 7)))
write("base_color_red", variant(lambda d: d["materials"][0].setdefault("pbrMetallicRoughness", {}).__setitem__("baseColorFactor", "red")))
write("base_color_short", variant(lambda d: d["materials"][0].setdefault("pbrMetallicRoughness", {}).__setitem__("baseColorFactor", [1, 0, 0])))
write("base_color_element", variant(lambda d: d["materials"][0].setdefault("pbrMetallicRoughness", {}).__setitem__("baseColorFactor", [1, "0", 0, 1])))
write("base_color_range", variant(lambda d: d["materials"][0].setdefault("pbrMetallicRoughness", {}).__setitem__("baseColorFactor", [2, 0, 0, 1])))
write("translation_string", variant(lambda d: d["nodes"][0].__setitem__("translation", "1,2,3")))
write("matrix_1e300", variant(lambda d: d["nodes"][0].__setitem__("matrix", [1e300, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])))
write("mesh_no_primitives", variant(lambda d: (d["meshes"].append({"primitives": []}), d["nodes"].append({"mesh": 1}), d["scenes"][0]["nodes"].append(1))))
write("mesh_primitives_missing", variant(lambda d: (d["meshes"].append({"name": "empty"}), d["nodes"].append({"mesh": 1}), d["scenes"][0]["nodes"].append(1))))
write("primitive_mode", variant(lambda d: d["meshes"][0]["primitives"][0].__setitem__("mode", 9)))
write("sparse_indices_buffer_view", variant(lambda d: d["accessors"][0].__setitem__(
    "sparse", {"count": 1, "indices": {"bufferView": 9, "componentType": 5123}, "values": {"bufferView": 0}})))
write("sparse_values_missing", variant(lambda d: d["accessors"][0].__setitem__(
    "sparse", {"count": 1, "indices": {"bufferView": 2, "componentType": 5123}})))
write("texture_index_string", variant(lambda d: d["materials"][0].setdefault("pbrMetallicRoughness", {}).__setitem__("baseColorTexture", {"index": "0"})))
write("double_sided_string", variant(lambda d: d["materials"][0].__setitem__("doubleSided", "yes")))
write("matrix_and_trs", variant(lambda d: (d["nodes"][0].__setitem__("matrix", [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
                                           d["nodes"][0].__setitem__("translation", [0, 1, 0]))))
write("rotation_non_unit", variant(lambda d: d["nodes"][0].__setitem__("rotation", [0, 0, 0, 0.5])))
write("unused_material", variant(lambda d: d["materials"].append({"name": "spare"})))
write("empty_node", variant(lambda d: (d["nodes"].append({"name": "nothing"}), d["scenes"][0]["nodes"].append(1))))
write("extension_misplaced", variant(lambda d: (d.setdefault("extensionsUsed", []).append("KHR_texture_transform"),
                                                d["nodes"][0].__setitem__("extensions", {"KHR_texture_transform": {"offset": [0, 0]}}))))
write("extension_undeclared", variant(lambda d: d["materials"][0].__setitem__("extensions", {"KHR_materials_unlit": {}})))
write("node_parent_override", variant(lambda d: (d["nodes"].extend([{"children": [3]}, {"children": [3]}, {"mesh": 0}]),
                                                 d["scenes"][0]["nodes"].extend([1, 2]))))
write("node_loop", variant(lambda d: (d["nodes"].extend([{"children": [2]}, {"children": [1]}]))))

write("position_max_mismatch", variant(lambda d: d["accessors"][0].__setitem__("max", [2.0, 1.0, 0.0])))


def sparse_non_increasing(d):
    # A second buffer: sparse indices 2, 1 (UNSIGNED_SHORT) and two VEC3 values.
    data = struct.pack("<HH", 2, 1) + struct.pack("<6f", 0, 0, 1, 0, 0, 1)
    d["buffers"].append({"byteLength": len(data),
                         "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()})
    d["bufferViews"].append({"buffer": 1, "byteOffset": 0, "byteLength": 4})
    d["bufferViews"].append({"buffer": 1, "byteOffset": 4, "byteLength": 24})
    n = len(d["bufferViews"])
    d["accessors"][0]["sparse"] = {"count": 2, "indices": {"bufferView": n - 2, "componentType": 5123},
                                   "values": {"bufferView": n - 1}}
    d["accessors"][0].pop("min")
    d["accessors"][0].pop("max")


write("sparse_indices_non_increasing", variant(sparse_non_increasing))

write("buffer_view_too_long", variant(lambda d: d["bufferViews"][0].__setitem__("byteOffset", 18446744073709551610)))
write("buffer_data_uri_invalid", variant(lambda d: d["buffers"][0].__setitem__("uri", "data:application/octet-stream;base64,@@@@")))
write("buffer_byte_length_1tb", variant(lambda d: d["buffers"][0].__setitem__("byteLength", 1000000000000)))
write("image_data_uri_not_base64", variant(lambda d: d.__setitem__("images", [{"uri": "data:image/png,%89PNG"}])))

# Problems only the importer meets (the document is well formed): each still names its code
# and the JSON pointer of the value at fault.
write("camera_zfar_below_znear", variant(lambda d: (d.__setitem__("cameras", [{"type": "orthographic", "orthographic":
                                                    {"xmag": 1, "ymag": 1, "znear": 2, "zfar": 1}}]),
                                                    d["nodes"][0].__setitem__("camera", 0))))
write("mesh_weights_count", variant(lambda d: d["meshes"][0].__setitem__("weights", [0.5])))
write("skin_joint_unresolved", variant(lambda d: (d.__setitem__("skins", [{"joints": [0, 4]}]), d["nodes"][0].__setitem__("skin", 0))))
write("image_file_missing", variant(lambda d: (d.__setitem__("images", [{"uri": "nothere.png"}]),
                                               d.__setitem__("textures", [{"source": 0}]),
                                               d["materials"][0].setdefault("pbrMetallicRoughness", {}).__setitem__("baseColorTexture", {"index": 0}))))
write("position_vec2", variant(lambda d: d["meshes"][0]["primitives"][0]["attributes"].__setitem__("POSITION", 1)))
write("animation_sampler_interpolation", variant(lambda d: (d["buffers"].append({"byteLength": 8, "uri": "data:application/octet-stream;base64," + base64.b64encode(struct.pack("<2f", 0, 1)).decode()}),
    d["bufferViews"].append({"buffer": 1, "byteLength": 8}),
    d["accessors"].append({"bufferView": 3, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]}),
    d["accessors"].append({"bufferView": 0, "componentType": 5126, "count": 2, "type": "VEC3"}),
    d.__setitem__("animations", [{"channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}],
                                  "samplers": [{"input": 3, "output": 4, "interpolation": "SMOOTH"}]}]))))


def far_positions(d):
    # Valid glTF whose positions reach ±1e38: it imports, and framing it must refuse
    # rather than print a NaN near plane. Written beside triangle.gltf (not a corpus file).
    data = struct.pack("<9f", -1e38, -1e38, 0, 1e38, -1e38, 0, 0, 1e38, 0) + struct.pack("<6f", 0, 0, 1, 0, 0, 1)
    d["buffers"] = [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}]
    d["bufferViews"] = [{"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 24}]
    d["accessors"] = [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [-1e38, -1e38, 0], "max": [1e38, 1e38, 0]},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"}]
    d["meshes"][0]["primitives"][0]["attributes"] = {"POSITION": 0, "TEXCOORD_0": 1}
    d["meshes"][0]["primitives"][0].pop("indices", None)


with open(os.path.join(here, "..", "far_positions.gltf"), "w") as f:
    json.dump(variant(far_positions), f, indent=1)
    f.write("\n")

deep = copy.deepcopy(base)
levels = 3000
deep["nodes"] = [{"children": [i + 1]} for i in range(levels - 1)] + [{"mesh": 0}]
deep["scenes"] = [{"nodes": [0]}]
write("node_hierarchy_too_deep", deep, compact=True)
