#include "widgets/graph/graph_colour_scale.h"

#include "widgets/common/time_format.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <array>
#include <cmath>

namespace opscope {

namespace {

// ColorBrewer YlOrRd, 7 classes: readable on white, distinguishable for most colour-blind viewers.
constexpr std::array<QRgb, 7> kRamp = {0xffffffcc, 0xfffed976, 0xfffeb24c, 0xfffd8d3c,
                                       0xfffc4e2a, 0xffe31a1c, 0xffb10026};

QString tr(const char* text) { return QCoreApplication::translate("GraphColourScale", text); }

} // namespace

QColor GraphColourScale::noValueFill() { return QColor(0xe9, 0xeb, 0xef); }

QColor GraphColourScale::rampColour(double t) {
    t = std::clamp(t, 0.0, 1.0) * static_cast<double>(kRamp.size() - 1);
    const auto i = static_cast<std::size_t>(std::floor(t));
    if (i + 1 >= kRamp.size()) return QColor::fromRgb(kRamp.back());
    const double f = t - static_cast<double>(i);
    const QColor a = QColor::fromRgb(kRamp[i]), b = QColor::fromRgb(kRamp[i + 1]);
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * f),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * f),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * f));
}

void GraphColourScale::fit(const std::vector<double>& values, const NodeMeasureColumn& column) {
    column_ = column;
    min_ = 1;
    max_ = 0;
    for (double v : values) {
        if (!std::isfinite(v)) continue;
        if (max_ < min_) min_ = max_ = v;
        min_ = std::min(min_, v);
        max_ = std::max(max_, v);
    }
    log_ = !empty() && min_ > 0 && max_ / min_ > 100.0;
    using K = NodeMeasureColumn::Kind;
    switch (column.kind) {
    case K::TimeShare: title_ = tr("Total time share"); break;
    case K::MeanDuration: title_ = tr("Mean duration"); break;
    case K::BubbleBefore: title_ = tr("Bubble time before"); break;
    case K::Executions: title_ = tr("Executions"); break;
    case K::Metric:
        title_ = QString::fromStdString(column.name) + (column.unit.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(column.unit)));
        break;
    }
}

double GraphColourScale::position(double value) const {
    if (empty() || max_ == min_) return 1.0;
    if (log_) return (std::log(value) - std::log(min_)) / (std::log(max_) - std::log(min_));
    return (value - min_) / (max_ - min_);
}

QColor GraphColourScale::colourFor(double value) const {
    if (!std::isfinite(value) || empty()) return noValueFill();
    return rampColour(position(value));
}

QString GraphColourScale::label(double value) const {
    if (!std::isfinite(value)) return tr("no value");
    using K = NodeMeasureColumn::Kind;
    switch (column_.kind) {
    case K::TimeShare:
        if (value > 0 && value < 0.0001) return QStringLiteral("<0.01%");
        return QStringLiteral("%1%").arg(value * 100.0, 0, 'f', value < 0.01 ? 2 : 1);
    case K::MeanDuration:
    case K::BubbleBefore: return formatDuration(static_cast<TimeNs>(std::llround(value)));
    case K::Executions: return QString::number(static_cast<qlonglong>(std::llround(value)));
    case K::Metric: break;
    }
    return QString::number(value, 'g', 4);
}

QRectF paintGraphLegend(QPainter& p, const GraphColourScale& scale, QPointF topRight, bool dark) {
    const QFont base = p.font();
    QFont titleFont = base;
    titleFont.setBold(true);
    const QFontMetricsF fm(base), tfm(titleFont);
    const double pad = 8, barW = 160, barH = 10;
    const QString minText = scale.label(scale.minimum()), maxText = scale.label(scale.maximum());
    const QString none = QCoreApplication::translate("GraphColourScale", "no execution");
    const QString logNote = scale.logarithmic() ? QCoreApplication::translate("GraphColourScale", " (log scale)") : QString();
    const double width = std::max({barW, tfm.horizontalAdvance(scale.title() + logNote), fm.horizontalAdvance(none) + 22}) + 2 * pad;
    const double height = pad + tfm.height() + 4 + barH + 2 + fm.height() + 6 + fm.height() + pad;
    QRectF box(topRight.x() - width, topRight.y(), width, height);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(dark ? QColor(80, 86, 96) : QColor(0xd0, 0xd4, 0xdb), 1));
    p.setBrush(dark ? QColor(36, 39, 45, 235) : QColor(255, 255, 255, 235));
    p.drawRoundedRect(box, 5, 5);
    const QColor text = dark ? QColor(0xe6, 0xe8, 0xeb) : QColor(0x1d, 0x1f, 0x24);
    double y = box.top() + pad;
    p.setFont(titleFont);
    p.setPen(text);
    p.drawText(QPointF(box.left() + pad, y + tfm.ascent()), scale.title() + logNote);
    y += tfm.height() + 4;
    QRectF bar(box.left() + pad, y, width - 2 * pad, barH);
    QLinearGradient g(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 6; ++i) g.setColorAt(i / 6.0, GraphColourScale::rampColour(i / 6.0));
    p.setPen(Qt::NoPen);
    p.setBrush(g);
    p.drawRect(bar);
    y += barH + 2;
    p.setFont(base);
    p.setPen(text);
    if (!scale.empty() && scale.minimum() == scale.maximum()) {
        p.drawText(QPointF(bar.right() - fm.horizontalAdvance(maxText), y + fm.ascent()), maxText);
    } else if (!scale.empty()) {
        p.drawText(QPointF(bar.left(), y + fm.ascent()), minText);
        p.drawText(QPointF(bar.right() - fm.horizontalAdvance(maxText), y + fm.ascent()), maxText);
    }
    y += fm.height() + 6;
    QRectF swatch(box.left() + pad, y + (fm.height() - 10) / 2, 16, 10);
    p.setBrush(GraphColourScale::noValueFill());
    p.setPen(QPen(QColor(0x9a, 0xa0, 0xaa), 1, Qt::DashLine));
    p.drawRect(swatch);
    p.setPen(text);
    p.drawText(QPointF(swatch.right() + 6, y + fm.ascent()), none);
    p.restore();
    return box;
}

} // namespace opscope
