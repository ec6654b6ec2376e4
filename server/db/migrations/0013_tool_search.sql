CREATE TABLE "tool_search" (
	"tool_id" integer PRIMARY KEY NOT NULL,
	"doc" "tsvector" NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"popularity" integer NOT NULL,
	"is_package" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_search_prefix" (
	"tool_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"is_package" boolean NOT NULL,
	"tier" smallint NOT NULL,
	"popularity" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tool_search_prefix_tool_id_prefix_pk" PRIMARY KEY("tool_id","prefix")
);
--> statement-breakpoint
DROP INDEX "tool_search_vector_idx";--> statement-breakpoint
ALTER TABLE "tool_search" ADD CONSTRAINT "tool_search_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_search_prefix" ADD CONSTRAINT "tool_search_prefix_tool_id_tool_search_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool_search"("tool_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_search_doc_idx" ON "tool_search" USING gin ("doc") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tool_search_prefix_rank_idx" ON "tool_search_prefix" USING btree ("prefix","tier","popularity" DESC NULLS LAST,"name","tool_id","is_package");
--> statement-breakpoint
-- (IN (SELECT unnest(ids)), not = ANY(ids): a join, where = ANY compares every row with the whole array)
-- Rewrites the search rows of these tools from tool (and the 'name' aliases, for tier 0): listed tools get a
-- tool_search row with the name and alias words of search_vector (weights A and B, stripped) and one
-- tool_search_prefix row per one- to three-character prefix of those words, with the tier that query gives the tool
-- in searchTools (server/modules/tools/tools.queries.ts); other tools get none. docs/decisions/006-tool-search.md.
CREATE FUNCTION "tool_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM tool_search_prefix WHERE tool_id IN (SELECT unnest(ids));
  DELETE FROM tool_search WHERE tool_id IN (SELECT unnest(ids));
  INSERT INTO tool_search (tool_id, doc, name, name_key, popularity, is_package)
    SELECT id, strip(ts_filter(coalesce(search_vector, ''::tsvector), '{a,b}')), name,
      regexp_replace(lower(name), '[[:space:]._-]+', '', 'g'), popularity, is_package
    FROM tool WHERE id IN (SELECT unnest(ids)) AND is_approved AND NOT is_hidden;
  INSERT INTO tool_search_prefix (tool_id, prefix, is_package, tier, popularity, name)
    SELECT s.tool_id, p.prefix, s.is_package,
      CASE
        WHEN lower(s.name) = p.prefix OR EXISTS (SELECT 1 FROM tool_alias AS a WHERE a.tool_id = s.tool_id
          AND a.kind = 'name' AND a.alias = p.prefix AND a.alias <> s.name_key) THEN 0
        WHEN starts_with(lower(s.name), p.prefix) OR starts_with(s.name_key, p.prefix) THEN 1
        ELSE 2
      END,
      s.popularity, s.name
    FROM tool_search AS s
    CROSS JOIN LATERAL (SELECT DISTINCT left(w, n) AS prefix FROM unnest(tsvector_to_array(s.doc)) AS w,
      generate_series(1, 3) AS n WHERE length(w) >= n AND left(w, n) ~ '^[a-z0-9]+$') AS p
    WHERE s.tool_id IN (SELECT unnest(ids));
$$;
--> statement-breakpoint
-- Keeps the search rows in step with tool, whoever writes it (catalog seed, submissions, moderation, the scanner,
-- stack, follow and vote counts), once per statement so a bulk write is one set-based refresh. A tool whose listing,
-- name, words or package flag no longer match its search row is rewritten, and every instance is told (NOTIFY
-- catalog_changed, delivered at commit) to drop its cached search answers; a popularity change only updates the
-- copies (cached answers may then be up to a minute behind, as HTTP caches are). The statements run through EXECUTE
-- so each is planned for the transition table's real size: a plan cached for a one-row write would scan a whole
-- table once per row of a bulk write (the catalog seed took minutes).
CREATE FUNCTION "tool_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF tg_op = 'UPDATE' THEN
    EXECUTE $sql$ UPDATE tool_search AS s SET popularity = n.popularity FROM new_rows AS n
      WHERE s.tool_id = n.id AND s.popularity <> n.popularity $sql$;
    EXECUTE $sql$ UPDATE tool_search_prefix AS p SET popularity = n.popularity FROM new_rows AS n
      WHERE p.tool_id = n.id AND p.popularity <> n.popularity $sql$;
  END IF;
  EXECUTE $sql$ SELECT array_agg(n.id) FROM new_rows AS n LEFT JOIN tool_search AS s ON s.tool_id = n.id
    WHERE CASE WHEN n.is_approved AND NOT n.is_hidden
      THEN s.tool_id IS NULL OR s.name <> n.name OR s.is_package <> n.is_package
        OR s.doc <> strip(ts_filter(coalesce(n.search_vector, ''::tsvector), '{a,b}'))
      ELSE s.tool_id IS NOT NULL END $sql$ INTO changed;
  IF changed IS NOT NULL THEN
    PERFORM tool_search_refresh(changed);
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tool_search_sync_insert" AFTER INSERT ON "tool" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tool_search_sync"();
--> statement-breakpoint
CREATE TRIGGER "tool_search_sync_update" AFTER UPDATE ON "tool" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tool_search_sync"();
--> statement-breakpoint
-- Existing catalogs: every tool's rows, once
SELECT "tool_search_refresh"(array(SELECT "id" FROM "tool"));
--> statement-breakpoint
ANALYZE "tool_search";
--> statement-breakpoint
ANALYZE "tool_search_prefix";
