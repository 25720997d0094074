// Finding regressions in a series of runs while respecting noise: each run is judged against a robust
// reference (median and MAD of the runs before it), a step is a run beyond that band that the runs after
// it confirm, and a drift is a steady Theil–Sen slope. Pure functions over plain values.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope::history {

// Which way a metric gets worse: times grow, a count may change either way.
enum class Direction { Up, Down, Both };
const char* directionName(Direction d); // "up", "down", "both"
std::optional<Direction> directionFromName(const std::string& name);

struct Thresholds {
    int window = 20;            // reference runs before the judged one (after the last known change)
    int minRuns = 10;           // fewer reference runs than this: no judgement (a MAD of fewer is too unsure)
    double madK = 3.0;          // half band = madK × 1.4826 × MAD ...
    double minRelative = 0.03;  // ... but never less than this share of the median ...
    double minAbsolute = 0;     // ... nor less than this absolute amount (e.g. 1000 ns)
    int confirmRuns = 3;        // a step needs this many consecutive runs beyond the band (fewer at the end)
    int driftMinRuns = 15;      // a drift is judged over at least this many runs (short windows trend by chance)
    double driftTau = 0.6;      // Kendall's tau at or above this (in the bad direction) over the window ...
    Direction direction = Direction::Up; // ... and a fitted change beyond the half band make a drift
};

struct SeriesPoint {
    double value = 0;
    bool knownChange = false; // this run starts a new baseline: runs before it are no reference
};

// The reference of one run: what the runs before it (since the last known change) say.
struct Band {
    bool judged = false;  // false when fewer than minRuns reference runs exist
    double median = 0;
    double halfWidth = 0;
    double low() const { return median - halfWidth; }
    double high() const { return median + halfWidth; }
};

enum class ChangeKind { Step, Drift };
const char* changeKindName(ChangeKind kind); // "step", "drift"

struct Change {
    ChangeKind kind = ChangeKind::Step;
    std::size_t firstIndex = 0;  // the run where it began
    std::size_t lastIndex = 0;   // the last run it covers
    double before = 0;           // reference median before it
    double after = 0;            // median of the runs it covers (drift: the fitted value at lastIndex)
    double halfBand = 0;         // the noise half band it exceeded
    bool worse = true;           // in the metric's bad direction (Both: always true)
    bool confirmed = true;       // a step at the end of the series with fewer than confirmRuns runs: false
    double relative() const { return before != 0 ? after / before - 1.0 : 0.0; }
};

struct SeriesAnalysis {
    std::vector<Band> bands;        // one per point: the band that point was judged against
    std::vector<double> smoothed;   // running median of the reference window and the point itself
    std::vector<bool> beyond;       // the point lies beyond its band in the bad direction
    std::vector<Change> changes;    // steps and drifts, in order
};

double median(std::vector<double> values);
double medianAbsoluteDeviation(const std::vector<double>& values, double center);

// The band a value would be judged against, from the reference values before it.
Band referenceBand(const std::vector<double>& reference, const Thresholds& thresholds);

SeriesAnalysis analyzeSeries(const std::vector<SeriesPoint>& points, const Thresholds& thresholds);

// Is the last point a regression against the runs before it? When it is, the returned change names the
// first run of the unbroken stretch of runs beyond the band that ends at the last point.
// latestBand, when given, receives the band the last point was judged against (judged false: too few
// reference runs since the last known change).
std::optional<Change> checkLatest(const std::vector<SeriesPoint>& points, const Thresholds& thresholds,
                                  Band* latestBand = nullptr);

} // namespace opscope::history
