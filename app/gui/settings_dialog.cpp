#include "app/gui/settings_dialog.h"

#include "app/render/app_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>


namespace opscope::gui {

SettingsDialog::SettingsDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    auto* tabs = new QTabWidget(this);
    tabs->addTab(createGeneralPage(), tr("General"));
    tabs->addTab(createAnalysisPage(), tr("Analysis"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        emit applied();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
    load();
}

QWidget* SettingsDialog::createGeneralPage() {
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    language_ = new QComboBox(page);
    language_->addItem(tr("System default"), QString());
    language_->addItem(QStringLiteral("English"), QStringLiteral("en"));
    language_->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    language_->setToolTip(tr("Language of the user interface; OK reopens the window and its trace in it"));
    form->addRow(tr("&Language:"), language_);
    theme_ = new QComboBox(page);
    theme_->addItem(tr("Follow the system"), QStringLiteral("system"));
    theme_->addItem(tr("Light"), QStringLiteral("light"));
    theme_->addItem(tr("Dark"), QStringLiteral("dark"));
    theme_->setToolTip(tr("Colour theme of the window and the views"));
    form->addRow(tr("&Theme:"), theme_);
    colours_ = new QComboBox(page);
    colours_->addItem(tr("By operator name"), false);
    colours_->addItem(tr("By category"), true);
    colours_->setToolTip(tr("How the timeline colours slices"));
    form->addRow(tr("Slice &colours:"), colours_);
    maxRecent_ = new QSpinBox(page);
    maxRecent_->setRange(1, 30);
    maxRecent_->setToolTip(tr("How many traces File > Open Recent remembers"));
    auto* clearRecent = new QPushButton(tr("Clear list"), page);
    clearRecent->setToolTip(tr("Forget the recently opened traces"));
    connect(clearRecent, &QPushButton::clicked, this, [this] {
        QSettings().remove(settings::kRecentFiles);
        emit recentFilesCleared();
    });
    auto* recentRow = new QHBoxLayout;
    recentRow->addWidget(maxRecent_);
    recentRow->addWidget(clearRecent);
    recentRow->addStretch(1);
    form->addRow(tr("Recent files:"), recentRow);
    resetLayout_ = new QCheckBox(tr("Reset the window layout at the next start"), page);
    resetLayout_->setToolTip(tr("Puts the docks and the toolbar back where they were at first start"));
    form->addRow(tr("Layout:"), resetLayout_);
    return page;
}

QWidget* SettingsDialog::createAnalysisPage() {
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    bubbleUs_ = new QDoubleSpinBox(page);
    bubbleUs_->setRange(0.0, 10'000'000.0); // as BubbleView allows
    bubbleUs_->setDecimals(1);
    bubbleUs_->setSuffix(tr(" µs"));
    bubbleUs_->setToolTip(tr("Device idle gaps shorter than this count as idle time, not as bubbles"));
    form->addRow(tr("Default &bubble threshold:"), bubbleUs_);
    rulesFile_ = new QLineEdit(page);
    rulesFile_->setPlaceholderText(tr("Built-in rules"));
    rulesFile_->setToolTip(tr("A diagnosis rules JSON file merged over the built-in rules (empty: built-in only)"));
    auto* browse = new QToolButton(page);
    browse->setText(tr("Browse…"));
    browse->setToolTip(tr("Choose a diagnosis rules JSON file"));
    connect(browse, &QToolButton::clicked, this, &SettingsDialog::browseRules);
    auto* rulesRow = new QHBoxLayout;
    rulesRow->addWidget(rulesFile_, 1);
    rulesRow->addWidget(browse);
    form->addRow(tr("Diagnosis rules file:"), rulesRow);
    return page;
}

void SettingsDialog::browseRules() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Diagnosis rules"), rulesFile_->text(),
                                                      tr("Rules (*.json);;All files (*)"));
    if (!path.isEmpty()) rulesFile_->setText(path);
}

void SettingsDialog::load() {
    QSettings s;
    language_->setCurrentIndex(std::max(0, language_->findData(settings::language())));
    theme_->setCurrentIndex(std::max(0, theme_->findData(settings::theme())));
    colours_->setCurrentIndex(s.value(settings::kColourByCategory, false).toBool() ? 1 : 0);
    maxRecent_->setValue(settings::maxRecent());
    bubbleUs_->setValue(settings::bubbleMinUs());
    rulesFile_->setText(settings::rulesFile());
    resetLayout_->setChecked(false);
}

void SettingsDialog::save() {
    QSettings s;
    s.setValue(settings::kLanguage, language_->currentData().toString());
    s.setValue(settings::kTheme, theme_->currentData().toString());
    s.setValue(settings::kColourByCategory, colours_->currentData().toBool());
    s.setValue(settings::kMaxRecent, maxRecent_->value());
    s.setValue(settings::kBubbleMinUs, bubbleUs_->value());
    s.setValue(settings::kRulesFile, rulesFile_->text().trimmed());
    if (resetLayout_->isChecked()) s.setValue(settings::kResetLayout, true);
}

} // namespace opscope::gui
