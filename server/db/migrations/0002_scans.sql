CREATE TABLE "scan" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_key" text NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'scanning' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"user_id" integer,
	"runner" text,
	"duration_ms" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "scan" ADD CONSTRAINT "scan_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_target_key_idx" ON "scan" USING btree ("target_key","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scan_user_started_idx" ON "scan" USING btree ("user_id","started_at" DESC NULLS LAST);