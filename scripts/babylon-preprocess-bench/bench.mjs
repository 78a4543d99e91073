// Babylon.js 9.18's shader preprocessor on Babylon's own PBR fragment, under a typical
// PBRMaterial define set, timed in Node; and, when given th-shader, Trailhead's preprocessor
// on the same text and defines in the same sitting.
//
//   node bench.mjs [--out DIR] [--repeat N] [--th-shader PATH] [--text FILE --defines-file FILE]
//
// With --text and --defines-file (one "#define" a line, as th-shader reads it) both sides
// time that text instead, e.g. the synthetic fragment bench-shader --write-synthetic writes.
//
// Writes DIR/pbr.fragment.expanded.glsl (the fragment after Babylon's own include expansion:
// the text Babylon's evaluator reads) and DIR/pbr.defines (the define set, one "#define" a
// line: th-shader's --defines-file format). Prints median milliseconds and MB/s of each.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { ShaderStore } from "@babylonjs/core/Engines/shaderStore.js";
import { Process, ProcessIncludes } from "@babylonjs/core/Engines/Processors/shaderProcessor.js";
import { WebGL2ShaderProcessor } from "@babylonjs/core/Engines/WebGL/webGL2ShaderProcessors.js";
import { PBRMaterialDefines } from "@babylonjs/core/Materials/PBR/pbrBaseMaterial.pure.js";
import "@babylonjs/core/Shaders/pbr.fragment.js"; // registers the fragment and its includes

const args = process.argv.slice(2);
const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const outDir = option("--out", "out");
const repeat = Number(option("--repeat", "300"));
const thShader = option("--th-shader", "");
const customText = option("--text", "");
const customDefines = option("--defines-file", "");
if (Boolean(customText) !== Boolean(customDefines)) throw new Error("--text and --defines-file go together");

// A glTF-like metallic-roughness material with every map, lit by image-based light and one
// shadowed directional light, on a mesh with UVs, normals and tangents: what a loaded glTF
// model gives PBRMaterial.
const d = new PBRMaterialDefines();
Object.assign(d, {
    ALBEDO: true, ALBEDODIRECTUV: 1, AMBIENT: true, AMBIENTDIRECTUV: 1, AMBIENTINGRAYSCALE: true,
    EMISSIVE: true, EMISSIVEDIRECTUV: 1, BUMP: true, BUMPDIRECTUV: 1, NORMAL: true, TANGENT: true,
    UV1: true, METALLICWORKFLOW: true, REFLECTIVITY: true, REFLECTIVITYDIRECTUV: 1,
    AOSTOREINMETALMAPRED: true, METALLNESSSTOREINMETALMAPBLUE: true, ROUGHNESSSTOREINMETALMAPGREEN: true,
    SPECULARAA: false, RADIANCEOCCLUSION: true, HORIZONOCCLUSION: true,
    REFLECTION: true, REFLECTIONMAP_3D: true, REFLECTIONMAP_CUBIC: true, USESPHERICALFROMREFLECTIONMAP: true,
    USEIRRADIANCEMAP: false, SPHERICAL_HARMONICS: true, LODBASEDMICROSFURACE: true, ENVIRONMENTBRDF: true,
    ENVIRONMENTBRDF_RGBD: true, NORMALXYSCALE: true, SPECULARTERM: true, LIGHT0: true, DIRLIGHT0: true,
    SHADOW0: true, SHADOWPCF0: true, SHADOWS: true, NUM_SAMPLES: "0", PBR: true, IMAGEPROCESSING: true,
    TONEMAPPING: 0, EXPOSURE: true, USEPHYSICALLIGHTFALLOFF: true, BRDF_V_HEIGHT_CORRELATED: true,
    MS_BRDF_ENERGY_CONSERVATION: true, SPECULAR_GLOSSINESS_ENERGY_CONSERVATION: true, LINEARSPECULARREFLECTION: false,
    MAINUV1: true, DEBUGMODE: 0,
});
d.markAllAsDirty?.();
const definesText = customDefines ? readFileSync(customDefines, "utf8") : d.toString();
const defines = definesText.split("\n").map((l) => l.trim()).filter((l) => l.startsWith("#define"));

const fragment = ShaderStore.ShadersStore["pbrPixelShader"];
if (!fragment) throw new Error("pbrPixelShader is not registered: is @babylonjs/core 9.18.0 installed?");
const includeOptions = {
    defines, indexParameters: { maxSimultaneousLights: 4 }, isFragment: true, shouldUseHighPrecisionShader: true,
    supportsUniformBuffers: true, shadersRepository: "", includesShadersStore: ShaderStore.IncludesShadersStore,
    processor: null, version: "300", platformName: "WEBGL2", processingContext: null,
    isNDCHalfZRange: false, useReverseDepthBuffer: false,
};
let expanded = "";
let textPath = customText, definesPath = customDefines;
if (customText) {
    expanded = readFileSync(customText, "utf8");
} else {
    ProcessIncludes(fragment, includeOptions, (code) => { expanded = code; });
    if (!expanded) throw new Error("ProcessIncludes did not complete synchronously (an include is missing)");
    mkdirSync(outDir, { recursive: true });
    textPath = join(outDir, "pbr.fragment.expanded.glsl");
    definesPath = join(outDir, "pbr.defines");
    writeFileSync(textPath, expanded);
    writeFileSync(definesPath, defines.join("\n") + "\n");
}
const conditionals = expanded.split("\n").filter((l) => /^\s*#\s*(if|ifdef|ifndef|elif)\b/.test(l)).length;

const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
function time(processor) {
    const options = { ...includeOptions, processor };
    let out = "";
    const run = () => Process(expanded, options, (code) => { out = code; }, undefined);
    for (let i = 0; i < 20; ++i) run(); // JIT warm-up
    const ms = [], cpu = [];
    for (let i = 0; i < repeat; ++i) {
        const c0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        run();
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1e3);
    }
    // CPU time as well as wall time: on a busy machine a 5 ms run is preempted far more
    // often than a 0.2 ms one, which would flatter the ratio.
    return { ms: median(ms), cpuMs: median(cpu), outBytes: out.length };
}
// The evaluator alone: a GLSL processor with no pre/post steps, so Process runs the include
// scan (none left), the precision pass and EvaluatePreProcessors on the expanded text.
const evaluator = time({ shaderLanguage: 0 });
// What a WebGL2 engine runs: the same plus WebGL2ShaderProcessor's ES 3.00 conversion.
const webgl2 = time(new WebGL2ShaderProcessor());
const mbps = (ms) => expanded.length / 1e6 / (ms / 1e3);

console.log(`text: ${textPath} (${expanded.length} bytes, ${expanded.split("\n").length} lines, ${conditionals} conditionals), ` +
    `${defines.length} defines in ${definesPath}; ${repeat} runs, medians`);
console.log(`babylon 9.18 evaluator (Process, ShaderProcessor/ProcessShaderConversion path): ${evaluator.ms.toFixed(3)} ms ` +
    `wall, ${evaluator.cpuMs.toFixed(3)} ms CPU, ${mbps(evaluator.ms).toFixed(0)} MB/s (output ${evaluator.outBytes} bytes)`);
console.log(`babylon 9.18 with WebGL2ShaderProcessor conversion: ${webgl2.ms.toFixed(3)} ms, ${mbps(webgl2.ms).toFixed(0)} MB/s`);

if (thShader) {
    let stderr = "";
    try {
        execFileSync(thShader, ["preprocess", "--defines-file", definesPath, "--repeat", String(repeat), textPath],
            { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26 });
    } catch (e) {
        stderr = String(e.stderr ?? "");
        console.error(`th-shader preprocess failed: ${stderr}`);
        process.exit(1);
    }
    // th-shader prints its median on stderr; run again capturing it.
    const r = (await import("node:child_process")).spawnSync(thShader,
        ["preprocess", "--defines-file", definesPath, "--repeat", String(repeat), textPath], { encoding: "utf8", maxBuffer: 1 << 26 });
    const m = /median_ms=([0-9.]+)/.exec(r.stderr);
    if (r.status !== 0 || !m) {
        console.error(`th-shader preprocess failed (exit ${r.status}): ${r.stderr}`);
        process.exit(1);
    }
    const thMs = Number(m[1]);
    const first = /first_ms=([0-9.]+)/.exec(r.stderr);
    const firstMs = first ? Number(first[1]) : NaN;
    console.log(`trailhead th-shader preprocess: ${thMs.toFixed(4)} ms, ${mbps(thMs).toFixed(0)} MB/s ` +
        `(a text seen before: its directive table kept, as for an effect's permutations)`);
    console.log(`trailhead on a text seen for the first time: ${firstMs.toFixed(4)} ms, ${mbps(firstMs).toFixed(0)} MB/s, ` +
        `${(evaluator.ms / firstMs).toFixed(1)}x babylon by wall time, ${(evaluator.cpuMs / firstMs).toFixed(1)}x by CPU time`);
    console.log(`ratio: trailhead is ${(evaluator.ms / thMs).toFixed(1)}x babylon's evaluator by wall time, ` +
        `${(evaluator.cpuMs / thMs).toFixed(1)}x by Babylon's CPU time (${(webgl2.ms / thMs).toFixed(1)}x babylon with WebGL2 conversion)`);
}
