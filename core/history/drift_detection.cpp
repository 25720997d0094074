#include "core/history/drift_detection.h"

#include <algorithm>
#include <cmath>

namespace opscope::history {

namespace {

// The MAD of normally distributed noise times this is its standard deviation.
constexpr double kMadToSigma = 1.4826;

std::size_t segmentStart(const std::vector<SeriesPoint>& points, std::size_t i) {
    for (std::size_t k = i + 1; k-- > 0;) {
        if (points[k].knownChange) return k;
    }
    return 0;
}

std::vector<double> valuesIn(const std::vector<SeriesPoint>& points, std::size_t from, std::size_t to) {
    std::vector<double> out;
    out.reserve(to - from);
    for (std::size_t k = from; k < to; ++k) out.push_back(points[k].value);
    return out;
}

bool isBeyond(double value, const Band& band, Direction direction) {
    if (!band.judged) return false;
    switch (direction) {
    case Direction::Up: return value > band.high();
    case Direction::Down: return value < band.low();
    case Direction::Both: return value > band.high() || value < band.low();
    }
    return false;
}

double halfWidthFor(double center, double mad, const Thresholds& t) {
    return std::max({t.madK * kMadToSigma * mad, t.minRelative * std::fabs(center), t.minAbsolute});
}

struct TrendFit {
    double slope = 0;     // per run
    double intercept = 0; // at the window's first run
    double tau = 0;       // Kendall's tau, in [-1, 1]
    double noiseMad = 0;  // MAD of the residuals around the fitted line
};

// Theil–Sen slope (median of pairwise slopes), its intercept, and Kendall's tau over equally spaced runs.
TrendFit fitTrend(const std::vector<double>& y) {
    TrendFit fit;
    const std::size_t n = y.size();
    std::vector<double> slopes;
    slopes.reserve(n * (n - 1) / 2);
    long long concordant = 0, discordant = 0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const double d = y[j] - y[i];
            slopes.push_back(d / static_cast<double>(j - i));
            if (d > 0) ++concordant;
            else if (d < 0) ++discordant;
        }
    }
    fit.slope = median(slopes);
    std::vector<double> offsets(n), residuals(n);
    for (std::size_t i = 0; i < n; ++i) offsets[i] = y[i] - fit.slope * static_cast<double>(i);
    fit.intercept = median(offsets);
    for (std::size_t i = 0; i < n; ++i) residuals[i] = offsets[i] - fit.intercept;
    fit.noiseMad = medianAbsoluteDeviation(residuals, 0.0);
    const double pairs = static_cast<double>(n) * static_cast<double>(n - 1) / 2.0;
    fit.tau = pairs > 0 ? static_cast<double>(concordant - discordant) / pairs : 0.0;
    return fit;
}

// A drift ending at run i: a steady trend over the window before it, beyond the noise of that window.
// A window never reaches back across the start of a step found before: the level changed there.
std::optional<Change> driftEndingAt(const std::vector<SeriesPoint>& points, std::size_t i, std::size_t floorIndex,
                                    const Thresholds& t) {
    const std::size_t start = std::max(segmentStart(points, i), floorIndex);
    const std::size_t window = static_cast<std::size_t>(std::max(t.window, 2));
    const std::size_t from = (i + 1 - start > window) ? i + 1 - window : start;
    const std::size_t n = i + 1 - from;
    if (n < static_cast<std::size_t>(std::max({t.minRuns, t.driftMinRuns, 3}))) return std::nullopt;
    const TrendFit fit = fitTrend(valuesIn(points, from, i + 1));
    const double change = fit.slope * static_cast<double>(n - 1);
    const double half = halfWidthFor(fit.intercept, fit.noiseMad, t);
    const bool up = fit.tau >= t.driftTau && change > half;
    const bool down = -fit.tau >= t.driftTau && -change > half;
    const bool worse = (t.direction == Direction::Up && up) || (t.direction == Direction::Down && down) ||
                       (t.direction == Direction::Both && (up || down));
    if (!worse) return std::nullopt;
    Change c;
    c.kind = ChangeKind::Drift;
    c.firstIndex = from;
    c.lastIndex = i;
    c.before = fit.intercept;
    c.after = fit.intercept + change;
    c.halfBand = half;
    return c;
}

bool overlaps(const Change& a, const Change& b) { return a.firstIndex <= b.lastIndex && b.firstIndex <= a.lastIndex; }

} // namespace

const char* directionName(Direction d) {
    switch (d) {
    case Direction::Up: return "up";
    case Direction::Down: return "down";
    case Direction::Both: return "both";
    }
    return "up";
}

std::optional<Direction> directionFromName(const std::string& name) {
    if (name == "up") return Direction::Up;
    if (name == "down") return Direction::Down;
    if (name == "both") return Direction::Both;
    return std::nullopt;
}

const char* changeKindName(ChangeKind kind) { return kind == ChangeKind::Step ? "step" : "drift"; }

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
    const double upper = values[mid];
    if (values.size() % 2 == 1) return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid));
    return (lower + upper) / 2.0;
}

double medianAbsoluteDeviation(const std::vector<double>& values, double center) {
    std::vector<double> dev;
    dev.reserve(values.size());
    for (double v : values) dev.push_back(std::fabs(v - center));
    return median(std::move(dev));
}

Band referenceBand(const std::vector<double>& reference, const Thresholds& thresholds) {
    Band band;
    if (reference.size() < static_cast<std::size_t>(std::max(thresholds.minRuns, 1))) return band;
    band.judged = true;
    band.median = median(reference);
    band.halfWidth = halfWidthFor(band.median, medianAbsoluteDeviation(reference, band.median), thresholds);
    return band;
}

namespace {

SeriesAnalysis analyze(const std::vector<SeriesPoint>& points, const Thresholds& t, std::size_t driftFrom) {
    SeriesAnalysis out;
    const std::size_t n = points.size();
    const std::size_t window = static_cast<std::size_t>(std::max(t.window, 1));
    out.bands.resize(n);
    out.smoothed.resize(n);
    out.beyond.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t start = segmentStart(points, i);
        const std::size_t from = (i - start > window) ? i - window : start;
        out.bands[i] = referenceBand(valuesIn(points, from, i), t);
        out.beyond[i] = isBeyond(points[i].value, out.bands[i], t.direction);
        const std::size_t smoothFrom = (i + 1 - start > window) ? i + 1 - window : start;
        out.smoothed[i] = median(valuesIn(points, smoothFrom, i + 1));
    }
    // Steps: unbroken stretches of runs beyond their bands; shorter than confirmRuns in the middle of the
    // series they are outliers, at its end an unconfirmed step (the runs that would confirm it are to come).
    std::vector<Change> steps;
    for (std::size_t i = 0; i < n;) {
        if (!out.beyond[i]) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j + 1 < n && out.beyond[j + 1] && !points[j + 1].knownChange) ++j;
        const std::size_t length = j - i + 1;
        const bool atEnd = j + 1 == n;
        if (length >= static_cast<std::size_t>(std::max(t.confirmRuns, 1)) || atEnd) {
            Change c;
            c.firstIndex = i;
            c.lastIndex = j;
            c.before = out.bands[i].median;
            c.after = median(valuesIn(points, i, j + 1));
            c.halfBand = out.bands[i].halfWidth;
            c.confirmed = length >= static_cast<std::size_t>(std::max(t.confirmRuns, 1));
            steps.push_back(c);
        }
        i = j + 1;
    }
    // Drifts: consecutive runs at which a drift ends merge into one. A drift whose window starts at a step
    // continues that step (a drift first seen as a step): it is named after the step's first run. Only runs
    // from driftFrom on are tested; a drift found there is followed back as far as it goes.
    auto floorAt = [&](std::size_t i) {
        std::size_t floor = 0;
        for (const Change& step : steps) {
            if (step.firstIndex > i) break;
            if (step.confirmed) floor = step.firstIndex;
        }
        return floor;
    };
    std::vector<Change> drifts;
    for (std::size_t i = driftFrom; i < n; ++i) {
        std::optional<Change> d = driftEndingAt(points, i, floorAt(i), t);
        if (!d) continue;
        if (!drifts.empty() && drifts.back().lastIndex + 1 == i && !points[i].knownChange) {
            drifts.back().lastIndex = i;
            drifts.back().after = d->after;
        } else {
            drifts.push_back(*d);
        }
    }
    if (!drifts.empty() && drifts.front().lastIndex >= driftFrom && driftFrom > 0) {
        for (std::size_t k = driftFrom; k > 0 && !points[k].knownChange; --k) {
            std::optional<Change> d = driftEndingAt(points, k - 1, floorAt(k - 1), t);
            if (!d) break;
            drifts.front().firstIndex = std::min(drifts.front().firstIndex, d->firstIndex);
            drifts.front().before = d->before;
        }
    }
    out.changes = steps;
    for (const Change& d : drifts) {
        auto covering = std::find_if(steps.begin(), steps.end(), [&](const Change& s) { return overlaps(s, d); });
        if (covering == steps.end()) {
            out.changes.push_back(d);
        } else if (d.lastIndex > covering->lastIndex) {
            Change continued = d;
            continued.firstIndex = std::min(d.firstIndex, covering->firstIndex);
            continued.before = covering->before;
            out.changes.push_back(continued);
        }
    }
    std::sort(out.changes.begin(), out.changes.end(),
              [](const Change& a, const Change& b) { return a.firstIndex < b.firstIndex; });
    return out;
}

} // namespace

SeriesAnalysis analyzeSeries(const std::vector<SeriesPoint>& points, const Thresholds& thresholds) {
    return analyze(points, thresholds, 0);
}

std::optional<Change> checkLatest(const std::vector<SeriesPoint>& points, const Thresholds& thresholds,
                                  Band* latestBand) {
    if (points.empty()) return std::nullopt;
    // Only a drift that ends at the newest run matters here: the others are not tested.
    const SeriesAnalysis analysis = analyze(points, thresholds, points.size() - 1);
    if (latestBand) *latestBand = analysis.bands.back();
    const std::size_t last = points.size() - 1;
    for (const Change& c : analysis.changes) {
        if (c.lastIndex == last) return c;
    }
    return std::nullopt;
}

} // namespace opscope::history
