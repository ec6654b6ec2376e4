-- tool_search_prefix keeps every prefix of one to sixteen characters of the name and alias words, where it kept one
-- to three (decision 070): a query of one letters-and-digits word up to sixteen characters, most of what people
-- type ahead, is ranked by one index range of that table instead of the search index and a sort of every match.
-- Same function as 0013 but for the prefix lengths; every tool's rows rewritten once.
CREATE OR REPLACE FUNCTION "tool_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
      generate_series(1, 16) AS n WHERE length(w) >= n AND left(w, n) ~ '^[a-z0-9]+$') AS p
    WHERE s.tool_id IN (SELECT unnest(ids));
$$;
--> statement-breakpoint
SELECT "tool_search_refresh"(array(SELECT "id" FROM "tool"));
--> statement-breakpoint
ANALYZE "tool_search_prefix";
