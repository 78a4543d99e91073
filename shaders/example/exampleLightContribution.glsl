    lighting += max(dot(normalW, -lightDirection{X}), 0.0) * lightColor{X};
