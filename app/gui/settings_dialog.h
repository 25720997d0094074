// The Settings dialog: language, theme, slice colours, recent files, window layout, the default bubble
// threshold and the diagnosis rules file, read from and written to QSettings (keys in app_settings.h).
#pragma once
#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace opscope::gui {

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    void load();  // fills the controls from QSettings
    void save();  // writes the controls to QSettings (OK does this, then emits applied)

    QComboBox* languageBox() const { return language_; }
    QComboBox* themeBox() const { return theme_; }
    QComboBox* colourBox() const { return colours_; }
    QDoubleSpinBox* bubbleThresholdBox() const { return bubbleUs_; }
    QLineEdit* rulesFileEdit() const { return rulesFile_; }
    QSpinBox* maxRecentBox() const { return maxRecent_; }

signals:
    void applied();
    void recentFilesCleared();

private:
    QWidget* createGeneralPage();
    QWidget* createAnalysisPage();
    void browseRules();

    QComboBox *language_ = nullptr, *theme_ = nullptr, *colours_ = nullptr;
    QDoubleSpinBox* bubbleUs_ = nullptr;
    QLineEdit* rulesFile_ = nullptr;
    QSpinBox* maxRecent_ = nullptr;
    QCheckBox* resetLayout_ = nullptr;
};

} // namespace opscope::gui
