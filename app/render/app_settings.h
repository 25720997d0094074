// The QSettings keys of the GUI in one place, with typed accessors, so the Settings dialog and the views
// that honour a setting (bubbles threshold, diagnosis rules file) read the same key.
#pragma once
#include <QSettings>
#include <QString>

#include <algorithm>

namespace opscope::gui::settings {

inline const QString kLanguage = QStringLiteral("ui/language");         // "" (system), "en", "zh_CN"
inline const QString kTheme = QStringLiteral("ui/theme");               // "system", "light", "dark"
inline const QString kColourByCategory = QStringLiteral("view/colourByCategory"); // bool
inline const QString kShowFlows = QStringLiteral("view/showAllFlows");  // bool (a new key: selection-only is the new default)
inline const QString kAbsoluteTime = QStringLiteral("view/absoluteTime"); // bool
inline const QString kMaxRecent = QStringLiteral("recentFilesMax");     // int, 1..30
inline const QString kRecentFiles = QStringLiteral("recentFiles");      // QStringList (main_window_menus.cpp)
inline const QString kWindowState = QStringLiteral("window/state");     // QByteArray (main_window.cpp)
inline const QString kResetLayout = QStringLiteral("window/resetLayout"); // bool: drop window/state at next start
// Gaps shorter than this are idle time but not bubbles; a double in µs, the key BubbleView reads and writes
// (widgets/bubbles/bubble_view.cpp kMinBubbleKey).
inline const QString kBubbleMinUs = QStringLiteral("analysis/bubbleMinUs");
// A diagnosis rules JSON merged over the built-in rules (loadRulesFile / mergeRulesConfig); empty: built-in only.
inline const QString kRulesFile = QStringLiteral("diagnosis/rulesFile");

inline QString language() { return QSettings().value(kLanguage).toString(); }
inline QString theme() { return QSettings().value(kTheme, QStringLiteral("system")).toString(); }
inline double bubbleMinUs() { return QSettings().value(kBubbleMinUs, 0.0).toDouble(); }
inline QString rulesFile() { return QSettings().value(kRulesFile).toString(); }
inline int maxRecent() { return std::clamp(QSettings().value(kMaxRecent, 10).toInt(), 1, 30); }

} // namespace opscope::gui::settings
