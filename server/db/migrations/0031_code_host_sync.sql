CREATE TABLE "code_host_connection" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb NOT NULL,
	"sealed_secret" text,
	"sealed_webhook_secret" text NOT NULL,
	"include_patterns" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclude_patterns" text[] DEFAULT '{}'::text[] NOT NULL,
	"skip_archived" boolean DEFAULT true NOT NULL,
	"skip_forks" boolean DEFAULT true NOT NULL,
	"removal_policy" text DEFAULT 'review' NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"last_sync_started_at" timestamp with time zone,
	"last_sync_finished_at" timestamp with time zone,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_host_connection_kind" CHECK ("code_host_connection"."kind" in ('github', 'gitlab', 'git')),
	CONSTRAINT "code_host_connection_removal_policy" CHECK ("code_host_connection"."removal_policy" in ('review', 'automatic')),
	CONSTRAINT "code_host_connection_schedule" CHECK ("code_host_connection"."schedule" in ('daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "code_host_delivery" (
	"connection_id" integer NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "synced_repository" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"host_id" text NOT NULL,
	"full_name" text NOT NULL,
	"clone_url" text NOT NULL,
	"web_url" text,
	"default_branch" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"last_commit" text,
	"last_result" text,
	"last_scanned_at" timestamp with time zone,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "synced_repository_state" CHECK ("synced_repository"."state" in ('queued', 'scanning', 'synced', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "stack_sync_change" (
	"id" serial PRIMARY KEY NOT NULL,
	"stack_id" integer NOT NULL,
	"commit" text NOT NULL,
	"added" jsonb NOT NULL,
	"removed" jsonb NOT NULL,
	"flagged" boolean NOT NULL,
	"version_changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stack_tool" ADD COLUMN "is_from_sync" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stack_tool" ADD COLUMN "flagged_for_removal_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stack" ADD COLUMN "synced_repository_id" integer;--> statement-breakpoint
ALTER TABLE "stack" ADD COLUMN "synced_commit" text;--> statement-breakpoint
ALTER TABLE "stack" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "code_host_connection" ADD CONSTRAINT "code_host_connection_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_host_delivery" ADD CONSTRAINT "code_host_delivery_connection_id_code_host_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."code_host_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synced_repository" ADD CONSTRAINT "synced_repository_connection_id_code_host_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."code_host_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_sync_change" ADD CONSTRAINT "stack_sync_change_stack_id_stack_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."stack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_host_connection_company_idx" ON "code_host_connection" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_host_delivery_idx" ON "code_host_delivery" USING btree ("connection_id","delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "synced_repository_host_idx" ON "synced_repository" USING btree ("connection_id","host_id");--> statement-breakpoint
CREATE INDEX "synced_repository_state_idx" ON "synced_repository" USING btree ("connection_id","state","id");--> statement-breakpoint
CREATE INDEX "stack_sync_change_stack_idx" ON "stack_sync_change" USING btree ("stack_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "stack" ADD CONSTRAINT "stack_synced_repository_id_synced_repository_id_fk" FOREIGN KEY ("synced_repository_id") REFERENCES "public"."synced_repository"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stack_synced_repository_idx" ON "stack" USING btree ("synced_repository_id") WHERE "stack"."synced_repository_id" is not null;