-- 0010-rules-revision on postgres: the statements it runs, in order. Frozen: never edit (see the test).
CREATE TABLE rules_revision (
    singleton integer PRIMARY KEY CHECK (singleton = 1),
    revision bigint NOT NULL
  );

INSERT INTO rules_revision (singleton, revision) VALUES (1, 0);
