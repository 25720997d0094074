// Light and dark palettes for the whole application, or the system's own (the default): View > Theme and
// the Settings dialog. Views derive their colours from QPalette (widgets/common/theme.h), so they follow.
#pragma once
#include <QString>

namespace opscope::gui {

enum class ColourScheme { System, Light, Dark };

ColourScheme colourSchemeFromName(const QString& name); // "system", "light", "dark"; anything else System
QString colourSchemeName(ColourScheme scheme);
// Sets the style and palette of the application; System restores what the platform gave at start.
void applyColourScheme(ColourScheme scheme);
ColourScheme currentColourScheme();

} // namespace opscope::gui
