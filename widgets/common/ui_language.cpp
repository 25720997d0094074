#include "widgets/common/ui_language.h"

#include <QLocale>

namespace opscope {

namespace {
QString& recorded() {
    static QString language;
    return language;
}
} // namespace

void setUiLanguage(const QString& language) { recorded() = language; }

QString uiLanguage() {
    if (!recorded().isEmpty()) return recorded();
    // Widgets used without the app (tests, tools) follow the default locale, as tr() would with no translator.
    return QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

bool uiLanguageIsChinese() { return uiLanguage().startsWith(QLatin1String("zh")); }

} // namespace opscope
