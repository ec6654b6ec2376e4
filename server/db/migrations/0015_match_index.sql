ALTER TABLE "company" ADD COLUMN "tool_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "search" "tsvector";--> statement-breakpoint
CREATE INDEX "company_tool_ids_idx" ON "company" USING gin ("tool_ids");--> statement-breakpoint
CREATE INDEX "company_search_idx" ON "company" USING gin ("search");--> statement-breakpoint
CREATE INDEX "company_private_idx" ON "company" USING btree ("id") WHERE "company"."private_mode";--> statement-breakpoint
-- Stack Match's company index (docs/decisions/027-stack-match-at-scale.md): company.search and company.tool_ids are kept by the database,
-- because companies and their stacks are written from many places (stacks, I Use This, deletion, seeds).
CREATE FUNCTION "company_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := setweight(to_tsvector('english', NEW.name), 'A')
    || setweight(to_tsvector('english', array_to_string(NEW.tag_list, ' ')), 'B')
    || setweight(to_tsvector('english', left(coalesce(NEW.description, ''), 20000)), 'C');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_search_document" BEFORE INSERT OR UPDATE OF "name", "description", "tag_list" ON "company"
  FOR EACH ROW EXECUTE FUNCTION "company_search_document"();--> statement-breakpoint
-- The distinct tools of a company's public stacks. The row lock comes first: a concurrent writer of another stack of
-- the same company waits, then reads what the first committed (a volatile function's statements each take a new
-- snapshot under READ COMMITTED).
CREATE FUNCTION "company_refresh_tool_ids"("company_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "company_ids" IS NULL OR cardinality("company_ids") = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "company" WHERE "id" = ANY("company_ids") ORDER BY "id" FOR UPDATE;
  UPDATE "company" SET "tool_ids" = coalesce((
      SELECT array_agg(DISTINCT "stack_tool"."tool_id" ORDER BY "stack_tool"."tool_id")
      FROM "stack" JOIN "stack_tool" ON "stack_tool"."stack_id" = "stack"."id"
      WHERE "stack"."owner_company_id" = "company"."id" AND NOT "stack"."is_private"), '{}')
    WHERE "id" = ANY("company_ids");
END $$;--> statement-breakpoint
CREATE FUNCTION "stack_tool_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "company_refresh_tool_ids"(array(
    SELECT DISTINCT "stack"."owner_company_id" FROM "changed" JOIN "stack" ON "stack"."id" = "changed"."stack_id"
    WHERE "stack"."owner_company_id" IS NOT NULL AND NOT "stack"."is_private"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stack_tool_inserted" AFTER INSERT ON "stack_tool" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "stack_tool_changed"();--> statement-breakpoint
CREATE TRIGGER "stack_tool_deleted" AFTER DELETE ON "stack_tool" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "stack_tool_changed"();--> statement-breakpoint
CREATE TRIGGER "stack_tool_updated" AFTER UPDATE ON "stack_tool" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "stack_tool_changed"();--> statement-breakpoint
-- A stack that changes owner or privacy, or goes: the companies on both sides (its tools go by cascade).
CREATE FUNCTION "stack_owner_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "company_refresh_tool_ids"(array(
    SELECT "before"."owner_company_id" FROM "before" LEFT JOIN "after" ON "after"."id" = "before"."id"
    WHERE "before"."owner_company_id" IS NOT NULL AND ("after"."id" IS NULL
      OR "after"."owner_company_id" IS DISTINCT FROM "before"."owner_company_id" OR "after"."is_private" <> "before"."is_private")
    UNION
    SELECT "after"."owner_company_id" FROM "after" JOIN "before" ON "before"."id" = "after"."id"
    WHERE "after"."owner_company_id" IS NOT NULL
      AND ("after"."owner_company_id" IS DISTINCT FROM "before"."owner_company_id" OR "after"."is_private" <> "before"."is_private")));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stack_updated" AFTER UPDATE ON "stack" REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "stack_owner_changed"();--> statement-breakpoint
CREATE FUNCTION "stack_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "company_refresh_tool_ids"(array(
    SELECT DISTINCT "owner_company_id" FROM "before" WHERE "owner_company_id" IS NOT NULL AND NOT "is_private"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stack_deleted" AFTER DELETE ON "stack" REFERENCING OLD TABLE AS "before"
  FOR EACH STATEMENT EXECUTE FUNCTION "stack_deleted"();--> statement-breakpoint
-- Existing rows: the search document through its trigger, the tools from the stacks.
UPDATE "company" SET "name" = "name";--> statement-breakpoint
SELECT "company_refresh_tool_ids"(array(SELECT "id" FROM "company"));
