// The torch_npu fixture run (tests/data/ascend/torch_npu_rank0) as its DB export would hold it: the
// same kernels, communication op, host ranges and counters, written here with SQL in WAL mode.
#pragma once
#include "test_support.h"

#include <filesystem>
#include <string>

namespace opscope::test {

// The torch_npu fixture's Conv2D1 kernel (and friends) as msprof would export them.
inline const char* kExportSql = R"SQL(
PRAGMA journal_mode=WAL;
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1,'Conv2D1'),(2,'Conv2D'),(3,'AI_CORE'),(4,'NC1HWC0;FRACTAL_Z;NCHW'),
  (5,'FLOAT;FLOAT;FLOAT'),(6,'"32,1,224,224,8;121,4,16,8;64"'),(7,'NC1HWC0'),(8,'FLOAT'),(9,'"32,8,55,55,8"'),
  (10,'KERNEL_AICORE'),(11,'Node@launch'),(12,'hcom_allReduce__1_0_1'),(13,'123'),(14,'Memcpy'),(15,'HCCS'),
  (16,'read'),(17,'aic_mac_ratio'),(18,'aic_total_time'),(19,'dynamic'),(20,'YES'),(21,'FP32'),(22,'MESH-RING'),
  (23,'SDMA'),(24,'INT32'),(25,'EVENT_RECORD'),(26,'aten::conv2d');
CREATE TABLE ENUM_API_TYPE(id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO ENUM_API_TYPE VALUES (10000,'node');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES
  (1736408883700200212, 1736408883700514098, 0, 11, 1, 0, 10, 4294967295, 2, 101, 4294967295),
  (1736408883701200000, 1736408883701280000, 0, 4294967295, 2, 0, 25, 4294967295, 4, 7, 4294967295),
  (1736408883701300600, 1736408883701303600, 0, 15, 3, 0, 14, 0, 4, 8, 4294967295);
CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, blockDim INTEGER, mixBlockDim INTEGER,
  taskType INTEGER, opType INTEGER, inputFormats INTEGER, inputDataTypes INTEGER, inputShapes INTEGER,
  outputFormats INTEGER, outputDataTypes INTEGER, outputShapes INTEGER, opState INTEGER, hf32Eligible INTEGER);
INSERT INTO COMPUTE_TASK_INFO VALUES (1, 1, 16, 0, 3, 2, 4, 5, 6, 7, 8, 9, 19, 20);
CREATE TABLE TASK_PMU_INFO(globalTaskId INTEGER, name INTEGER, value NUMERIC);
INSERT INTO TASK_PMU_INFO VALUES (1, 18, 312164.0), (1, 17, 0.519);
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (1736408883700110500, 1736408883700130500, 10000, 17609365917700, 11, 11);
CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId INTEGER, groupName INTEGER,
  opId INTEGER PRIMARY KEY, relay INTEGER, retry INTEGER, dataType INTEGER, algType INTEGER, count NUMERIC, opType INTEGER);
INSERT INTO COMMUNICATION_OP VALUES (12, 1736408883701300564, 1736408883701700564, 15, 13, 1, 0, 0, 21, 22, 4096, 12);
CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, taskType INTEGER, planeId INTEGER,
  groupName INTEGER, notifyId INTEGER, rdmaType INTEGER, srcRank INTEGER, dstRank INTEGER, transportType INTEGER,
  size INTEGER, dataType INTEGER, linkType INTEGER, opId INTEGER, bandwidth NUMERIC);
INSERT INTO COMMUNICATION_TASK_INFO VALUES (12, 3, 14, 0, 13, 0, NULL, 0, 1, 23, 4096, 24, 15, 1, 1300000000);
CREATE TABLE HBM(deviceId INTEGER, timestampNs INTEGER, bandwidth NUMERIC, hbmId INTEGER, type INTEGER);
INSERT INTO HBM VALUES (0, 1736408883700000000, 10500000, 0, 16), (0, 1736408883701000000, 20250000, 0, 16);
CREATE TABLE AICORE_FREQ(deviceId INTEGER, timestampNs INTEGER, freq INTEGER);
INSERT INTO AICORE_FREQ VALUES (0, 1736408883699000000, 1800), (0, 1736408883702000000, 1650);
CREATE TABLE STEP_TIME(id INTEGER, startNs INTEGER, endNs INTEGER);
INSERT INTO STEP_TIME VALUES (7, 1736408883700000000, 1736408883702000000);
CREATE TABLE OVERLAP_ANALYSIS(id INTEGER PRIMARY KEY, deviceId INTEGER, startNs INTEGER, endNs INTEGER, type INTEGER);
INSERT INTO OVERLAP_ANALYSIS VALUES (1, 0, 1736408883700200212, 1736408883700514098, 0);
CREATE TABLE PYTORCH_API(startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO PYTORCH_API VALUES ('1736408883700100000', '1736408883700150000', 17609365917700, 1, 26);
CREATE TABLE CONNECTION_IDS(id INTEGER, connectionId INTEGER);
INSERT INTO CONNECTION_IDS VALUES (1, 11);
)SQL";

inline std::string writeExport(const TempDir& dir, const std::string& relative) {
    std::filesystem::path path = dir.path() / relative;
    std::filesystem::create_directories(path.parent_path());
    {
        Database db(path.string(), Database::Mode::Create);
        db.exec(kExportSql);
    }
    // Exports sit on read-only media: the importer must not need to write (no -shm, no -wal).
    std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::group_read);
    return path.string();
}

} // namespace opscope::test
