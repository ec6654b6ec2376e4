-- Stack Match's answer cache (docs/decisions/030-stack-match-answer-cache.md): one counter, raised once by every
-- transaction that changes what a search answers (a job; a company's listed fields, tools or team; a member's name
-- or picture). The app reads it before a search and keys cached answers by it, so a change shows in the next search
-- on every instance, the writer's own included. The triggers are deferred to the commit and raise it once per
-- transaction: the row lock is taken last and held only while committing, so writers never wait on it mid-transaction
-- (no deadlock), and a statement writing 100,000 jobs raises it once. An update that leaves what results show as it
-- was raises nothing.
CREATE TABLE "match_version" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "match_version" ("id", "version") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION "raise_match_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stackatlas.match_version_raised', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('stackatlas.match_version_raised', 'on', true);
    UPDATE "match_version" SET "version" = "version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "job_match_version" AFTER INSERT OR DELETE ON "job"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_match_version"();--> statement-breakpoint
-- a re-import of an unchanged feed writes updated_at and nothing else a search reads (search holds the description)
CREATE CONSTRAINT TRIGGER "job_fields_match_version" AFTER UPDATE ON "job"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (OLD."slug", OLD."title", OLD."company_id", OLD."apply_url", OLD."city", OLD."location", OLD."remote",
      OLD."full_time", OLD."freelance", OLD."tool_ids", OLD."posted_at", OLD."expires_at", OLD."is_demo", OLD."search")
    IS DISTINCT FROM
    (NEW."slug", NEW."title", NEW."company_id", NEW."apply_url", NEW."city", NEW."location", NEW."remote",
      NEW."full_time", NEW."freelance", NEW."tool_ids", NEW."posted_at", NEW."expires_at", NEW."is_demo", NEW."search"))
  EXECUTE FUNCTION "raise_match_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_match_version" AFTER INSERT OR DELETE ON "company"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_match_version"();--> statement-breakpoint
-- followers_count and the other fields no result shows change often and leave the answers alone
CREATE CONSTRAINT TRIGGER "company_fields_match_version" AFTER UPDATE ON "company"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (OLD."slug", OLD."name", OLD."description", OLD."image_url", OLD."city", OLD."tag_list", OLD."private_mode",
      OLD."verified", OLD."tool_ids")
    IS DISTINCT FROM
    (NEW."slug", NEW."name", NEW."description", NEW."image_url", NEW."city", NEW."tag_list", NEW."private_mode",
      NEW."verified", NEW."tool_ids"))
  EXECUTE FUNCTION "raise_match_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_member_match_version" AFTER INSERT OR UPDATE OR DELETE ON "company_member"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_match_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_match_version" AFTER UPDATE ON "user"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."username", OLD."image") IS DISTINCT FROM (NEW."username", NEW."image"))
  EXECUTE FUNCTION "raise_match_version"();
