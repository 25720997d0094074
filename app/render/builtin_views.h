// Registers the views that ship with opscope in the ViewRegistry (called once by the GUI and the CLI).
#pragma once

namespace opscope::gui {

void registerBuiltinViews();

} // namespace opscope::gui
