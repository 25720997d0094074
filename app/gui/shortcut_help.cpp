#include "app/gui/shortcut_help.h"

#include <QDialogButtonBox>
#include <QKeySequence>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace opscope::gui {

namespace {

struct Entry {
    QString keys, action;
};

// The keys as widgets/timeline/timeline_view_input.cpp handles them.
QList<Entry> timelineEntries() {
    return {
        {ShortcutHelp::tr("W / S"), ShortcutHelp::tr("Zoom in / out around the mouse cursor")},
        {ShortcutHelp::tr("Ctrl + wheel"), ShortcutHelp::tr("Zoom in / out around the mouse cursor")},
        {ShortcutHelp::tr("A / D"), ShortcutHelp::tr("Pan left / right by a tenth of the window")},
        {ShortcutHelp::tr("Shift + wheel, horizontal wheel"), ShortcutHelp::tr("Pan left / right")},
        {ShortcutHelp::tr("Wheel"), ShortcutHelp::tr("Scroll the lanes up / down")},
        {ShortcutHelp::tr("Drag"), ShortcutHelp::tr("Pan in time and scroll the lanes")},
        {ShortcutHelp::tr("Drag on the ruler"), ShortcutHelp::tr("Measure a time range (selection)")},
        {ShortcutHelp::tr("Shift + drag"), ShortcutHelp::tr("Select a region: statistics of the slices in it")},
        {ShortcutHelp::tr("Z, double-click"), ShortcutHelp::tr("Zoom to the selection (double-click on a slice: zoom to it)")},
        {ShortcutHelp::tr("F, Home"), ShortcutHelp::tr("Fit the whole trace")},
        {ShortcutHelp::tr("Backspace"), ShortcutHelp::tr("Zoom back")},
        {ShortcutHelp::tr("Esc"), ShortcutHelp::tr("Clear the selection")},
        {ShortcutHelp::tr("Click"), ShortcutHelp::tr("Select a slice and show its details")},
        {ShortcutHelp::tr("Click a process header"), ShortcutHelp::tr("Collapse or expand the process")},
        {ShortcutHelp::tr("Click the pin of a lane"), ShortcutHelp::tr("Pin the lane to the top")},
        {ShortcutHelp::tr("Right-click"), ShortcutHelp::tr("Menu: pin, collapse, zoom")},
    };
}

// widgets/graph/graph_view.cpp, the search bar and the operator table.
QList<Entry> graphEntries() {
    return {
        {ShortcutHelp::tr("Wheel, + / -"), ShortcutHelp::tr("Zoom the graph in / out")},
        {ShortcutHelp::tr("Drag, arrow keys"), ShortcutHelp::tr("Pan the graph")},
        {ShortcutHelp::tr("F"), ShortcutHelp::tr("Fit the graph to the window")},
        {ShortcutHelp::tr("Click a node"), ShortcutHelp::tr("Select it and plot its executions")},
        {ShortcutHelp::tr("Double-click a node"), ShortcutHelp::tr("Expand a scope, or show the node's executions on the timeline")},
        {ShortcutHelp::tr("Drag on the minimap"), ShortcutHelp::tr("Move the visible part of the graph")},
    };
}

QList<Entry> searchEntries() {
    return {
        {ShortcutHelp::tr("Enter / Shift+Enter in the search bar"), ShortcutHelp::tr("Next / previous match")},
        {ShortcutHelp::tr("Enter / Shift+Enter in the operator table"), ShortcutHelp::tr("Centre the timeline on the next / previous execution")},
    };
}

QList<Entry> windowEntries() {
    // Some platforms define no standard key (the offscreen one has no Quit): fall back to the usual one.
    auto key = [](QKeySequence::StandardKey k, const char* fallback) {
        const QString native = QKeySequence(k).toString(QKeySequence::NativeText);
        return native.isEmpty() ? QString::fromLatin1(fallback) : native;
    };
    return {
        {key(QKeySequence::Open, "Ctrl+O"), ShortcutHelp::tr("Open a trace")},
        {QKeySequence(ShortcutHelp::tr("Ctrl+E")).toString(QKeySequence::NativeText), ShortcutHelp::tr("Export the timeline as an image")},
        {QKeySequence(ShortcutHelp::tr("Ctrl+Shift+S")).toString(QKeySequence::NativeText), ShortcutHelp::tr("Export the current view")},
        {QKeySequence(ShortcutHelp::tr("Ctrl+Shift+C")).toString(QKeySequence::NativeText), ShortcutHelp::tr("Copy the current view as an image")},
        {QKeySequence(ShortcutHelp::tr("Ctrl+,")).toString(QKeySequence::NativeText), ShortcutHelp::tr("Settings")},
        {key(QKeySequence::Quit, "Ctrl+Q"), ShortcutHelp::tr("Quit")},
        {ShortcutHelp::tr("F1, ?"), ShortcutHelp::tr("This help")},
    };
}

void addSection(QString& html, const QString& title, const QList<Entry>& entries) {
    html += QStringLiteral("<h3>%1</h3><table cellspacing='0' cellpadding='4'>").arg(title.toHtmlEscaped());
    for (const Entry& e : entries)
        html += QStringLiteral("<tr><td style='padding-right:18px'><b>%1</b></td><td>%2</td></tr>")
                    .arg(e.keys.toHtmlEscaped(), e.action.toHtmlEscaped());
    html += QStringLiteral("</table>");
}

} // namespace

QString ShortcutHelp::html() {
    QString html;
    addSection(html, tr("Timeline"), timelineEntries());
    addSection(html, tr("Computation graph"), graphEntries());
    addSection(html, tr("Search and tables"), searchEntries());
    addSection(html, tr("Window"), windowEntries());
    return html;
}

ShortcutHelp::ShortcutHelp(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("shortcutHelp"));
    setWindowTitle(tr("Keyboard and mouse"));
    auto* label = new QLabel(html(), this);
    label->setTextFormat(Qt::RichText);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    label->setMargin(8);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(label);
    layout->addWidget(buttons);
}

} // namespace opscope::gui
