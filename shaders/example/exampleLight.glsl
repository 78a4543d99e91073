uniform vec3 lightDirection{X};
uniform vec3 lightColor{X};
