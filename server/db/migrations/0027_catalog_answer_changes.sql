-- What instances keep of the catalog is emptied on every instance by NOTIFY catalog_changed (delivered at commit,
-- folded into one per transaction): tool search and the popular list, Stack Match's answers and the catalog memos
-- (tool references and result cards), rendered pages. Migration 0013's trigger sends it when a tool's listing, name,
-- search words or package flag change. These triggers send it for every other write that changes a field those
-- answers carry, so no writer (a route, the catalog seed, the scanner) can forget to: a tool's slug, title, logo,
-- website or category; a category's or layer's name and slug, or the layer a category sits in; a tool that appears
-- or goes; the aliases tool references resolve through. Counts and popularity stay out: they move on every vote and
-- stack, and answers may be a minute behind on them, as HTTP caches are. docs/decisions/059-catalog-answer-changes.md.
-- Once per statement, so a bulk write (the seed) sends one notification: the function looks for a row whose id and
-- the columns named by the trigger's arguments the statement changed, as a row trigger's
-- WHEN (OLD IS DISTINCT FROM NEW) would, without a call per row. EXCEPT (one hashed pass, NULLs equal) and not a
-- join of old and new rows under EXISTS: the planner expects such a join to stop at an early match and picks a
-- nested loop, which took minutes on a 50,000-row update that changed none of these columns.
CREATE FUNCTION "announce_catalog_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text := (SELECT string_agg(quote_ident(c), ', ') FROM unnest(array['id'] || tg_argv) AS c);
  changed boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT %1$s FROM new_rows EXCEPT SELECT %1$s FROM old_rows)', columns) INTO changed;
  IF changed THEN
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows that appear or go: announced when the statement wrote any row that passes the trigger's argument, a condition
-- on the row (all rows without one)
CREATE FUNCTION "announce_catalog_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM changed_rows WHERE %s)', coalesce(tg_argv[0], 'true')) INTO changed;
  IF changed THEN
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- name, listing and package flag are 0013's too: one announcement covers every field of a tool an answer shows
CREATE TRIGGER "tool_catalog_fields" AFTER UPDATE ON "tool" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_fields"(
    'slug', 'name', 'title', 'image_url', 'website_url', 'category_id', 'is_approved', 'is_hidden', 'is_package');
--> statement-breakpoint
-- a tool that is not hidden resolves as a Stack Match reference before it is approved (a submission, a new package)
CREATE TRIGGER "tool_catalog_insert" AFTER INSERT ON "tool" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_rows"('NOT is_hidden');
--> statement-breakpoint
CREATE TRIGGER "tool_catalog_delete" AFTER DELETE ON "tool" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_rows"('NOT is_hidden');
--> statement-breakpoint
CREATE TRIGGER "category_catalog_fields" AFTER UPDATE ON "category"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_fields"('slug', 'name', 'layer_id');
--> statement-breakpoint
CREATE TRIGGER "layer_catalog_fields" AFTER UPDATE ON "layer" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_fields"('slug', 'name');
--> statement-breakpoint
-- Stack Match resolves a reference through 'name' aliases (resolveToolSlugs); the scanner and the seed write them
CREATE TRIGGER "tool_alias_catalog_insert" AFTER INSERT ON "tool_alias" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_rows"();
--> statement-breakpoint
CREATE TRIGGER "tool_alias_catalog_update" AFTER UPDATE ON "tool_alias" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_rows"();
--> statement-breakpoint
CREATE TRIGGER "tool_alias_catalog_delete" AFTER DELETE ON "tool_alias" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalog_rows"();
