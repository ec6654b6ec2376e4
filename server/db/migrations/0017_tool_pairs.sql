-- Stack Match's pair keys (docs/decisions/029-stack-match-tool-pairs.md): every pair of a job's tools as one bigint,
-- (smaller id << 32) | larger id, so "holds a, b and c" reads the short posting lists of (a,b), (a,c) and (b,c) in
-- job_tool_pairs_idx instead of intersecting the long lists of popular tools. match-search.queries.ts toolPairKeys
-- computes the same keys.
CREATE FUNCTION "job_tool_pairs"("tool_ids" integer[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(("a"::bigint << 32) | "b" ORDER BY "a", "b"), '{}')
  FROM unnest("tool_ids") AS "a", unnest("tool_ids") AS "b" WHERE "a" < "b"
$$;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "tool_pairs" bigint[] GENERATED ALWAYS AS (job_tool_pairs(tool_ids)) STORED;--> statement-breakpoint
CREATE INDEX "job_tool_pairs_idx" ON "job" USING gin ("tool_pairs") WITH (fastupdate=false);