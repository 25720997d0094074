// The user interface language: the system locale unless the settings choose one, loaded from the .qm
// files embedded under :/i18n (opscope's own strings) and Qt's translations (standard dialogs).
#pragma once
#include <QString>
#include <QStringList>

namespace opscope::gui {

// Languages opscope ships, as locale names ("en", "zh_CN").
QStringList availableLanguages();
// The language a setting ("" = follow the system) resolves to: one of availableLanguages().
QString resolveLanguage(const QString& setting);
// Replaces the installed translators with those of language (a name from availableLanguages()).
// Widgets created afterwards use it; existing ones keep their text (a restart applies a change).
bool installTranslations(const QString& language);
// The language installTranslations() last installed ("en" before any call).
QString currentLanguage();

} // namespace opscope::gui
