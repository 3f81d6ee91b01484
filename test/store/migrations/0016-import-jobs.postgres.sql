-- 0016-import-jobs on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE import_jobs (
      id text COLLATE "C" PRIMARY KEY,
      file_name text NOT NULL,
      bank_id text NOT NULL,
      owner text NOT NULL,
      created_at bigint NOT NULL,
      finished_at bigint,
      status integer,
      answer text
    );

CREATE INDEX import_jobs_finished_at ON import_jobs (finished_at);
