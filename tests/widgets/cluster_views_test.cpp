// The cluster summary and communication views over fixture summaries: the table rows, the heatmap
// grid (rank × step; source × destination) and the slow-rank / guidance text.
#include "widgets/cluster/cluster_steps_model.h"
#include "widgets/cluster/cluster_view.h"
#include "widgets/cluster/communication_ranks_model.h"
#include "widgets/cluster/communication_view.h"
#include "widgets/cluster/rank_grid_plot.h"

#include <QAbstractItemModelTester>
#include <QLabel>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {
RankStepFigures fig(int rank, const std::string& step, TimeNs freeNs) {
    RankStepFigures f;
    f.rank = rank;
    f.step = step;
    f.freeNs = freeNs;
    f.computeNs = 1'000'000;
    f.stageNs = freeNs + f.computeNs;
    return f;
}
} // namespace

TEST_CASE("cluster view: rank x step grid, table rows and the slow rank named with its rule", "[ranks][widgets]") {
    ClusterView view(nullptr);
    ClusterSummary s;
    s.source = "device_tasks";
    s.figures = {fig(0, "1", 2'000'000), fig(0, "2", 2'500'000), fig(1, "1", 9'000'000), fig(1, "2", 8'000'000)};
    s.slowRanks.push_back({"advisor_slow_rank", 1, "idles_longer", "free", "", 0.9});
    view.setSummary(s);
    QAbstractItemModelTester tester(view.model());
    CHECK(view.model()->rowCount() == 4);
    CHECK(view.plot()->rows() == 2);
    CHECK(view.plot()->columns() == 2);
    CHECK(view.model()->data(view.model()->index(2, ClusterStepsModel::FreeColumn), Qt::DisplayRole).toString() == "9.000");
    CHECK(view.model()->data(view.model()->index(2, ClusterStepsModel::SlowColumn), Qt::DisplayRole).toString() ==
          "advisor_slow_rank");
    CHECK(view.slowRanksLabel()->text().contains("rank 1"));
}

TEST_CASE("communication view: matrix grid, ratio flags above 0.2 and the guidance's slow rank", "[ranks][widgets]") {
    CommunicationView view(nullptr);
    CommunicationReport r;
    RankCommFigures a;
    a.rank = 0;
    a.waitRatio = 0.9;
    a.waitAboveGuidance = true;
    RankCommFigures b;
    b.rank = 1;
    r.ranks = {a, b};
    r.guidanceSlowRank = 1;
    MatrixCell c;
    c.srcRank = 0;
    c.dstRank = 1;
    c.transport = "HCCS";
    c.transitSizeMB = 2;
    c.transitNs = 100'000;
    r.matrix = {c};
    view.setReport(r, {});
    QAbstractItemModelTester tester(view.model());
    CHECK(view.plot()->rows() == 1);
    CHECK(view.plot()->columns() == 1);
    CHECK(view.model()->data(view.model()->index(0, CommunicationRanksModel::WaitRatioColumn), Qt::BackgroundRole).isValid());
    CHECK_FALSE(view.model()->data(view.model()->index(1, CommunicationRanksModel::WaitRatioColumn), Qt::BackgroundRole).isValid());
    CHECK(view.notesLabel()->text().contains("Rank 1"));
}
