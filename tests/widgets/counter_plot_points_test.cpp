// A counter plot's points (counter_plot_points.h) are exactly those of walking every sample in turn, the
// definition kept here: over dense and sparse series, with and without the values' blocks, windows
// anywhere, samples sharing a time, values that are NaN or infinite, and plots of zero or negative
// height; and a column holding many samples becomes its range.
#include "widgets/timeline/counter_plot_points.h"

#include "core/store/counter_value_blocks.h"

#include <QVector>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using namespace opscope;

namespace {

// Every sample mapped to its pixel, one after another: a sample in the column of the one before widens
// that column's range.
QVector<QPointF> walkEverySample(const CounterSeries& s, const TimeMapper& m, const QRectF& rect, TimeNs traceEndNs) {
    QVector<QPointF> pts;
    const std::int64_t* ts = s.ts;
    auto yOf = [&](double v) { return rect.bottom() - (v - s.lo) / (s.hi - s.lo) * rect.height(); };
    const std::int64_t* first = std::upper_bound(ts + s.begin, ts + s.end, m.window.startNs);
    if (first != ts + s.begin) --first;
    pts.append(QPointF(rect.left(), rect.bottom()));
    double lastY = rect.bottom(), lastX = rect.left();
    int lastColumn = -1;
    double columnMinY = 0, columnMaxY = 0;
    int columnSamples = 0;
    auto closeColumn = [&] {
        if (columnSamples > 1) {
            pts.append(QPointF(lastX, columnMinY));
            pts.append(QPointF(lastX, columnMaxY));
            pts.append(QPointF(lastX, lastY));
        }
        columnSamples = 0;
    };
    for (const std::int64_t* p = first; p != ts + s.end && *p <= m.window.endNs; ++p) {
        const double x = std::clamp(m.toPx(*p), rect.left(), rect.right());
        const double y = yOf(s.values[p - ts]);
        const int column = static_cast<int>(x);
        if (column == lastColumn && pts.size() > 1) {
            columnMinY = std::min(columnMinY, y);
            columnMaxY = std::max(columnMaxY, y);
            ++columnSamples;
            lastY = y;
            continue;
        }
        closeColumn();
        pts.append(QPointF(x, pts.size() == 1 ? rect.bottom() : lastY));
        pts.append(QPointF(x, y));
        lastX = x;
        lastY = y;
        lastColumn = column;
        columnMinY = columnMaxY = y;
        columnSamples = 1;
    }
    closeColumn();
    const double endX = std::clamp(m.toPx(traceEndNs), rect.left(), rect.right());
    if (pts.size() > 1) pts.append(QPointF(std::max(endX, lastX), lastY));
    pts.append(QPointF(std::max(endX, lastX), rect.bottom()));
    return pts;
}

// Exactly the same doubles (NaN where NaN): QPointF's == is fuzzy.
bool samePoints(const QVector<QPointF>& a, const QVector<QPointF>& b) {
    auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
    if (a.size() != b.size()) return false;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (!same(a[i].x(), b[i].x()) || !same(a[i].y(), b[i].y())) return false;
    return true;
}

QVector<QPointF> plotPoints(const CounterSeries& s, const TimeMapper& m, const QRectF& rect, TimeNs traceEndNs) {
    QVector<QPointF> pts{QPointF(-1, -1)}; // appended after what the list holds
    appendCounterPlotPoints(s, m, rect, traceEndNs, pts);
    pts.removeFirst();
    return pts;
}

} // namespace

TEST_CASE("counter plot points: the same points as walking every sample", "[counter_points]") {
    std::mt19937_64 rng(20261206);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int rounds = 0, denseColumns = 0;
    for (int round = 0; round < 400; ++round) {
        // Dense (thousands of samples a pixel) to sparse (pixels between samples), with runs of equal times.
        const int count = 1 + static_cast<int>(unit(rng) * 5000);
        const std::int64_t spacing = 1 + static_cast<std::int64_t>(unit(rng) * (round % 4 == 0 ? 5'000'000.0 : 2'000.0));
        std::vector<std::int64_t> ts(static_cast<std::size_t>(count) + 2);
        std::vector<double> values(ts.size());
        std::int64_t t = 1'000'000'000'000 + static_cast<std::int64_t>(unit(rng) * 1e6);
        for (std::size_t i = 0; i < ts.size(); ++i) {
            if (unit(rng) > 0.1) t += 1 + static_cast<std::int64_t>(unit(rng) * static_cast<double>(spacing));
            ts[i] = t;
            const double r = unit(rng);
            values[i] = r < 0.01   ? std::numeric_limits<double>::quiet_NaN()
                        : r < 0.015 ? std::numeric_limits<double>::infinity()
                        : r < 0.02  ? -std::numeric_limits<double>::infinity()
                                    : (unit(rng) - 0.2) * 1000.0;
        }
        if (round % 5 == 0) // most rounds have no odd values at all
            for (double& v : values)
                if (!std::isfinite(v)) v = 1.0;
        // The track is the arrays less one sample at each end, so begin and end are not the arrays' bounds;
        // the values' blocks in most rounds, every value read in the others.
        std::vector<double> mins, maxs;
        buildCounterValueBlocks(values, mins, maxs);
        const bool blocks = round % 4 != 1;
        const CounterSeries series{ts.data(), values.data(), 1, static_cast<std::uint32_t>(ts.size() - 1), -200.0, 800.0,
                                   blocks ? mins.data() : nullptr, blocks ? maxs.data() : nullptr};
        const std::int64_t span = ts.back() - ts.front();
        const std::int64_t start = ts.front() - span / 10 + static_cast<std::int64_t>(unit(rng) * static_cast<double>(span));
        const std::int64_t dur = 1 + static_cast<std::int64_t>(unit(rng) * static_cast<double>(span) * (round % 3 == 0 ? 0.01 : 1.2));
        TimeMapper m;
        m.window = {start, start + dur};
        m.xPx = 240.5;
        m.widthPx = 1665.0;
        const double height = round % 7 == 0 ? 0.0 : round % 11 == 0 ? -5.0 : 35.0;
        const QRectF rect(m.xPx, 100.25, m.widthPx, height);
        const TimeNs traceEnd = ts.back() + static_cast<std::int64_t>(unit(rng) * 1e6);
        const QVector<QPointF> expected = walkEverySample(series, m, rect, traceEnd);
        const QVector<QPointF> got = plotPoints(series, m, rect, traceEnd);
        INFO("round " << round << ": " << count << " samples, window " << start << " + " << dur << ", height " << height);
        REQUIRE(samePoints(got, expected));
        ++rounds;
        denseColumns += expected.size() < count; // columns that held many samples
    }
    CHECK(rounds == 400);
    CHECK(denseColumns > 100); // the galloping search was exercised, not only one sample a column
}

TEST_CASE("counter plot points: a column of many samples becomes its range", "[counter_points]") {
    // 1,000 samples inside the first pixel column, then one sample 500 px later.
    std::vector<std::int64_t> ts;
    std::vector<double> values;
    for (int i = 0; i < 1000; ++i) {
        ts.push_back(1000 + i);
        values.push_back(i == 400 ? 90.0 : i == 700 ? 10.0 : 50.0);
    }
    ts.push_back(1000 + 500'000);
    values.push_back(30.0);
    const CounterSeries series{ts.data(), values.data(), 0, static_cast<std::uint32_t>(ts.size()), 0.0, 100.0};
    TimeMapper m;
    m.window = {1000, 1000 + 1'000'000};
    m.xPx = 0;
    m.widthPx = 1000; // 1,000 ns a pixel
    const QRectF rect(0, 0, 1000, 100); // y = 100 - value
    const QVector<QPointF> pts = plotPoints(series, m, rect, 1000 + 600'000);
    const QVector<QPointF> expected{{0, 100}, {0, 100}, {0, 50},  {0, 10},    {0, 90},    {0, 50},
                                    {500, 50}, {500, 70}, {600, 70}, {600, 100}};
    CHECK(samePoints(pts, expected));
    CHECK(samePoints(pts, walkEverySample(series, m, rect, 1000 + 600'000)));
}

TEST_CASE("counter plot points: no sample up to the window's end still closes the plot", "[counter_points]") {
    const std::vector<std::int64_t> ts{5'000, 6'000};
    const std::vector<double> values{1.0, 2.0};
    const CounterSeries series{ts.data(), values.data(), 0, 2, 0.0, 2.0};
    TimeMapper m;
    m.window = {1'000, 2'000}; // before the first sample
    m.widthPx = 100;
    const QRectF rect(0, 0, 100, 10);
    const QVector<QPointF> pts = plotPoints(series, m, rect, 6'000);
    CHECK(samePoints(pts, QVector<QPointF>{{0, 10}, {100, 10}}));
    CHECK(samePoints(pts, walkEverySample(series, m, rect, 6'000)));
}
