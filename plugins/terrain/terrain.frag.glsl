// The terrain plugin's fragment code: six ground layers blended from per-vertex weights,
// refined per pixel by the layers' heights, with per-layer normals, roughness, occlusion and
// Fresnel, fading to flat layer colours and the analytic normal between 80 and 140 m.
// TerrainPlugin.h describes the inputs, TerrainMath.h mirrors this math on the CPU and the
// unit tests pin the tables below to it. Layer order everywhere: grass, forest floor, rock,
// sand, pebble, asphalt. Samplers and the uniform block are declared by the engine from the
// plugin's declaration, ahead of this code.

// @key CUSTOM_FRAGMENT_DEFINITIONS
#if defined(TERRAIN) && defined(PASS_MAIN)
#ifdef VERTEX_COLORS
#error terrain plugin: vertex colours carry layer weights on terrain meshes, so the material must not multiply albedo by them (turn PbrParams::vertexColors off)
#endif

const float TERRAIN_LAYER_ROUGHNESS[6] = float[6](1.0, 1.0, 0.85, 0.95, 0.9, 0.9);
const float TERRAIN_LAYER_F0[6] = float[6](0.5, 0.5, 1.0, 0.7, 0.85, 1.0);
const float TERRAIN_WEIGHT_EPSILON = 0.001;
const float TERRAIN_HEX_SCALE = 1.7320508;
const int TERRAIN_MAX_ROAD_SEGMENTS = 64;
const float TERRAIN_RAH_ROUGHNESS_SCALE = 255.0 / 128.0;

// Vertex weights: colour rgba holds grass, forest floor, rock and sand, uv1 holds pebble and
// asphalt. Normalised here, so a mesh may store unnormalised weights.
void terrainVertexWeights(out float w[6]) {
    w[0] = vColor.r;
    w[1] = vColor.g;
    w[2] = vColor.b;
    w[3] = vColor.a;
    w[4] = vUv1.x;
    w[5] = vUv1.y;
    float sum = 0.0;
    for (int i = 0; i < 6; ++i) {
        w[i] = max(w[i], 0.0);
        sum += w[i];
    }
    if (sum < 1e-4) {
        w[0] = 1.0;
        sum = 1.0;
    }
    for (int i = 0; i < 6; ++i) w[i] /= sum;
}

// Height blend: layers whose weight plus height come within `depth` of the highest one share
// the surface, so stones poke through sand and grass fills the hollows of rock. Layers absent
// at the vertices stay absent.
void terrainHeightBlend(inout float w[6], float h[6], float depth, float strength) {
    float top = -1.0;
    for (int i = 0; i < 6; ++i)
        if (w[i] > TERRAIN_WEIGHT_EPSILON) top = max(top, w[i] + h[i]);
    float floorLevel = top - depth;
    float b[6];
    float sum = 0.0;
    for (int i = 0; i < 6; ++i) {
        b[i] = w[i] > TERRAIN_WEIGHT_EPSILON ? max(w[i] + h[i] - floorLevel, 0.0) : 0.0;
        sum += b[i];
    }
    for (int i = 0; i < 6; ++i) w[i] = mix(w[i], b[i] / max(sum, 1e-6), strength);
}

// --- hex tiling (grass): three rotated, offset copies of the texture on a triangular
// lattice, blended by sharpened barycentric weights, so no repeat grid shows.
struct TerrainHex {
    vec3 weight;
    vec4 t0; // cos, sin, offset of each lattice vertex
    vec4 t1;
    vec4 t2;
};

vec4 terrainHexTransform(vec2 vertex) {
    uvec2 q = uvec2(vertex + 32768.0);
    uint h = q.x * 0x8da6b343u + q.y * 0xd8163841u;
    h ^= h >> 16u;
    h *= 0x7feb352du;
    h ^= h >> 15u;
    h *= 0x846ca68bu;
    h ^= h >> 16u;
    float angle = float(h & 1023u) * (6.2831853 / 1024.0);
    return vec4(cos(angle), sin(angle), vec2(float((h >> 10u) & 1023u), float((h >> 20u) & 1023u)) / 1024.0);
}

TerrainHex terrainHexSetup(vec2 uv, float sharpness) {
    vec2 st = uv * TERRAIN_HEX_SCALE;
    vec2 skewed = vec2(st.x - 0.57735027 * st.y, 1.15470054 * st.y);
    vec2 base = floor(skewed);
    vec2 f = skewed - base;
    float z = 1.0 - f.x - f.y;
    float s = z < 0.0 ? 1.0 : 0.0;
    float s2 = 2.0 * s - 1.0;
    vec3 bary = vec3(-z * s2, s - f.y * s2, s - f.x * s2);
    TerrainHex hx;
    hx.t0 = terrainHexTransform(base + vec2(s, s));
    hx.t1 = terrainHexTransform(base + vec2(s, 1.0 - s));
    hx.t2 = terrainHexTransform(base + vec2(1.0 - s, s));
    vec3 p = pow(max(bary, vec3(0.0)), vec3(sharpness));
    hx.weight = p / max(p.x + p.y + p.z, 1e-6);
    return hx;
}

vec2 terrainRotate(vec4 t, vec2 v) { return vec2(t.x * v.x - t.y * v.y, t.y * v.x + t.x * v.y); }
vec2 terrainUnrotate(vec4 t, vec2 v) { return vec2(t.x * v.x + t.y * v.y, -t.y * v.x + t.x * v.y); }

vec4 terrainHexFetch(highp sampler2DArray maps, TerrainHex hx, vec2 uv, float layer, vec2 gx, vec2 gy) {
    vec4 a = textureGrad(maps, vec3(terrainRotate(hx.t0, uv) + hx.t0.zw, layer), terrainRotate(hx.t0, gx), terrainRotate(hx.t0, gy));
    vec4 b = textureGrad(maps, vec3(terrainRotate(hx.t1, uv) + hx.t1.zw, layer), terrainRotate(hx.t1, gx), terrainRotate(hx.t1, gy));
    vec4 c = textureGrad(maps, vec3(terrainRotate(hx.t2, uv) + hx.t2.zw, layer), terrainRotate(hx.t2, gx), terrainRotate(hx.t2, gy));
    return a * hx.weight.x + b * hx.weight.y + c * hx.weight.z;
}

// The hex-blended tangent-space perturbation, each copy turned back into the uv frame.
vec2 terrainHexNormal(TerrainHex hx, vec2 uv, float layer, vec2 gx, vec2 gy) {
    vec2 a = textureGrad(terrainNormals, vec3(terrainRotate(hx.t0, uv) + hx.t0.zw, layer), terrainRotate(hx.t0, gx), terrainRotate(hx.t0, gy)).xy * 2.0 - 1.0;
    vec2 b = textureGrad(terrainNormals, vec3(terrainRotate(hx.t1, uv) + hx.t1.zw, layer), terrainRotate(hx.t1, gx), terrainRotate(hx.t1, gy)).xy * 2.0 - 1.0;
    vec2 c = textureGrad(terrainNormals, vec3(terrainRotate(hx.t2, uv) + hx.t2.zw, layer), terrainRotate(hx.t2, gx), terrainRotate(hx.t2, gy)).xy * 2.0 - 1.0;
    return terrainUnrotate(hx.t0, a) * hx.weight.x + terrainUnrotate(hx.t1, b) * hx.weight.y + terrainUnrotate(hx.t2, c) * hx.weight.z;
}

// --- rock: triplanar, one projection per axis, blended by the sharpened normal.
vec3 terrainTriplanarWeights(vec3 n) {
    vec3 a = abs(n);
    a *= a;
    a *= a;
    return a / max(a.x + a.y + a.z, 1e-6);
}

// Offset-limited parallax: the texel's height above the mean shifts the lookup towards the
// eye along the face, by at most half the relief depth (no division by the view angle, so it
// never runs away at grazing angles). `viewInFace` is the eye direction in the face's uv axes.
vec2 terrainParallaxOffset(float height, vec2 viewInFace, float depthUv) {
    return (height - 0.5) * depthUv * viewInFace;
}

#ifdef TERRAIN_ROAD
// The nearest road segment of the centreline table: x = signed distance across the road,
// y = distance along it (both in metres), z = distance past the road's edge (negative on the
// road), and `along` gets the segment's direction in world XZ.
vec3 terrainRoadFrame(vec2 p, out vec2 along) {
    vec3 best = vec3(0.0, 0.0, 1e9);
    along = vec2(0.0, 1.0);
    int count = int(terrainRoadInfo.x);
    for (int i = 0; i < TERRAIN_MAX_ROAD_SEGMENTS; ++i) {
        if (i >= count) break;
        vec4 segment = texelFetch(terrainRoadTable, ivec2(i, 0), 0);
        vec4 info = texelFetch(terrainRoadTable, ivec2(i, 1), 0);
        vec2 ab = segment.zw - segment.xy;
        float len = max(length(ab), 1e-4);
        vec2 dir = ab / len;
        vec2 ap = p - segment.xy;
        float t = clamp(dot(ap, dir), 0.0, len);
        float past = length(ap - dir * t) - info.x;
        if (past < best.z) {
            best = vec3(dir.x * ap.y - dir.y * ap.x, info.y + t, past);
            along = dir;
        }
    }
    return best;
}
#endif

// Everything the terrain does to the surface. `geometricNormal` decides the triplanar
// weights, `normal` is perturbed in place. Roughness and F0 are scaled, never replaced, so
// the material's own values (wet ground) still act.
void terrainSurface(vec3 positionW, vec3 geometricNormal, inout vec3 albedo, inout vec3 normal, inout float roughness,
                    inout vec3 f0, inout float occlusion) {
    // Derivatives first, in uniform control flow: every fetch below uses textureGrad.
    vec3 dPdx = dFdx(positionW);
    vec3 dPdy = dFdy(positionW);
    vec3 toEye = cameraPosition.xyz - positionW;
    float strength = (1.0 - smoothstep(terrainFade.x, terrainFade.y, length(toEye))) * terrainFade.z;
    vec3 view = normalize(toEye);

    float w[6];
    terrainVertexWeights(w);

    float invTiling[6] = float[6](terrainTiling.x, terrainTiling.y, terrainTiling.z, terrainTiling.w, terrainTiling2.x, terrainTiling2.y);
    vec2 planarUv[6];
    for (int i = 0; i < 6; ++i) planarUv[i] = positionW.xz * invTiling[i];

    // Road paint: the asphalt layer follows the distance to the centreline.
    float roadWeight = 0.0;
    vec3 roadAcross = vec3(1.0, 0.0, 0.0);
    vec3 roadAlong = vec3(0.0, 0.0, 1.0);
    vec2 asphaltUv = planarUv[5];
    vec2 asphaltGx = dPdx.xz * invTiling[5];
    vec2 asphaltGy = dPdy.xz * invTiling[5];
#ifdef TERRAIN_ROAD
    vec2 p = positionW.xz;
    if (all(greaterThanEqual(p, terrainRoadBounds.xy)) && all(lessThanEqual(p, terrainRoadBounds.zw))) {
        vec2 dir;
        vec3 frame = terrainRoadFrame(p, dir);
        roadWeight = 1.0 - smoothstep(-terrainRoadInfo.y, 0.0, frame.z);
        if (roadWeight > 0.0) {
            roadAcross = vec3(-dir.y, 0.0, dir.x);
            roadAlong = vec3(dir.x, 0.0, dir.y);
            asphaltUv = frame.xy * invTiling[5];
            asphaltGx = vec2(dot(dPdx, roadAcross), dot(dPdx, roadAlong)) * invTiling[5];
            asphaltGy = vec2(dot(dPdy, roadAcross), dot(dPdy, roadAlong)) * invTiling[5];
        }
    }
#endif

    vec3 detailed = vec3(0.0);
    vec3 perturbation = vec3(0.0);
    float roughnessMap = 1.0;
    float ao = 1.0;
    if (strength > 0.0) {
        // Heights (and the rest of the RAH texel) of every layer present.
        vec4 rah[6];
        float h[6];
        TerrainHex hx = terrainHexSetup(planarUv[0], terrainFade.w);
        vec2 grassGx = dPdx.xz * invTiling[0], grassGy = dPdy.xz * invTiling[0];
        vec3 tri = terrainTriplanarWeights(geometricNormal);
        vec2 rockUv[3];
        rockUv[0] = positionW.yz * invTiling[2];
        rockUv[1] = positionW.xz * invTiling[2];
        rockUv[2] = positionW.xy * invTiling[2];
        vec2 rockGx[3];
        rockGx[0] = dPdx.yz * invTiling[2];
        rockGx[1] = dPdx.xz * invTiling[2];
        rockGx[2] = dPdx.xy * invTiling[2];
        vec2 rockGy[3];
        rockGy[0] = dPdy.yz * invTiling[2];
        rockGy[1] = dPdy.xz * invTiling[2];
        rockGy[2] = dPdy.xy * invTiling[2];
        vec2 rockView[3];
        rockView[0] = view.yz;
        rockView[1] = view.xz;
        rockView[2] = view.xy;
        vec4 rockRah[3];
        for (int i = 0; i < 6; ++i) {
            rah[i] = vec4(0.5, 1.0, 0.5, 1.0);
            bool present = w[i] > TERRAIN_WEIGHT_EPSILON || (i == 5 && roadWeight > 0.0);
            if (!present) continue;
            if (i == 0) {
                rah[i] = terrainHexFetch(terrainRAH, hx, planarUv[0], 0.0, grassGx, grassGy);
            } else if (i == 2) {
                rah[i] = vec4(0.0);
                for (int f = 0; f < 3; ++f) {
                    rockRah[f] = vec4(0.5, 1.0, 0.5, 1.0);
                    if (tri[f] < 0.01) continue;
                    float top = textureGrad(terrainRAH, vec3(rockUv[f], 2.0), rockGx[f], rockGy[f]).b;
                    rockUv[f] += terrainParallaxOffset(top, rockView[f], terrainTiling2.z * invTiling[2]) * strength;
                    rockRah[f] = textureGrad(terrainRAH, vec3(rockUv[f], 2.0), rockGx[f], rockGy[f]);
                    rah[i] += rockRah[f] * tri[f];
                }
            } else if (i == 5) {
                rah[i] = textureGrad(terrainRAH, vec3(asphaltUv, 5.0), asphaltGx, asphaltGy);
            } else {
                rah[i] = textureGrad(terrainRAH, vec3(planarUv[i], float(i)), dPdx.xz * invTiling[i], dPdy.xz * invTiling[i]);
            }
        }
        for (int i = 0; i < 6; ++i) h[i] = rah[i].b;
        terrainHeightBlend(w, h, terrainTiling2.w, strength);
        for (int i = 0; i < 6; ++i) w[i] = mix(w[i], i == 5 ? 1.0 : 0.0, roadWeight);

        // Albedo and normals of the layers that survived the blend.
        roughnessMap = 0.0;
        ao = 0.0;
        for (int i = 0; i < 6; ++i) {
            if (w[i] <= TERRAIN_WEIGHT_EPSILON) continue;
            vec3 colour;
            vec3 bump;
            if (i == 0) {
                colour = terrainHexFetch(terrainAlbedo, hx, planarUv[0], 0.0, grassGx, grassGy).rgb;
                vec2 t = terrainHexNormal(hx, planarUv[0], 0.0, grassGx, grassGy);
                bump = vec3(t.x, 0.0, t.y);
            } else if (i == 2) {
                colour = vec3(0.0);
                bump = vec3(0.0);
                for (int f = 0; f < 3; ++f) {
                    if (tri[f] < 0.01) continue;
                    colour += textureGrad(terrainAlbedo, vec3(rockUv[f], 2.0), rockGx[f], rockGy[f]).rgb * tri[f];
                    vec2 t = textureGrad(terrainNormals, vec3(rockUv[f], 2.0), rockGx[f], rockGy[f]).xy * 2.0 - 1.0;
                    // Each projection's uv axes are two world axes: X face (y, z), Y face (x, z), Z face (x, y).
                    if (f == 0) bump += vec3(0.0, t.x, t.y) * tri[f];
                    else if (f == 1) bump += vec3(t.x, 0.0, t.y) * tri[f];
                    else bump += vec3(t.x, t.y, 0.0) * tri[f];
                }
            } else if (i == 5) {
                colour = textureGrad(terrainAlbedo, vec3(asphaltUv, 5.0), asphaltGx, asphaltGy).rgb;
                vec2 t = textureGrad(terrainNormals, vec3(asphaltUv, 5.0), asphaltGx, asphaltGy).xy * 2.0 - 1.0;
                bump = roadAcross * t.x + roadAlong * t.y;
            } else {
                vec3 at = vec3(planarUv[i], float(i));
                vec2 gx = dPdx.xz * invTiling[i], gy = dPdy.xz * invTiling[i];
                colour = textureGrad(terrainAlbedo, at, gx, gy).rgb;
                vec2 t = textureGrad(terrainNormals, at, gx, gy).xy * 2.0 - 1.0;
                bump = vec3(t.x, 0.0, t.y);
            }
            detailed += colour * w[i];
            perturbation += bump * w[i];
            roughnessMap += rah[i].r * TERRAIN_RAH_ROUGHNESS_SCALE * w[i];
            ao += rah[i].g * w[i];
        }
    } else {
        for (int i = 0; i < 6; ++i) w[i] = mix(w[i], i == 5 ? 1.0 : 0.0, roadWeight);
    }

    vec3 plain = vec3(0.0);
    float layerRoughness = 0.0;
    float layerF0 = 0.0;
    for (int i = 0; i < 6; ++i) {
        plain += terrainLayerMean[i].rgb * w[i];
        layerRoughness += TERRAIN_LAYER_ROUGHNESS[i] * w[i];
        layerF0 += TERRAIN_LAYER_F0[i] * w[i];
    }
    albedo *= mix(plain, detailed, strength);
    normal = normalize(normal + perturbation * strength);
    roughness = clamp(roughness * layerRoughness * mix(1.0, roughnessMap, strength), 0.0, 1.0);
    f0 *= layerF0;
    occlusion *= mix(1.0, ao, strength);
}
#endif

// @key CUSTOM_FRAGMENT_BEFORE_LIGHTS
#ifdef TERRAIN
    terrainSurface(vPositionW, geometricNormalW, surfaceAlbedo, normalW, surfaceRoughness, surfaceF0, surfaceOcclusion);
#endif
