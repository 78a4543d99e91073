# Sourced by the set-up scripts: installs the Debian 12 packages Trailhead needs, skipping
# what is already installed. Works as root, or through sudo when not root.

trailhead_install_packages() {
    local missing=()
    local package
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    echo "Installing Debian packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# What every build needs: compiler, CMake, and the libraries the engine links.
TRAILHEAD_BUILD_PACKAGES=(
    build-essential cmake pkg-config
    libglfw3-dev libglm-dev libstb-dev libtinygltf-dev nlohmann-json3-dev libimgui-dev
    libepoxy-dev libegl-dev libegl-mesa0 libgl1-mesa-dri libpcre2-dev
    libmeshoptimizer-dev libdraco-dev libwebp-dev
)
# What the tests need on top: doctest, glslangValidator, gcc's cpp for preprocessor
# conformance, clang with its sanitizer and libFuzzer runtimes, a virtual X server for
# the demo test, and Python for the capture-suite test (it reads JUnit XML as CI does).
TRAILHEAD_TEST_PACKAGES=(
    doctest-dev glslang-tools cpp clang libclang-rt-dev xvfb xauth xdotool python3
)
