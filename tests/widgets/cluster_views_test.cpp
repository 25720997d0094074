// The cluster summary and communication views over fixture summaries: the table rows, the heatmap
// grid (rank × step; source × destination) and the slow-rank / guidance text; and the views computed
// through the document against the opscope-cli cluster binary (parity).
#include "core/analysis/cluster/cluster_json.h"
#include "tests/cli/cli_runner.h"
#include "widgets/common/duration_cell.h"
#include "core/store/cluster_tables.h"
#include "tests/cluster_fixtures.h"
#include "widgets/cluster/communication_ops_model.h"
#include "widgets/cluster/nccl_collectives_model.h"
#include "widgets/cluster/cluster_steps_model.h"
#include "widgets/cluster/cluster_view.h"
#include "widgets/cluster/communication_ranks_model.h"
#include "widgets/cluster/communication_view.h"
#include "widgets/cluster/rank_grid_plot.h"
#include "widgets/cluster/rank_offsets_dialog.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <memory>

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
    CHECK(view.model()->data(view.model()->index(2, ClusterStepsModel::FreeColumn), Qt::DisplayRole).toString() == QStringLiteral("9ms"));
    CHECK(view.model()->data(view.model()->index(2, ClusterStepsModel::FreeColumn), kCsvRole).toString() == QStringLiteral("9000.000"));
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

TEST_CASE("cluster view parity: opscope-cli cluster --json equals what the view computes through the document", "[ranks][widgets][parity]") {
    namespace fs = std::filesystem;
    const fs::path job = fs::path(opscope::test::cliTempDir()) / "cluster_view_parity";
    fs::create_directories(job);
    for (int rank = 0; rank < 2; ++rank)
        std::ofstream(job / ("rank-" + std::to_string(rank) + ".json")) << opscope::test::kinetoRankTrace(rank, 1000 + 1500 * rank);
    const std::string store = (job / "job.opscope.sqlite").string();
    opscope::test::CliResult r = opscope::test::runCli({"cluster", job.string(), "--json", "-o", store});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    nlohmann::json cli = nlohmann::json::parse(r.out);
    const nlohmann::json cliNccl = cli["nccl_collectives"];
    cli.erase("nccl_collectives");

    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(doc);
    ClusterView view(nullptr);
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded(30000));
    const ClusterSummary& s = view.model()->summary();
    REQUIRE(s.figures.size() == 4); // two ranks × two steps
    CHECK(clusterSummaryJson(s) == cli);
    CHECK(view.model()->rowCount() == 4);
    CHECK(view.plot()->rows() == 2);
    CHECK(view.plot()->columns() == 2);
    // Rank 1 computes 2500 us per step against rank 0's 1000 us.
    CHECK(cli["ranks"][1]["steps"][0]["compute_ns"] == 2'500'000);
    CHECK(s.figures[2].computeNs == 2'500'000);

    CommunicationView comm(nullptr);
    comm.setDocument(doc.get());
    REQUIRE(comm.waitForLoaded(30000));
    CommunicationOverview direct;
    REQUIRE(doc->session()->communication(&direct, &error));
    CHECK(comm.model()->rowCount() == static_cast<int>(direct.report.ranks.size()));
    CHECK(comm.ncclModel()->rowCount() == static_cast<int>(direct.nccl.size()));
    CHECK(ncclCollectivesJson(direct.nccl) == cliNccl);
}

namespace {

// Two Kineto ranks imported by the real binary, then one communication operator on rank 1 (its second
// step's all-reduce kernel, at 22,510 us for 100 us) and a matrix link 1 -> 0 naming it.
std::string collectiveStore() {
    namespace fs = std::filesystem;
    const fs::path job = fs::path(opscope::test::cliTempDir()) / "collective_jump";
    fs::remove_all(job);
    fs::create_directories(job);
    for (int rank = 0; rank < 2; ++rank)
        std::ofstream(job / ("rank-" + std::to_string(rank) + ".json")) << opscope::test::kinetoRankTrace(rank, 1000 + 1500 * rank);
    const std::string store = (job / "job.opscope.sqlite").string();
    opscope::test::CliResult r = opscope::test::runCli({"import", job.string(), "-o", store, "--quiet"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    Database db(store, Database::Mode::ReadWrite);
    CommOpRank op;
    op.group = "(0, 1)";
    op.step = "step2";
    op.kind = "collective";
    op.opName = op.opKey = "ncclKernel_AllReduce";
    op.rank = 1;
    op.startNs = 22'510'000;
    op.elapseNs = 100'000;
    writeCommOps(db, "test", {op});
    CommMatrixLink link;
    link.kind = "collective";
    link.group = op.group;
    link.srcRank = 1;
    link.dstRank = 0;
    link.globalRanks = true;
    link.transport = "RDMA";
    link.transitSizeMB = 4;
    link.transitNs = 80'000;
    link.opName = op.opName;
    writeCommLinks(db, "test", {link});
    return store;
}

} // namespace

TEST_CASE("communication view: a click on an operator or a matrix cell selects its slices and zooms to them", "[ranks][widgets][jump]") {
    const std::string store = collectiveStore();
    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(doc);
    ZoomControl zoom;
    zoom.setTraceRange(doc->timeline()->traceRange());
    CommunicationView view(&zoom);
    view.resize(900, 700);
    view.show();
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded(30000));
    REQUIRE(view.opsModel()->rowCount() == 1);
    QTabWidget* tabs = view.findChild<QTabWidget*>();
    REQUIRE(tabs);
    tabs->setCurrentWidget(view.opsTable());

    QSignalSpy shown(&view, &CommunicationView::operatorShown);
    const QModelIndex row = view.opsModel()->index(0, CommunicationOpsModel::OpColumn);
    QTest::mouseClick(view.opsTable()->viewport(), Qt::LeftButton, {}, view.opsTable()->visualRect(row).center());
    REQUIRE(shown.wait(10000));
    // Rank 1's second all-reduce only: not rank 0's, not the first step's.
    REQUIRE(view.lastJumpSlices().size() == 1);
    const TimelineSlice* slice = doc->timeline()->findSlice(view.lastJumpSlices()[0]);
    REQUIRE(slice);
    CHECK(slice->tsNs == 22'510'000);
    CHECK(doc->selection()->selectedSlice() == view.lastJumpSlices()[0]);
    REQUIRE(doc->selection()->highlighted());
    CHECK(doc->selection()->highlighted()->matches.size() == 1);
    CHECK(zoom.visibleRange().startNs <= 22'510'000);
    CHECK(zoom.visibleRange().endNs >= 22'610'000);
    CHECK(zoom.visibleRange().durationNs() < doc->timeline()->traceRange().durationNs() / 10);

    // The matrix cell rank 1 -> rank 0 names the same operator.
    doc->selection()->clear();
    zoom.fitAll();
    REQUIRE(view.plot()->rows() == 1);
    QTest::mouseClick(view.plot(), Qt::LeftButton, {}, view.plot()->cellCentre(0, 0));
    REQUIRE(shown.wait(10000));
    REQUIRE(view.lastJumpSlices().size() == 1);
    CHECK(doc->selection()->selectedSlice() == view.lastJumpSlices()[0]);
    CHECK(zoom.visibleRange().durationNs() < doc->timeline()->traceRange().durationNs() / 10);
}

TEST_CASE("cluster view: manual rank clock offsets typed in the dialog are stored and move the view's and the CLI's clock", "[ranks][widgets][clock]") {
    namespace fs = std::filesystem;
    const fs::path job = fs::path(opscope::test::cliTempDir()) / "cluster_offsets";
    fs::remove_all(job);
    fs::create_directories(job);
    for (int rank = 0; rank < 2; ++rank)
        std::ofstream(job / ("rank-" + std::to_string(rank) + ".json")) << opscope::test::kinetoRankTrace(rank, 1000);
    const std::string store = (job / "job.opscope.sqlite").string();
    opscope::test::CliResult before = opscope::test::runCli({"cluster", job.string(), "--json", "-o", store});
    INFO(before.err);
    REQUIRE(before.exitCode == 0);
    const std::int64_t startNs = nlohmann::json::parse(before.out)["ranks"][1]["steps"][0]["start_ns"];

    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(doc);
    ClusterView view(nullptr);
    QSignalSpy changed(&view, &ClusterView::clockOffsetsChanged);
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded(30000));
    view.editClockOffsets();
    QTRY_VERIFY_WITH_TIMEOUT(view.offsetsDialog() != nullptr, 10000);
    RankOffsetsDialog* dialog = view.offsetsDialog();
    REQUIRE(dialog->table()->rowCount() == 2);
    CHECK(dialog->table()->item(1, RankOffsetsDialog::RankColumn)->text() == "1");
    CHECK(dialog->table()->item(1, RankOffsetsDialog::ManualColumn)->text() == "0");
    // Not a whole number of ns: refused, nothing stored.
    dialog->table()->item(1, RankOffsetsDialog::ManualColumn)->setText("2.5");
    dialog->accept();
    CHECK(dialog->isVisible());
    CHECK(changed.count() == 0);
    dialog->table()->item(1, RankOffsetsDialog::ManualColumn)->setText("250");
    dialog->accept();
    REQUIRE(changed.count() == 1);

    std::vector<RankClockRow> rows;
    REQUIRE(doc->session()->rankClock(&rows, &error));
    REQUIRE(rows.size() == 2);
    CHECK(rows[1].rank == 1);
    CHECK(rows[1].manualNs == 250);
    CHECK(rows[0].manualNs == 0);
    // The view recomputed on the job clock, and the CLI reads the same stored offset.
    REQUIRE(view.waitForLoaded(30000));
    REQUIRE(view.model()->summary().figures.size() == 4);
    CHECK(view.model()->summary().figures[2].startNs == startNs + 250);
    opscope::test::CliResult after = opscope::test::runCli({"cluster", store, "--json"});
    REQUIRE(after.exitCode == 0);
    CHECK(nlohmann::json::parse(after.out)["ranks"][1]["steps"][0]["start_ns"] == startNs + 250);
    // --offset replaces the stored offset of that rank for one run.
    opscope::test::CliResult overridden = opscope::test::runCli({"cluster", store, "--json", "--offset", "1=100"});
    CHECK(nlohmann::json::parse(overridden.out)["ranks"][1]["steps"][0]["start_ns"] == startNs + 100);
}

TEST_CASE("parity: communication, the Communication view's tables and opscope-cli communication --json", "[ranks][widgets][parity]") {
    const std::string store = collectiveStore();
    opscope::test::CliResult r = opscope::test::runCli({"communication", store, "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json cli = nlohmann::json::parse(r.out);

    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(doc);
    CommunicationView view(nullptr);
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded(30000));
    const CommunicationReport& shown = view.model()->report();
    REQUIRE(shown.ranks.size() == 1); // the one operator's rank
    REQUIRE(cli["ranks"].size() == shown.ranks.size());
    for (std::size_t i = 0; i < shown.ranks.size(); ++i) {
        const RankCommFigures& g = shown.ranks[i];
        const nlohmann::json& c = cli["ranks"][i];
        CHECK(c["rank"] == g.rank);
        CHECK(c["ops"] == g.ops);
        CHECK(c["elapse_ns"] == g.elapseNs);
        CHECK(c["transit_ns"] == g.transitNs);
        CHECK(c["wait_ns"] == g.waitNs);
        CHECK(c["synchronization_ns"] == g.synchronizationNs);
        CHECK(c["idle_ns"] == g.idleNs);
        CHECK(c["wait_ratio"].get<double>() == Approx(g.waitRatio));
        CHECK(c["synchronization_ratio"].get<double>() == Approx(g.synchronizationRatio));
        CHECK(c["wait_above_guidance"] == g.waitAboveGuidance);
    }
    CHECK(cli["ranks"][0]["elapse_ns"] == 100'000);
    CHECK(cli["guidance_slow_rank"] == shown.guidanceSlowRank);
    // The matrix as the view's grid holds it: rank 1 -> rank 0 over RDMA, 4 MB in 80 µs (50 GB/s).
    REQUIRE(cli["matrix"].size() == shown.matrix.size());
    REQUIRE(shown.matrix.size() == 1);
    CHECK(cli["matrix"][0]["src_rank"] == shown.matrix[0].srcRank);
    CHECK(cli["matrix"][0]["dst_rank"] == shown.matrix[0].dstRank);
    CHECK(cli["matrix"][0]["transport"] == shown.matrix[0].transport);
    CHECK(cli["matrix"][0]["bandwidth_gbps"].get<double>() == Approx(50.0));
    CHECK(view.opsModel()->rowCount() == static_cast<int>(cli["operators"].size()));
    CHECK(cli["operators"][0]["op"] == "ncclKernel_AllReduce");

    opscope::test::CliResult csv = opscope::test::runCli({"communication", store, "--csv"});
    REQUIRE(csv.exitCode == 0);
    CHECK(csv.out.rfind("rank,ops,elapse_ns,transit_ns,wait_ns,synchronization_ns,idle_ns,wait_ratio,", 0) == 0);
    opscope::test::CliResult both = opscope::test::runCli({"communication", store, "--csv", "--json"});
    CHECK(both.exitCode == 2);
}
