#include "app/render/language.h"

#include "widgets/common/ui_language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>
#include <vector>

namespace opscope::gui {

namespace {
std::vector<std::unique_ptr<QTranslator>>& installed() {
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}
QString& current() {
    static QString language = QStringLiteral("en");
    return language;
}
} // namespace

QStringList availableLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString resolveLanguage(const QString& setting) {
    if (availableLanguages().contains(setting)) return setting;
    // Any Chinese locale reads the Simplified Chinese translation; everything else English.
    const QLocale system = QLocale::system();
    for (const QString& ui : system.uiLanguages())
        if (ui.startsWith(QLatin1String("zh"))) return QStringLiteral("zh_CN");
    return system.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

bool installTranslations(const QString& language) {
    for (auto& t : installed()) QCoreApplication::removeTranslator(t.get());
    installed().clear();
    current() = QStringLiteral("en");
    setUiLanguage(current());
    auto own = std::make_unique<QTranslator>();
    if (own->load(QStringLiteral(":/i18n/opscope_%1.qm").arg(language))) {
        QCoreApplication::installTranslator(own.get());
        installed().push_back(std::move(own));
    } else if (language != QLatin1String("en")) {
        return false; // English is the source language: it needs no .qm (only for plural forms)
    }
    // Qt's own strings (OK/Cancel, file dialogs); absent on a minimal install, which is fine.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        installed().push_back(std::move(qt));
    }
    current() = language;
    setUiLanguage(language);
    return true;
}

QString currentLanguage() { return current(); }

} // namespace opscope::gui
