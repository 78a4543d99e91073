    color.rgb = mix(fogColor, color.rgb, exp(-fogDensity * length(vPositionW - cameraPosition)));
