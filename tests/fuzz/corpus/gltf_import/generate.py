#!/usr/bin/env python3
"""Writes the glTF importer fuzzer's seeds for the parts the bad-input models of tests/data/gltf
do not reach: animation samplers (LINEAR, STEP, CUBICSPLINE, on every path, morph weights and
KHR_animation_pointer), skins, morph targets, every KHR_materials_* extension the importer
reads with textures and KHR_texture_transform, KHR_materials_variants, lights, cameras,
instancing and sparse morph targets. Each file is small and valid, so a mutation starts inside
the code it is meant to reach.

Run: python3 tests/fuzz/corpus/gltf_import/generate.py (the outputs are committed).
"""
import base64
import json
import math
import os
import struct
import sys

sys.dont_write_bytecode = True  # nothing written beside the test models

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "data", "gltf"))
from generate import Builder, TRI_POS, TRI_UV, png  # noqa: E402  (the test models' own builder)


def write(name, doc):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(json.dumps(doc, separators=(",", ":")) + "\n")


def png_uri():
    rows = [[255, 0, 0, 255, 0, 255, 0, 255], [0, 0, 255, 255, 255, 255, 255, 128]]
    return "data:image/png;base64," + base64.b64encode(png(2, 2, rows)).decode()


def scalars(b, values):
    return b.accessor("f", values, 5126, "SCALAR", minmax=False)


def with_minmax(b, index, values):
    b.accessors[index]["min"] = [min(values)]
    b.accessors[index]["max"] = [max(values)]
    return index


def animated(interpolation, path):
    b = Builder()
    pos, idx = b.vec3(TRI_POS), b.indices([0, 1, 2])
    times = [0.0, 0.5, 1.0]
    inp = with_minmax(b, scalars(b, times), times)
    keys = {
        "translation": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
        "scale": [(1, 1, 1), (2, 2, 2), (0.5, 1, 1)],
        "rotation": [(0, 0, 0, 1), (0, math.sin(0.5), 0, math.cos(0.5)), (math.sin(0.5), 0, 0, math.cos(0.5))],
    }[path]
    if interpolation == "CUBICSPLINE":
        zero = tuple(0.0 for _ in keys[0])
        keys = [v for k in keys for v in (zero, k, zero)]  # in-tangent, value, out-tangent
    out = b.accessor("f", keys, 5126, "VEC4" if path == "rotation" else "VEC3")
    return b.gltf(
        meshes=[{"primitives": [{"attributes": {"POSITION": pos}, "indices": idx}]}],
        nodes=[{"name": "moving", "mesh": 0}],
        scenes=[{"nodes": [0]}],
        scene=0,
        animations=[{"name": f"{path}-{interpolation.lower()}",
                     "samplers": [{"input": inp, "output": out, "interpolation": interpolation}],
                     "channels": [{"sampler": 0, "target": {"node": 0, "path": path}}]}],
    )


def morphed(sparse=False):
    b = Builder()
    pos, idx = b.vec3(TRI_POS), b.indices([0, 1, 2])
    normal = b.accessor("f", [(0, 0, 1)] * 3, 5126, "VEC3")
    t0 = b.vec3([(0, 0, 0.5), (0, 0, 0), (0, 0, 0)])
    t1 = b.accessor("f", [(0, 0, 0), (0.1, 0, 0), (0, 0.1, 0)], 5126, "VEC3", minmax=True)
    if sparse:
        # Target 1 as a sparse accessor over zeros: only vertex 2 moves.
        sparse_idx = b.view(struct.pack("<H", 2) + b"\0\0")
        sparse_val = b.view(struct.pack("<3f", 0, 0.2, 0))
        b.accessors[t1] = {"componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [0, 0.2, 0],
                           "sparse": {"count": 1, "indices": {"bufferView": sparse_idx, "componentType": 5123},
                                      "values": {"bufferView": sparse_val}}}
    nt = b.accessor("f", [(0, 0.1, 0)] * 3, 5126, "VEC3")
    times = [0.0, 1.0]
    inp = with_minmax(b, scalars(b, times), times)
    weights = scalars(b, [0.0, 1.0, 1.0, 0.0])
    return b.gltf(
        meshes=[{"name": "morph", "weights": [0.5, 0.25],
                 "extras": {"targetNames": ["bulge", "lean"]},
                 "primitives": [{"attributes": {"POSITION": pos, "NORMAL": normal}, "indices": idx,
                                 "targets": [{"POSITION": t0, "NORMAL": nt}, {"POSITION": t1}]}]}],
        nodes=[{"mesh": 0}],
        scenes=[{"nodes": [0]}],
        scene=0,
        animations=[{"samplers": [{"input": inp, "output": weights, "interpolation": "STEP"}],
                     "channels": [{"sampler": 0, "target": {"node": 0, "path": "weights"}}]}],
    )


def skinned():
    b = Builder()
    pos, idx = b.vec3(TRI_POS), b.indices([0, 1, 2])
    joints = b.accessor("B", [(0, 1, 0, 0), (1, 0, 0, 0), (0, 1, 0, 0)], 5121, "VEC4")
    weights = b.accessor("f", [(0.5, 0.5, 0, 0), (1, 0, 0, 0), (0.25, 0.75, 0, 0)], 5126, "VEC4")
    identity = (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    moved = (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1)
    ibm = b.accessor("f", [identity, moved], 5126, "MAT4")
    times = [0.0, 1.0]
    inp = with_minmax(b, scalars(b, times), times)
    rot = b.accessor("f", [(0, 0, 0, 1), (0, 0, math.sin(0.4), math.cos(0.4))], 5126, "VEC4")
    return b.gltf(
        meshes=[{"primitives": [{"attributes": {"POSITION": pos, "JOINTS_0": joints, "WEIGHTS_0": weights},
                                 "indices": idx}]}],
        skins=[{"name": "arm", "joints": [1, 2], "inverseBindMatrices": ibm, "skeleton": 1}],
        nodes=[{"mesh": 0, "skin": 0}, {"name": "shoulder", "children": [2]},
               {"name": "elbow", "translation": [0, 1, 0]}],
        scenes=[{"nodes": [0, 1]}],
        scene=0,
        animations=[{"samplers": [{"input": inp, "output": rot}],
                     "channels": [{"sampler": 0, "target": {"node": 2, "path": "rotation"}}]}],
    )


def textured(b, extra_members=None):
    """A triangle with UVs, one PNG texture and the materials given."""
    pos, uv, idx = b.vec3(TRI_POS), b.vec2(TRI_UV), b.indices([0, 1, 2])
    return {"attributes": {"POSITION": pos, "TEXCOORD_0": uv, **(extra_members or {})}, "indices": idx, "material": 0}


def tex(index=0, **extensions):
    t = {"index": index, "texCoord": 0}
    if extensions:
        t["extensions"] = extensions
    return t


def materials_all():
    b = Builder()
    prim = textured(b)
    transform = {"KHR_texture_transform": {"offset": [0.1, 0.2], "rotation": 0.3, "scale": [2, 2], "texCoord": 0}}
    ext = {
        "KHR_materials_clearcoat": {"clearcoatFactor": 0.8, "clearcoatTexture": tex(), "clearcoatRoughnessFactor": 0.2,
                                    "clearcoatRoughnessTexture": tex(), "clearcoatNormalTexture": tex()},
        "KHR_materials_sheen": {"sheenColorFactor": [0.5, 0.2, 0.1], "sheenColorTexture": tex(),
                                "sheenRoughnessFactor": 0.4, "sheenRoughnessTexture": tex()},
        "KHR_materials_specular": {"specularFactor": 0.7, "specularTexture": tex(), "specularColorFactor": [1, 0.9, 0.8],
                                   "specularColorTexture": tex()},
        "KHR_materials_ior": {"ior": 1.7},
        "KHR_materials_transmission": {"transmissionFactor": 0.5, "transmissionTexture": tex()},
        "KHR_materials_volume": {"thicknessFactor": 0.3, "thicknessTexture": tex(), "attenuationDistance": 2.0,
                                 "attenuationColor": [0.9, 0.5, 0.5]},
        "KHR_materials_iridescence": {"iridescenceFactor": 1.0, "iridescenceTexture": tex(), "iridescenceIor": 1.3,
                                      "iridescenceThicknessMinimum": 100, "iridescenceThicknessMaximum": 400,
                                      "iridescenceThicknessTexture": tex()},
        "KHR_materials_anisotropy": {"anisotropyStrength": 0.6, "anisotropyRotation": 0.5, "anisotropyTexture": tex()},
        "KHR_materials_emissive_strength": {"emissiveStrength": 4.0},
        "KHR_materials_dispersion": {"dispersion": 0.1},
        "KHR_materials_diffuse_transmission": {"diffuseTransmissionFactor": 0.25, "diffuseTransmissionTexture": tex(),
                                               "diffuseTransmissionColorFactor": [1, 0.5, 0.5],
                                               "diffuseTransmissionColorTexture": tex()},
    }
    material = {"name": "everything", "alphaMode": "MASK", "alphaCutoff": 0.4, "doubleSided": True,
                "emissiveFactor": [1, 0.5, 0], "emissiveTexture": tex(),
                "normalTexture": {"index": 0, "scale": 0.5}, "occlusionTexture": {"index": 0, "strength": 0.7},
                "pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 0.9], "baseColorTexture": tex(0, **transform),
                                         "metallicFactor": 0.3, "roughnessFactor": 0.6,
                                         "metallicRoughnessTexture": tex()},
                "extensions": ext}
    doc = b.gltf(meshes=[{"primitives": [prim]}], materials=[material], nodes=[{"mesh": 0}],
                 scenes=[{"nodes": [0]}], scene=0,
                 images=[{"uri": png_uri()}], samplers=[{"magFilter": 9728, "minFilter": 9986, "wrapS": 33648}],
                 textures=[{"source": 0, "sampler": 0}])
    doc["extensionsUsed"] = sorted(set(ext) | {"KHR_texture_transform"})
    return doc


def unlit_blend():
    b = Builder()
    doc = b.gltf(meshes=[{"primitives": [textured(b)]}],
                 materials=[{"alphaMode": "BLEND", "extensions": {"KHR_materials_unlit": {}},
                             "pbrMetallicRoughness": {"baseColorFactor": [0, 1, 0, 0.5]}}],
                 nodes=[{"mesh": 0}], scenes=[{"nodes": [0]}], scene=0)
    doc["extensionsUsed"] = ["KHR_materials_unlit"]
    return doc


def variants():
    b = Builder()
    prim = textured(b)
    prim["extensions"] = {"KHR_materials_variants": {"mappings": [{"material": 1, "variants": [0, 2]},
                                                                  {"material": 2, "variants": [1]}]}}
    colour = lambda c: {"pbrMetallicRoughness": {"baseColorFactor": c}}  # noqa: E731
    doc = b.gltf(meshes=[{"primitives": [prim]}], materials=[colour([1, 0, 0, 1]), colour([0, 1, 0, 1]), colour([0, 0, 1, 1])],
                 nodes=[{"mesh": 0}], scenes=[{"nodes": [0]}], scene=0,
                 extensions={"KHR_materials_variants": {"variants": [{"name": "green"}, {"name": "blue"}, {"name": "also green"}]}})
    doc["extensionsUsed"] = ["KHR_materials_variants"]
    return doc


def lights_cameras_instancing():
    b = Builder()
    pos, idx = b.vec3(TRI_POS), b.indices([0, 1, 2])
    offsets = b.accessor("f", [(0, 0, 0), (2, 0, 0), (0, 2, 0)], 5126, "VEC3")
    rotations = b.accessor("f", [(0, 0, 0, 1)] * 3, 5126, "VEC4")
    scales = b.accessor("f", [(1, 1, 1), (0.5, 0.5, 0.5), (2, 1, 1)], 5126, "VEC3")
    lights = [{"type": "directional", "color": [1, 1, 0.9], "intensity": 3},
              {"type": "point", "intensity": 20, "range": 10},
              {"type": "spot", "intensity": 50, "spot": {"innerConeAngle": 0.2, "outerConeAngle": 0.6}}]
    doc = b.gltf(
        meshes=[{"primitives": [{"attributes": {"POSITION": pos}, "indices": idx}]}],
        cameras=[{"type": "perspective", "perspective": {"yfov": 0.8, "znear": 0.05, "zfar": 100, "aspectRatio": 1.5}},
                 {"type": "orthographic", "orthographic": {"xmag": 2, "ymag": 2, "znear": 0.1, "zfar": 50}}],
        nodes=[{"mesh": 0, "extensions": {"EXT_mesh_gpu_instancing": {"attributes": {
                   "TRANSLATION": offsets, "ROTATION": rotations, "SCALE": scales}}}},
               {"camera": 0, "translation": [0, 0, 5]}, {"camera": 1, "translation": [0, 0, 8]},
               {"extensions": {"KHR_lights_punctual": {"light": 0}}, "rotation": [-0.38, 0, 0, 0.92]},
               {"extensions": {"KHR_lights_punctual": {"light": 1}}, "translation": [1, 1, 1]},
               {"extensions": {"KHR_lights_punctual": {"light": 2}}, "translation": [0, 3, 0]}],
        scenes=[{"nodes": [0, 1, 2, 3, 4, 5]}],
        scene=0,
        extensions={"KHR_lights_punctual": {"lights": lights}},
    )
    doc["extensionsUsed"] = ["KHR_lights_punctual", "EXT_mesh_gpu_instancing"]
    return doc


def animation_pointer():
    doc = animated("LINEAR", "translation")
    b_times = doc["animations"][0]["samplers"][0]["input"]
    doc["materials"] = [{"pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 1]}}]
    doc["meshes"][0]["primitives"][0]["material"] = 0
    doc["animations"].append({"name": "pointer", "samplers": [{"input": b_times, "output": b_times}],
                              "channels": [{"sampler": 0, "target": {"path": "pointer", "extensions": {
                                  "KHR_animation_pointer": {"pointer": "/materials/0/pbrMetallicRoughness/metallicFactor"}}}}]})
    doc["extensionsUsed"] = ["KHR_animation_pointer"]
    return doc


def main():
    for interpolation in ("LINEAR", "STEP", "CUBICSPLINE"):
        for path in ("translation", "rotation", "scale"):
            write(f"anim-{path}-{interpolation.lower()}.gltf", animated(interpolation, path))
    write("anim-pointer.gltf", animation_pointer())
    write("morph-weights.gltf", morphed())
    write("morph-sparse.gltf", morphed(sparse=True))
    write("skin.gltf", skinned())
    write("materials-khr.gltf", materials_all())
    write("materials-unlit-blend.gltf", unlit_blend())
    write("variants.gltf", variants())
    write("lights-cameras-instancing.gltf", lights_cameras_instancing())


if __name__ == "__main__":
    main()
