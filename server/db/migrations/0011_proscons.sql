CREATE TABLE "point_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"reason_id" integer,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_event_kind" CHECK ("point_event"."kind" in ('reason_created', 'reason_upvoted', 'reason_upvote_withdrawn', 'reason_deleted'))
);
--> statement-breakpoint
ALTER TABLE "point_event" ADD CONSTRAINT "point_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_event" ADD CONSTRAINT "point_event_reason_id_reason_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reason"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_event" ADD CONSTRAINT "point_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_event_user_idx" ON "point_event" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "point_event_reason_idx" ON "point_event" USING btree ("reason_id");