// The line icons of resources/icons drawn in the palette's text colour (so they read in light and dark
// themes), the application icon, and the decoration of actions with an icon and a tooltip.
#pragma once
#include <QIcon>
#include <QString>

class QAction;
class QWidget;

namespace opscope::gui {

// resources/icons/<name>.svg recoloured for the application palette; a null icon if no such file.
QIcon appIcon(const QString& name);
// The coloured application icon (resources/icons/app.svg).
QIcon applicationIcon();
// Gives an action a stable object name ("action_<name>"), the icon <iconName> and a tooltip; the icon
// name is kept so that polishActions() can redraw it after a theme change.
void decorateAction(QAction* action, const QString& name, const QString& iconName, const QString& toolTip);
// Redraws every decorated action under root for the current palette, and gives actions nobody decorated
// (dock toggles, late additions) a fitting icon and a tooltip from their text.
void polishActions(QWidget* root);

} // namespace opscope::gui
