# Shared by run.sh and test.sh: install the Debian packages opscope needs (only those missing),
# then configure and build in Release. Sourced, not run.
set -euo pipefail

OPSCOPE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPSCOPE_BUILD_DIR="${OPSCOPE_BUILD_DIR:-$OPSCOPE_ROOT/build}"

OPSCOPE_PACKAGES=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev libgl-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  libsqlite3-dev nlohmann-json3-dev catch2 zlib1g-dev libgraphviz-dev
  fonts-dejavu-core fonts-wqy-microhei
)

opscope_install_missing_packages() {
  local missing=()
  for pkg in "${OPSCOPE_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    return 0
  fi
  echo "opscope: installing missing Debian packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

opscope_build() {
  local generator=()
  if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
  # ccache, when the machine has it, makes rebuilds in other checkouts of the tree cheap; it is not required.
  local launcher=()
  if command -v ccache >/dev/null 2>&1; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  if [ ! -f "$OPSCOPE_BUILD_DIR/CMakeCache.txt" ]; then
    cmake -S "$OPSCOPE_ROOT" -B "$OPSCOPE_BUILD_DIR" "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release
  else
    cmake -S "$OPSCOPE_ROOT" -B "$OPSCOPE_BUILD_DIR" >/dev/null
  fi
  cmake --build "$OPSCOPE_BUILD_DIR" -j "$(nproc)"
}
