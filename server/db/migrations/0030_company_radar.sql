CREATE TABLE "radar_move" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"from_ring" text NOT NULL,
	"to_ring" text NOT NULL,
	"reason" text NOT NULL,
	"moved_by_id" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radar_move_rings" CHECK ("radar_move"."from_ring" <> "radar_move"."to_ring")
);
--> statement-breakpoint
ALTER TABLE "radar_move" ADD CONSTRAINT "radar_move_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radar_move" ADD CONSTRAINT "radar_move_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radar_move" ADD CONSTRAINT "radar_move_moved_by_id_user_id_fk" FOREIGN KEY ("moved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "radar_move_company_tool_idx" ON "radar_move" USING btree ("company_id","tool_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "radar_move_moved_by_idx" ON "radar_move" USING btree ("moved_by_id");