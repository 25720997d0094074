// The texts Qt itself puts on standard buttons (OK, Cancel, Close… in QDialogButtonBox and QMessageBox),
// listed so that lupdate keeps them in opscope's own .ts files: Debian's Qt ships no qtbase_zh_CN.qm, and
// without these the Settings dialog's own buttons stayed English in a Chinese interface. Qt looks them up
// in the "QPlatformTheme" context (QPlatformTheme::defaultStandardButtonText; "QGnomeTheme" on GNOME), which
// our translator answers.
#include <QtGlobal>

namespace opscope::gui {

[[maybe_unused]] static const char* const kQtStandardButtonTexts[] = {
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),     QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),  QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Save"),   QT_TRANSLATE_NOOP("QPlatformTheme", "Open"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"),   QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Reset"),  QT_TRANSLATE_NOOP("QPlatformTheme", "Help"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Discard"), QT_TRANSLATE_NOOP("QPlatformTheme", "Restore Defaults"),
    // The GNOME platform theme words some of them its own way.
    QT_TRANSLATE_NOOP("QGnomeTheme", "&OK"),       QT_TRANSLATE_NOOP("QGnomeTheme", "&Cancel"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&Close"),    QT_TRANSLATE_NOOP("QGnomeTheme", "&Save"),
};

} // namespace opscope::gui
