// DB device tasks that COMPUTE_TASK_INFO does not name: no slice keeps a task-type placeholder
// (AI_CORE, KERNEL_AICORE) when the export says which communication op or operator it belongs to.
#include "ascend_test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace opscope;
using namespace opscope::test;

namespace {

// Task 1: an HCCL task whose TASK.taskType says AI_CORE (connection 20 -> COMMUNICATION_OP).
// Task 2: a kernel with no COMPUTE_TASK_INFO row launched by CANN node aclnnAdd (connection 30).
// Task 3: a kernel with a COMPUTE_TASK_INFO row but no name: its OP type (Cast) names it.
// Task 4: a kernel nothing names (connection 99 is nowhere): the task type is all the export has.
const char* kSql = R"SQL(
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1,'AI_CORE'),(2,'KERNEL_AICORE'),(3,'hcom_allReduce__7_0_1'),(4,'aclnnAdd'),
  (5,'Node@launch'),(6,'Cast'),(7,'AI_VECTOR_CORE'),(8,'group7');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES (1000000, 1100000, 0, 20, 1, 0, 1, 0, 5, 1, 4294967295),
  (2000000, 2050000, 0, 30, 2, 0, 2, 0, 3, 2, 4294967295),
  (3000000, 3010000, 0, 40, 3, 0, 2, 0, 3, 3, 4294967295),
  (4000000, 4010000, 0, 99, 4, 0, 2, 0, 3, 4, 4294967295);
CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, taskType INTEGER, opType INTEGER);
INSERT INTO COMPUTE_TASK_INFO VALUES (NULL, 3, 7, 6);
CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId INTEGER, groupName INTEGER,
  opId INTEGER PRIMARY KEY);
INSERT INTO COMMUNICATION_OP VALUES (3, 990000, 1200000, 20, 8, 1);
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (1900000, 1950000, 20000, 1, 30, 4), (1910000, 1920000, 10000, 1, 30, 5);
)SQL";

std::vector<std::string> hardwareNames(Database& db) {
    std::vector<std::string> names;
    Statement st = db.prepare("SELECT s.name FROM slice_view s JOIN track t ON t.id = s.track_id JOIN process p "
                              "ON p.id = t.process_id WHERE p.name = 'Ascend Hardware' ORDER BY s.ts");
    while (st.step()) names.push_back(st.text(0));
    return names;
}

} // namespace

TEST_CASE("ascend db names: HCCL tasks by their op, unnamed kernels by their operator, never a placeholder", "[ascend][db]") {
    TempDir dir;
    std::string file = (dir.path() / "msprof_1.db").string();
    {
        Database db(file, Database::Mode::Create);
        db.exec(kSql);
    }
    TempDir out;
    AscendOutcome result = importAscendPath(out, file);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    Database db = openReadOnly(result.storePath);
    std::vector<std::string> names = hardwareNames(db);
    REQUIRE(names.size() == 4);
    CHECK(names[0] == "hcom_allReduce__7_0_1");
    CHECK(names[1] == "aclnnAdd"); // the CANN API, not "Node@launch"
    CHECK(names[2] == "Cast");
    CHECK(names[3] == "KERNEL_AICORE"); // nothing else in the export says what it is
    // The task type stays readable in the args.
    CHECK(db.scalarText("SELECT json_extract(args, '$.\"Task Type\"') FROM slice_view "
                        "WHERE name = 'hcom_allReduce__7_0_1' AND dur = 100000") == "AI_CORE");
}

TEST_CASE("ascend db names shared: the msprof sample's named tasks keep their names", "[ascend][db][shared]") {
    std::string file = sharedPathOrSkip("samples/ascend/msprof_0.db");
    TempDir out;
    AscendOutcome result = importAscendPath(out, file);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    Database db = openReadOnly(result.storePath);
    // Compute tasks: their COMPUTE_TASK_INFO names.
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'aclnnLtScalar_LessAiCore_Less'") == 2);
    // The two tasks the sample names by nothing but TASK.taskType (connections 43873 and 43888 lead nowhere).
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'AI_CORE'") == 2);
}
