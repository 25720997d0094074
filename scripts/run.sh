#!/usr/bin/env bash
# First command: install what is missing, build in Release, open the GUI on TRACE (a file, an Ascend
# folder or a store) or, without one, on the bundled sample trace.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

opscope_install_missing_packages
opscope_build

if [ "$#" -eq 0 ]; then
  set -- "$OPSCOPE_ROOT/resources/samples/sample_trace.json"
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "opscope: no display found (DISPLAY/WAYLAND_DISPLAY unset)."
  echo "  Render a view headless instead, e.g.:"
  echo "  $OPSCOPE_BUILD_DIR/app/opscope-cli screenshot \"$1\" --view timeline -o timeline.png"
  exit 0
fi
exec "$OPSCOPE_BUILD_DIR/app/opscope" "$@"
