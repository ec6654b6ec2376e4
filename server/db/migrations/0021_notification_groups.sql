DROP INDEX "notification_unread_group_idx";--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "excerpt" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "comment_id" integer;--> statement-breakpoint
-- One row per recipient and group from now on (docs/decisions/038-notification-groups.md): the newest row of each
-- group takes the distinct actors of the older ones (newest first, at most 50), is unread if any was, and the older
-- rows go.
UPDATE "notification" AS keep SET
	"actor_ids" = coalesce((
		SELECT array_agg(folded.actor ORDER BY folded.first_position)
		FROM (
			SELECT ranked.actor, min(ranked.position) AS first_position
			FROM (
				SELECT actors.actor, row_number() OVER (ORDER BY other."time" DESC, other."id" DESC, actors.ordinality) AS position
				FROM "notification" AS other, unnest(other."actor_ids") WITH ORDINALITY AS actors(actor, ordinality)
				WHERE other."recipient_id" = keep."recipient_id" AND other."group_key" = keep."group_key"
			) AS ranked
			GROUP BY ranked.actor
			ORDER BY first_position
			LIMIT 50
		) AS folded
	), '{}'::integer[]),
	"actor_count" = greatest(
		(SELECT max(other."actor_count") FROM "notification" AS other
			WHERE other."recipient_id" = keep."recipient_id" AND other."group_key" = keep."group_key"),
		(SELECT count(DISTINCT actors.actor)::integer
			FROM "notification" AS other, unnest(other."actor_ids") AS actors(actor)
			WHERE other."recipient_id" = keep."recipient_id" AND other."group_key" = keep."group_key")
	),
	"read" = NOT EXISTS (SELECT 1 FROM "notification" AS other
		WHERE other."recipient_id" = keep."recipient_id" AND other."group_key" = keep."group_key" AND NOT other."read"),
	"seen" = NOT EXISTS (SELECT 1 FROM "notification" AS other
		WHERE other."recipient_id" = keep."recipient_id" AND other."group_key" = keep."group_key"
			AND NOT other."read" AND NOT other."seen")
WHERE EXISTS (SELECT 1 FROM "notification" AS older
		WHERE older."recipient_id" = keep."recipient_id" AND older."group_key" = keep."group_key" AND older."id" <> keep."id")
	AND NOT EXISTS (SELECT 1 FROM "notification" AS newer
		WHERE newer."recipient_id" = keep."recipient_id" AND newer."group_key" = keep."group_key"
			AND (newer."time", newer."id") > (keep."time", keep."id"));--> statement-breakpoint
DELETE FROM "notification" AS older
WHERE EXISTS (SELECT 1 FROM "notification" AS newer
	WHERE newer."recipient_id" = older."recipient_id" AND newer."group_key" = older."group_key"
		AND (newer."time", newer."id") > (older."time", older."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "notification_group_idx" ON "notification" USING btree ("recipient_id","group_key");--> statement-breakpoint
CREATE INDEX "notification_group_key_idx" ON "notification" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "notification_actor_ids_idx" ON "notification" USING gin ("actor_ids");--> statement-breakpoint
CREATE INDEX "notification_comment_idx" ON "notification" USING btree ("comment_id") WHERE "notification"."comment_id" is not null;