-- Stack Match's in-memory index follows the changes since its version instead of being rebuilt on each
-- (docs/decisions/060-stack-match-incremental-index.md). Each transaction that raises match_version (migration 0018)
-- also logs the jobs and companies it wrote under the version it raised to. The version's row lock orders those
-- transactions by commit, so a snapshot that reads version V sees every change logged at V or before, and an index
-- at version B brought to V reads exactly the rows changed in (B, V]. Rows older than an hour are pruned;
-- "changes_from" is the version after which the log is complete, so an index older than it is rebuilt instead.
CREATE TABLE "match_change" (
  "version" bigint NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('job', 'company')),
  "id" integer NOT NULL,
  "changed_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("version", "kind", "id")
);--> statement-breakpoint
ALTER TABLE "match_version" ADD COLUMN "changes_from" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE "match_version" SET "changes_from" = "version";--> statement-breakpoint
-- the setting holds the version this transaction raised to ('' or null before the first raise)
CREATE OR REPLACE FUNCTION "raise_match_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised bigint := nullif(current_setting('stackatlas.match_version_raised', true), '')::bigint;
BEGIN
  IF raised IS NULL THEN
    UPDATE "match_version" SET "version" = "version" + 1 RETURNING "version" INTO raised;
    PERFORM set_config('stackatlas.match_version_raised', raised::text, true);
  END IF;
  IF TG_TABLE_NAME IN ('job', 'company') THEN
    INSERT INTO "match_change" ("version", "kind", "id")
    VALUES (raised, TG_TABLE_NAME, CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
