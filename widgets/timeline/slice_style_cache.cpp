#include "widgets/timeline/slice_style_cache.h"

#include <QFontMetricsF>
#include <QTextLayout>
#include <QTransform>

#include <algorithm>

namespace opscope {

namespace {

// Enough for every label on a few screens at different zooms; beyond it the cache starts over.
constexpr qsizetype kMaxElidedLabels = 8192;

// A single line of text at (0, 0).
void layOut(QTextLayout& layout) {
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
}

} // namespace

// One run with as many glyphs as units and positions left to right: no ligatures, no font fallback,
// no reordering.
LabelGlyphs simpleGlyphs(const QTextLayout& layout) {
    LabelGlyphs out;
    const QList<QGlyphRun> runs = layout.glyphRuns();
    if (runs.size() != 1 || runs[0].glyphIndexes().size() != layout.text().size()) return out;
    const QList<QPointF> positions = runs[0].positions();
    for (qsizetype i = 1; i < positions.size(); ++i)
        if (positions[i].x() < positions[i - 1].x()) return out; // not left to right
    out.font = runs[0].rawFont();
    const QList<quint32> indexes = runs[0].glyphIndexes();
    out.indexes.assign(indexes.begin(), indexes.end());
    out.positions.assign(positions.begin(), positions.end());
    return out;
}

QStaticText preparedText(const QString& text, const QFont& font) {
    QStaticText st(text);
    st.setTextFormat(Qt::PlainText);
    st.prepare(QTransform(), font);
    return st;
}

void SliceStyleCache::reset(const TimelineData* data, ColourMode mode) {
    data_ = data;
    mode_ = mode;
    const std::size_t n = data ? data->stringCount() : 0;
    colours_.assign(n, 0);
    names_.clear();
    names_.resize(n);
    elided_.clear();
}

void SliceStyleCache::setFont(const QFont& font) {
    font_ = font;
    const QFontMetricsF metrics(font);
    // As QFontMetrics::elidedText: the ellipsis character when the font has it.
    ellipsis_ = metrics.inFont(QChar(0x2026)) ? QString(QChar(0x2026)) : QStringLiteral("...");
    ellipsisWidth_ = static_cast<float>(metrics.horizontalAdvance(ellipsis_));
    QTextLayout ellipsisLayout(ellipsis_, font);
    layOut(ellipsisLayout);
    ellipsisGlyphs_ = simpleGlyphs(ellipsisLayout);
    lineHeight_ = metrics.ascent() + metrics.descent();
    for (auto& n : names_) n.reset();
    elided_.clear();
}

QRgb SliceStyleCache::colourOfString(std::uint32_t stringId) {
    if (stringId >= colours_.size()) return paletteColour(0).rgba();
    QRgb& c = colours_[stringId];
    if (c == 0) c = paletteColourFor(data_->string(stringId)).rgba();
    return c;
}

QRgb SliceStyleCache::colour(const TimelineSlice& slice, std::size_t sliceIndex) {
    return colourOfString(mode_ == ColourMode::ByCategory ? data_->sliceCategory(sliceIndex) : slice.nameId);
}

SliceStyleCache::NameText& SliceStyleCache::name(std::uint32_t nameId) {
    std::unique_ptr<NameText>& slot = names_[nameId];
    if (slot) return *slot;
    slot = std::make_unique<NameText>();
    NameText& n = *slot;
    const std::string_view s = data_->string(nameId);
    n.text = QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
    // One layout per name gives the width of every prefix, so eliding never shapes text again.
    QTextLayout layout(n.text, font_);
    layOut(layout);
    const QTextLine line = layout.lineAt(0);
    for (int pos = 0; line.isValid() && pos <= n.text.size(); ++pos) {
        if (layout.isValidCursorPosition(pos)) n.prefixWidths.emplace_back(pos, static_cast<float>(line.cursorToX(pos)));
    }
    if (!ellipsisGlyphs_.indexes.empty()) n.glyphs = simpleGlyphs(layout);
    return n;
}

int SliceStyleCache::fittingChars(std::uint32_t nameId, double widthPx) {
    if (nameId >= names_.size()) return 0;
    const NameText& n = name(nameId);
    if (n.prefixWidths.empty() || n.text.isEmpty()) return 0;
    if (n.prefixWidths.back().second <= widthPx) return -1;
    // The longest prefix that leaves room for the ellipsis.
    const double room = widthPx - ellipsisWidth_;
    auto it = std::partition_point(n.prefixWidths.begin(), n.prefixWidths.end(),
                                   [room](const std::pair<int, float>& p) { return p.second <= room; });
    if (it == n.prefixWidths.begin()) return 0;
    return std::prev(it)->first;
}

const QStaticText& SliceStyleCache::label(std::uint32_t nameId, int chars) {
    static const QStaticText empty;
    if (nameId >= names_.size() || chars == 0) return empty;
    NameText& n = name(nameId);
    if (chars < 0) {
        if (n.whole.text().isEmpty()) n.whole = preparedText(n.text, font_); // made when first needed
        return n.whole;
    }
    const quint64 key = (static_cast<quint64>(nameId) << 32) | static_cast<quint32>(chars);
    auto it = elided_.constFind(key);
    if (it != elided_.constEnd()) return *it;
    if (elided_.size() >= kMaxElidedLabels) elided_.clear();
    return *elided_.insert(key, preparedText(n.text.left(chars) + ellipsis_, font_));
}

void SliceStyleCache::drawLabel(QPainter& p, QPointF topLeft, std::uint32_t nameId, int chars) {
    if (nameId >= names_.size() || chars == 0) return;
    NameText& n = name(nameId);
    const int glyphs = static_cast<int>(n.glyphs.indexes.size());
    if (glyphs == 0 || chars > glyphs) {
        p.drawStaticText(topLeft, label(nameId, chars));
        return;
    }
    run_.setRawFont(n.glyphs.font);
    run_.setRawData(n.glyphs.indexes.data(), n.glyphs.positions.data(), chars < 0 ? glyphs : chars);
    p.drawGlyphRun(topLeft, run_);
    if (chars < 0) return;
    // The ellipsis goes where the cut text ends, as in an elided layout.
    auto at = std::lower_bound(n.prefixWidths.begin(), n.prefixWidths.end(), chars,
                               [](const std::pair<int, float>& w, int units) { return w.first < units; });
    const double cutWidth = at != n.prefixWidths.end() ? at->second : 0;
    run_.setRawFont(ellipsisGlyphs_.font);
    run_.setRawData(ellipsisGlyphs_.indexes.data(), ellipsisGlyphs_.positions.data(),
                    static_cast<int>(ellipsisGlyphs_.indexes.size()));
    p.drawGlyphRun(topLeft + QPointF(cutWidth, 0), run_);
}

} // namespace opscope
