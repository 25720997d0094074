// Another thread may be using a connection that the SQLite wrapper (core/store/sqlite_db.h) opens
// without SQLite's own mutex: the import's insert pipe (core/store/insert_pipe.h) writes rows on its
// connection from a thread of its own. While such a gate is registered, every call through Database
// and Statement on that connection first waits until the gate is idle, so the two never overlap.
// Kept by raw connection because a Statement knows only that.
#pragma once

struct sqlite3;

namespace opscope {

class ConnectionGate {
public:
    virtual void waitIdle() = 0;

protected:
    ~ConnectionGate() = default;
};

// False when every slot is taken (a few dozen imports at once): the caller then uses no other thread.
bool registerConnectionGate(sqlite3* db, ConnectionGate* gate);
// Removes gate from db if it is the one registered there (a closed connection's address may be reused).
void unregisterConnectionGate(sqlite3* db, const ConnectionGate* gate);
// Removes whatever gate db has: its connection is closing.
void forgetConnectionGate(sqlite3* db);
// Called before each call on db: returns at once unless db has a gate and it is busy.
void waitForConnectionGate(sqlite3* db);

} // namespace opscope
