#!/usr/bin/env bash
# Second command: the same set-up as run.sh, then every test through ctest (widgets offscreen).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

opscope_install_missing_packages
opscope_build

cd "$OPSCOPE_BUILD_DIR"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$(nproc)" "$@"
