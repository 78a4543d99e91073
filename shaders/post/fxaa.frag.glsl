// FXAA 3.11, the PC "quality" path (Timothy Lottes, NVIDIA 2011) at preset 12: find the
// local contrast edge from luma, choose its orientation, walk along it both ways until the
// luma gradient ends, and move the sample across the edge by how far the pixel is from the
// span's end; a subpixel term softens single-pixel features. Runs on the tone-mapped,
// sRGB-encoded image (luma from the encoded colour, as FXAA expects).
uniform highp sampler2D source;
uniform vec2 sourceTexel;

in vec2 vUv;
out vec4 fragColor;

float fxaaLuma(vec2 uv) { return dot(texture(source, uv).rgb, vec3(0.299, 0.587, 0.114)); }

void main() {
    vec2 uv = vUv;
    vec2 t = sourceTexel;
    vec4 rgbaM = texture(source, uv);
    float lumaM = dot(rgbaM.rgb, vec3(0.299, 0.587, 0.114));
    float lumaS = fxaaLuma(uv + vec2(0.0, 1.0) * t);
    float lumaE = fxaaLuma(uv + vec2(1.0, 0.0) * t);
    float lumaN = fxaaLuma(uv + vec2(0.0, -1.0) * t);
    float lumaW = fxaaLuma(uv + vec2(-1.0, 0.0) * t);
    float rangeMax = max(max(max(lumaS, lumaE), max(lumaN, lumaW)), lumaM);
    float rangeMin = min(min(min(lumaS, lumaE), min(lumaN, lumaW)), lumaM);
    float range = rangeMax - rangeMin;
    // Edge thresholds of the quality preset: 1/8 of the local peak, never below 0.0312.
    if (range < max(0.0312, rangeMax * 0.125)) {
        fragColor = rgbaM;
        return;
    }
    float lumaNW = fxaaLuma(uv + vec2(-1.0, -1.0) * t);
    float lumaSE = fxaaLuma(uv + vec2(1.0, 1.0) * t);
    float lumaNE = fxaaLuma(uv + vec2(1.0, -1.0) * t);
    float lumaSW = fxaaLuma(uv + vec2(-1.0, 1.0) * t);

    float lumaNS = lumaN + lumaS;
    float lumaWE = lumaW + lumaE;
    float subpixRcpRange = 1.0 / range;
    float subpixNSWE = lumaNS + lumaWE;
    float edgeHorz1 = -2.0 * lumaM + lumaNS;
    float edgeVert1 = -2.0 * lumaM + lumaWE;
    float lumaNESE = lumaNE + lumaSE;
    float lumaNWNE = lumaNW + lumaNE;
    float edgeHorz2 = -2.0 * lumaE + lumaNESE;
    float edgeVert2 = -2.0 * lumaN + lumaNWNE;
    float lumaNWSW = lumaNW + lumaSW;
    float lumaSWSE = lumaSW + lumaSE;
    float edgeHorz4 = abs(edgeHorz1) * 2.0 + abs(edgeHorz2);
    float edgeVert4 = abs(edgeVert1) * 2.0 + abs(edgeVert2);
    float edgeHorz3 = -2.0 * lumaW + lumaNWSW;
    float edgeVert3 = -2.0 * lumaS + lumaSWSE;
    float edgeHorz = abs(edgeHorz3) + edgeHorz4;
    float edgeVert = abs(edgeVert3) + edgeVert4;
    float subpixNWSWNESE = lumaNWSW + lumaNESE;
    float lengthSign = t.x;
    bool horzSpan = edgeHorz >= edgeVert;
    float subpixA = subpixNSWE * 2.0 + subpixNWSWNESE;
    if (!horzSpan) {
        lumaN = lumaW;
        lumaS = lumaE;
    } else {
        lengthSign = t.y;
    }
    float subpixB = subpixA * (1.0 / 12.0) - lumaM;
    float gradientN = lumaN - lumaM;
    float gradientS = lumaS - lumaM;
    float lumaNN = lumaN + lumaM;
    float lumaSS = lumaS + lumaM;
    bool pairN = abs(gradientN) >= abs(gradientS);
    float gradient = max(abs(gradientN), abs(gradientS));
    if (pairN) lengthSign = -lengthSign;
    float subpixC = clamp(abs(subpixB) * subpixRcpRange, 0.0, 1.0);

    vec2 posB = uv;
    vec2 offNP = horzSpan ? vec2(t.x, 0.0) : vec2(0.0, t.y);
    if (!horzSpan) posB.x += lengthSign * 0.5;
    else posB.y += lengthSign * 0.5;
    vec2 posN = posB - offNP;
    vec2 posP = posB + offNP;
    float subpixD = -2.0 * subpixC + 3.0;
    float lumaEndN = fxaaLuma(posN);
    float subpixE = subpixC * subpixC;
    float lumaEndP = fxaaLuma(posP);
    if (!pairN) lumaNN = lumaSS;
    float gradientScaled = gradient * 0.25;
    float lumaMM = lumaM - lumaNN * 0.5;
    float subpixF = subpixD * subpixE;
    bool lumaMLTZero = lumaMM < 0.0;
    lumaEndN -= lumaNN * 0.5;
    lumaEndP -= lumaNN * 0.5;
    bool doneN = abs(lumaEndN) >= gradientScaled;
    bool doneP = abs(lumaEndP) >= gradientScaled;
    // Preset 12's further steps along the edge (the first, 1.0, is above).
    const float steps[7] = float[7](1.5, 2.0, 2.0, 2.0, 2.0, 4.0, 8.0);
    for (int i = 0; i < 7; ++i) {
        if (doneN && doneP) break;
        if (!doneN) {
            posN -= offNP * steps[i];
            lumaEndN = fxaaLuma(posN) - lumaNN * 0.5;
            doneN = abs(lumaEndN) >= gradientScaled;
        }
        if (!doneP) {
            posP += offNP * steps[i];
            lumaEndP = fxaaLuma(posP) - lumaNN * 0.5;
            doneP = abs(lumaEndP) >= gradientScaled;
        }
    }
    float dstN = horzSpan ? uv.x - posN.x : uv.y - posN.y;
    float dstP = horzSpan ? posP.x - uv.x : posP.y - uv.y;
    bool goodSpanN = (lumaEndN < 0.0) != lumaMLTZero;
    bool goodSpanP = (lumaEndP < 0.0) != lumaMLTZero;
    float spanLength = dstP + dstN;
    bool directionN = dstN < dstP;
    float dst = min(dstN, dstP);
    bool goodSpan = directionN ? goodSpanN : goodSpanP;
    float subpixG = subpixF * subpixF;
    float pixelOffset = dst * (-1.0 / spanLength) + 0.5;
    float subpixH = subpixG * 0.75; // subpixel quality 0.75: the default
    float pixelOffsetGood = goodSpan ? pixelOffset : 0.0;
    float pixelOffsetSubpix = max(pixelOffsetGood, subpixH);
    if (!horzSpan) uv.x += pixelOffsetSubpix * lengthSign;
    else uv.y += pixelOffsetSubpix * lengthSign;
    fragColor = vec4(texture(source, uv).rgb, rgbaM.a);
}
