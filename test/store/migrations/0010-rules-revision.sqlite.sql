-- 0010-rules-revision on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE rules_revision (
    singleton integer PRIMARY KEY CHECK (singleton = 1),
    revision INTEGER NOT NULL
  );

INSERT INTO rules_revision (singleton, revision) VALUES (1, 0);
