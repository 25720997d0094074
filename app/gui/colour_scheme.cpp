#include "app/gui/colour_scheme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace opscope::gui {

namespace {

struct SystemLook {
    QString styleName;
    QPalette palette;
};

// What the platform chose, captured before the first change so that System can return to it.
const SystemLook& systemLook() {
    static const SystemLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}

ColourScheme& current() {
    static ColourScheme scheme = ColourScheme::System;
    return scheme;
}

QPalette lightPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xf3, 0xf4, 0xf6));
    p.setColor(QPalette::WindowText, QColor(0x1d, 0x1f, 0x24));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf7, 0xf8, 0xfa));
    p.setColor(QPalette::Text, QColor(0x1d, 0x1f, 0x24));
    p.setColor(QPalette::Button, QColor(0xf3, 0xf4, 0xf6));
    p.setColor(QPalette::ButtonText, QColor(0x1d, 0x1f, 0x24));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xf0));
    p.setColor(QPalette::ToolTipText, QColor(0x1d, 0x1f, 0x24));
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x90, 0x9a));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x2f, 0x6f, 0xd6));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0xa0, 0xa6, 0xb0));
    return p;
}

QPalette darkPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x25, 0x28, 0x2e));
    p.setColor(QPalette::WindowText, QColor(0xe3, 0xe6, 0xea));
    p.setColor(QPalette::Base, QColor(0x1b, 0x1d, 0x22));
    p.setColor(QPalette::AlternateBase, QColor(0x23, 0x26, 0x2c));
    p.setColor(QPalette::Text, QColor(0xe3, 0xe6, 0xea));
    p.setColor(QPalette::Button, QColor(0x2d, 0x31, 0x38));
    p.setColor(QPalette::ButtonText, QColor(0xe3, 0xe6, 0xea));
    p.setColor(QPalette::ToolTipBase, QColor(0x2d, 0x31, 0x38));
    p.setColor(QPalette::ToolTipText, QColor(0xe3, 0xe6, 0xea));
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x86, 0x90));
    p.setColor(QPalette::Highlight, QColor(0x4a, 0x8c, 0xf0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6d, 0xa8, 0xff));
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x47));
    p.setColor(QPalette::Midlight, QColor(0x33, 0x37, 0x3e));
    p.setColor(QPalette::Mid, QColor(0x2a, 0x2d, 0x33));
    p.setColor(QPalette::Dark, QColor(0x16, 0x18, 0x1c));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x6b, 0x72, 0x80));
    return p;
}

} // namespace

ColourScheme colourSchemeFromName(const QString& name) {
    if (name == QLatin1String("light")) return ColourScheme::Light;
    if (name == QLatin1String("dark")) return ColourScheme::Dark;
    return ColourScheme::System;
}

QString colourSchemeName(ColourScheme scheme) {
    switch (scheme) {
    case ColourScheme::Light: return QStringLiteral("light");
    case ColourScheme::Dark: return QStringLiteral("dark");
    case ColourScheme::System: break;
    }
    return QStringLiteral("system");
}

void applyColourScheme(ColourScheme scheme) {
    const SystemLook& system = systemLook();
    if (scheme == ColourScheme::System) {
        if (QApplication::style()->name() != system.styleName) QApplication::setStyle(system.styleName);
        QApplication::setPalette(system.palette);
    } else {
        // Fusion draws every control from the palette, so both schemes look the same on every platform.
        if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(scheme == ColourScheme::Dark ? darkPalette() : lightPalette());
    }
    current() = scheme;
}

ColourScheme currentColourScheme() { return current(); }

} // namespace opscope::gui
