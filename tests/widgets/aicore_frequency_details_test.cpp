// The AI Core frequency row of a compute slice's Details: a drop below the device's highest sample is
// said as such, an unchanged frequency as "throughout", and no row without an AI Core Freq track.
#include "widgets/details/slice_details_model.h"

#include <QAbstractItemModelTester>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

// The value of the Slice section's row named `field`; empty when there is none.
QString fieldValue(const SliceDetailsModel& model, const QString& field) {
    const QModelIndex slice = model.index(0, 0);
    for (int r = 0; r < model.rowCount(slice); ++r)
        if (model.index(r, 0, slice).data().toString() == field) return model.index(r, 1, slice).data().toString();
    return {};
}

} // namespace

TEST_CASE("details: the AI Core frequency under a compute slice, drop at the boundary", "[details][aicore_frequency]") {
    SliceDetails d;
    d.id = 7;
    d.name = "MatMul";
    d.deviceClass = "compute";
    SliceDetailsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
    model.resetData(d, 0);
    CHECK(fieldValue(model, QStringLiteral("AI Core frequency")).isEmpty()); // no AI Core Freq track
    d.aicoreLowestMhz = 1800;
    d.aicoreHighestMhz = 1800;
    model.resetData(d, 0);
    CHECK(fieldValue(model, QStringLiteral("AI Core frequency")) == QStringLiteral("1800 MHz throughout (the device's highest)"));
    d.aicoreLowestMhz = 1799; // 1 MHz below the highest: a drop
    model.resetData(d, 0);
    CHECK(fieldValue(model, QStringLiteral("AI Core frequency")) ==
          QStringLiteral("dropped to 1799 MHz while it ran (the device's highest: 1800 MHz)"));
}
