// The language the interface shows (chosen in Settings, else the system's), for texts that arrive with
// their own translations from core (diagnosis titles, needs, suggestions) rather than through tr().
#pragma once
#include <QString>

namespace opscope {

// Records the language the installed translations are in ("en", "zh_CN"); the app calls it whenever it
// installs translations, so that rule texts switch together with the tr() texts.
void setUiLanguage(const QString& language);
// The recorded language; before any call, the default locale's ("zh_CN" for any Chinese locale, else "en").
QString uiLanguage();
bool uiLanguageIsChinese();

} // namespace opscope
