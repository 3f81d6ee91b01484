-- 0006-stored-row-json on sqlite: the statements it runs, in order. Frozen: never edit (see the test).
ALTER TABLE transactions ADD COLUMN row_json TEXT;

UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || '}';

CREATE TRIGGER transactions_row_json_insert AFTER INSERT ON transactions BEGIN
    UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || '}' WHERE id = NEW.id;
  END;

CREATE TRIGGER transactions_row_json_update AFTER UPDATE OF id, date, description, value, category, bank_id ON transactions BEGIN
    UPDATE transactions SET row_json = '{"date":' || json_quote("date") || ',"description":' || json_quote("description") || ',"value":' || CASE WHEN abs("value") <= 9007199254740992 AND "value" = CAST("value" AS INTEGER) THEN CAST("value" AS INTEGER) ELSE "value" END || ',"id":' || "id" || CASE WHEN "category" IS NULL THEN '' ELSE ',"category":' || json_quote("category") END || CASE WHEN "bank_id" IS NULL THEN '' ELSE ',"bank":' || json_quote("bank_id") END || '}' WHERE id = NEW.id;
  END;
