// Switching the language: menus, dialogs and error sentences come from the embedded zh_CN translation.
#include "app/render/language.h"
#include "app/gui/language_switch.h"
#include "app/gui/settings_dialog.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/diagnosis/findings_model.h"
#include "app/gui/main_window.h"
#include "app/render/report_translation.h"
#include "app/gui/shortcut_help.h"
#include "widgets/common/error_text.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QFile>
#include <QRegularExpression>
#include <QMenuBar>
#include <QSettings>

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::gui;

namespace {
QStringList menuTitles(const MainWindow& window) {
    QStringList titles;
    for (QAction* a : window.menuBar()->actions()) titles << a->text();
    return titles;
}
struct EnglishAfterwards {
    ~EnglishAfterwards() { installTranslations(QStringLiteral("en")); }
};
} // namespace

TEST_CASE("Switching to zh_CN changes the menu texts", "[i18n]") {
    EnglishAfterwards restore;
    QSettings().clear();
    REQUIRE(installTranslations(QStringLiteral("en")));
    QStringList english;
    {
        MainWindow window;
        english = menuTitles(window);
    }
    REQUIRE(english.contains(QStringLiteral("&File")));
    REQUIRE(english.contains(QStringLiteral("&Help")));

    REQUIRE(installTranslations(QStringLiteral("zh_CN")));
    CHECK(currentLanguage() == QStringLiteral("zh_CN"));
    MainWindow window;
    const QStringList chinese = menuTitles(window);
    REQUIRE(chinese.size() == english.size());
    CHECK(chinese.contains(QStringLiteral("文件(&F)")));
    CHECK(chinese.contains(QStringLiteral("视图(&V)")));
    CHECK(chinese.contains(QStringLiteral("帮助(&H)")));
    for (int i = 0; i < chinese.size(); ++i) {
        INFO(english[i].toStdString());
        CHECK(chinese[i] != english[i]);
    }
    CHECK(window.findChild<QAction*>(QStringLiteral("action_fitAll"))->text() == QStringLiteral("适应全部"));
    CHECK(ShortcutHelp::html().contains(QStringLiteral("时间轴")));
}

TEST_CASE("Core errors become translated sentences with file and position", "[i18n]") {
    EnglishAfterwards restore;
    Error error;
    error.code = ErrorCode::JsonSyntax;
    error.file = "trace.json";
    error.line = 3;
    error.column = 14;
    error.byteOffset = 120;
    error.expected = "',' or '}'";
    REQUIRE(installTranslations(QStringLiteral("en")));
    const QString english = errorText(error);
    CHECK(english.contains(QStringLiteral("JSON syntax error in trace.json")));
    CHECK(english.contains(QStringLiteral("Line 3, column 14")));
    CHECK(english.contains(QStringLiteral("At byte 120")));
    CHECK(english.contains(QStringLiteral("',' or '}'")));

    REQUIRE(installTranslations(QStringLiteral("zh_CN")));
    const QString chinese = errorText(error);
    CHECK(chinese.contains(QStringLiteral("trace.json")));
    CHECK(chinese.contains(QStringLiteral("第 3 行")));
    CHECK(chinese.contains(QStringLiteral("',' or '}'"))); // the reader's own words stay English
    CHECK(chinese != english);
    // Every code has its own sentence in both languages.
    for (ErrorCode code : {ErrorCode::FileNotFound, ErrorCode::NotAFile, ErrorCode::EmptyFile, ErrorCode::ReadFailed,
                           ErrorCode::BadGzip, ErrorCode::NotJson, ErrorCode::Truncated, ErrorCode::WrongType,
                           ErrorCode::UnknownFormat, ErrorCode::BadCsv, ErrorCode::BadDatabase, ErrorCode::StoreFailed,
                           ErrorCode::Cancelled}) {
        Error e;
        e.code = code;
        e.file = "x";
        INFO(errorCodeName(code));
        CHECK_FALSE(errorSummary(e).isEmpty());
        CHECK_FALSE(errorSummary(e).contains(QLatin1String("Unknown error")));
    }
}

TEST_CASE("Every string of the HTML report has a zh_CN translation", "[i18n]") {
    EnglishAfterwards restore;
    QFile header(QStringLiteral(OPSCOPE_SOURCE_DIR "/core/report/report_strings.h"));
    if (!header.open(QIODevice::ReadOnly)) SUCCEED("no report in this tree");
    else {
        const QString text = QString::fromUtf8(header.readAll());
        // inline constexpr const char* kName = "part" "part";  (literals may continue on the next line)
        static const QRegularExpression constant(QStringLiteral(R"re(constexpr const char\* \w+ =\s*((?:"[^"]*"\s*)+);)re"));
        static const QRegularExpression literal(QStringLiteral(R"re("([^"]*)")re"));
        QStringList english;
        for (auto it = constant.globalMatch(text); it.hasNext();) {
            QString joined;
            for (auto parts = literal.globalMatch(it.next().captured(1)); parts.hasNext();) joined += parts.next().captured(1);
            english << joined;
        }
        REQUIRE(english.size() > 50);
        REQUIRE(installTranslations(QStringLiteral("zh_CN")));
        const QStringList sameInChinese = {QStringLiteral("#"), QStringLiteral(">p50"), QStringLiteral(">p90"), QStringLiteral(">p99")};
        for (const QString& e : english) {
            if (sameInChinese.contains(e)) continue;
            INFO(e.toStdString());
            const std::string zh = translateReportString(e.toUtf8().constData());
            CHECK(zh != e.toStdString());
            CHECK((zh.front() == '>') == e.startsWith(QLatin1Char('>')));
        }
        CHECK(reportStringTable().at("Bubbles") == "气泡");
        REQUIRE(installTranslations(QStringLiteral("en")));
        CHECK(reportStringTable().empty());
        CHECK(translateReportString(">Busy") == ">Busy");
    }
}

TEST_CASE("Switching the language at run time rebuilds the window in it, with the same trace", "[i18n]") {
    EnglishAfterwards restore;
    QSettings().clear();
    REQUIRE(installTranslations(QStringLiteral("en")));
    opscope::testing::AnalysisViewsFixture data("i18n-switch");
    MainWindow old;
    QSignalSpy loaded(&old, &MainWindow::traceLoaded);
    old.show();
    old.openPaths({QString::fromStdString(data.store.path())});
    old.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.takeFirst().at(0).toBool());
    auto detailsTitle = [](const MainWindow& w) { return w.findChild<QDockWidget*>(QStringLiteral("detailsDock"))->windowTitle(); };
    CHECK(detailsTitle(old) == QStringLiteral("Details"));
    CHECK(menuTitles(old).contains(QStringLiteral("&File")));

    std::unique_ptr<MainWindow> next(reopenInLanguage(&old, QStringLiteral("zh_CN")));
    QSignalSpy nextLoaded(next.get(), &MainWindow::traceLoaded);
    next->waitForImport();
    if (nextLoaded.isEmpty()) REQUIRE(nextLoaded.wait(5000));
    REQUIRE(nextLoaded.takeFirst().at(0).toBool());
    CHECK(currentLanguage() == QStringLiteral("zh_CN"));
    CHECK_FALSE(old.isVisible()); // closed; its owner (here the test) deletes it
    CHECK(next->isVisible());
    CHECK(next->testAttribute(Qt::WA_DeleteOnClose));
    CHECK(menuTitles(*next).contains(QStringLiteral("文件(&F)")));
    CHECK(detailsTitle(*next) == QStringLiteral("详情"));
    CHECK(next->sources() == old.sources()); // the same trace, reopened from its store
    REQUIRE(next->document());
    next->setAttribute(Qt::WA_DeleteOnClose, false); // the unique_ptr deletes it
}

TEST_CASE("Rule texts follow the chosen language, not the system locale", "[i18n]") {
    EnglishAfterwards restore;
    LocalizedText title;
    title.en = "Compute starvation";
    title.zhCN = "计算资源空闲";
    REQUIRE(QLocale().language() != QLocale::Chinese); // the tests run in an English or C locale
    REQUIRE(installTranslations(QStringLiteral("zh_CN")));
    CHECK(localized(title) == QStringLiteral("计算资源空闲"));
    REQUIRE(installTranslations(QStringLiteral("en")));
    CHECK(localized(title) == QStringLiteral("Compute starvation"));
    title.zhCN.clear(); // a rules file without the translation: English in either language
    REQUIRE(installTranslations(QStringLiteral("zh_CN")));
    CHECK(localized(title) == QStringLiteral("Compute starvation"));
}

TEST_CASE("The Settings dialog's own buttons are in the chosen language", "[i18n]") {
    EnglishAfterwards restore;
    QSettings().clear();
    REQUIRE(installTranslations(QStringLiteral("en")));
    {
        SettingsDialog dialog;
        auto* buttons = dialog.findChild<QDialogButtonBox*>();
        REQUIRE(buttons);
        CHECK(buttons->button(QDialogButtonBox::Ok)->text() == QStringLiteral("OK"));
        CHECK(buttons->button(QDialogButtonBox::Cancel)->text() == QStringLiteral("Cancel"));
    }
    REQUIRE(installTranslations(QStringLiteral("zh_CN")));
    SettingsDialog dialog;
    auto* buttons = dialog.findChild<QDialogButtonBox*>();
    CHECK(buttons->button(QDialogButtonBox::Ok)->text() == QStringLiteral("确定"));
    CHECK(buttons->button(QDialogButtonBox::Cancel)->text() == QStringLiteral("取消"));
    CHECK(dialog.windowTitle() == QStringLiteral("设置"));
}

TEST_CASE("Chinese terms as Ascend users know them: 流 is a stream, flows are 连线, percentage points 个百分点", "[i18n]") {
    EnglishAfterwards restore;
    REQUIRE(installTranslations(QStringLiteral("zh_CN")));
    auto zh = [](const char* context, const char* source, int n = -1) {
        return QCoreApplication::translate(context, source, nullptr, n);
    };
    // A stream is 流, never 线程 (an NPU stream is no thread); flows get a word of their own.
    CHECK(zh("opscope::LaunchTableModel", "Stream") == QStringLiteral("流"));
    for (const char* flows : {"Flows"}) {
        CHECK(zh("opscope::SliceDetailsModel", flows) == QStringLiteral("连线"));
        CHECK(zh("Report", flows) == QStringLiteral("连线"));
    }
    CHECK(zh("opscope::gui::MainWindow", "Show All &Flows").contains(QStringLiteral("连线")));
    CHECK_FALSE(zh("opscope::gui::MainWindow", "Show All &Flows").contains(QStringLiteral("流")));
    CHECK_FALSE(zh("GraphView", "Derived from the trace (no graph file): operators linked by task order and flows")
                    .contains(QStringLiteral("流")));
    CHECK(zh("Findings", "%1 points").contains(QStringLiteral("个百分点")));
    // The hidden counter series and the time units.
    CHECK(zh("opscope::TimelineView", "Show %n hidden series", 3).contains(QStringLiteral("3")));
    CHECK(zh("opscope::TimelineView", "Show %n hidden series", 3) != QStringLiteral("Show 3 hidden series"));
}
