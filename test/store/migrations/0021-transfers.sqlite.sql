-- 0021-transfers on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE transfers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    outflow_id INTEGER NOT NULL UNIQUE,
    inflow_id INTEGER NOT NULL UNIQUE,
    status TEXT NOT NULL,
    change_tx INTEGER NOT NULL
  );

CREATE INDEX transfers_change_tx ON transfers (change_tx);

CREATE TABLE transfer_rejections (
    outflow_id INTEGER NOT NULL,
    inflow_id INTEGER NOT NULL,
    change_tx INTEGER NOT NULL,
    PRIMARY KEY (outflow_id, inflow_id)
  );

CREATE TABLE change_undo_transfers (
    tx INTEGER NOT NULL,
    transfer_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    outflow_id INTEGER NOT NULL,
    inflow_id INTEGER NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (tx, transfer_id)
  );
