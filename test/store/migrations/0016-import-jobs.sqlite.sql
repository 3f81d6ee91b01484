-- 0016-import-jobs on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE import_jobs (
      id TEXT PRIMARY KEY NOT NULL,
      file_name TEXT NOT NULL,
      bank_id TEXT NOT NULL,
      owner TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      finished_at INTEGER,
      status INTEGER,
      answer TEXT
    );

CREATE INDEX import_jobs_finished_at ON import_jobs (finished_at);
