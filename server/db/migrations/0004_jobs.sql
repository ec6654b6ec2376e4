CREATE TABLE "job_stack" (
	"user_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_stack_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "job_tool" (
	"job_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	CONSTRAINT "job_tool_job_id_tool_id_pk" PRIMARY KEY("job_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"company_id" integer NOT NULL,
	"apply_url" text,
	"city" text,
	"location" text,
	"remote" boolean DEFAULT false NOT NULL,
	"full_time" boolean DEFAULT true NOT NULL,
	"freelance" boolean DEFAULT false NOT NULL,
	"description" text,
	"tool_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"source_key" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"search" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_slug_unique" UNIQUE("slug"),
	CONSTRAINT "job_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "saved_search" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"full_time" boolean DEFAULT false NOT NULL,
	"freelance" boolean DEFAULT false NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"match_exact" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "job_stack" ADD CONSTRAINT "job_stack_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_stack" ADD CONSTRAINT "job_stack_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tool" ADD CONSTRAINT "job_tool_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tool" ADD CONSTRAINT "job_tool_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_tool_tool_idx" ON "job_tool" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "job_tool_ids_idx" ON "job" USING gin ("tool_ids");--> statement-breakpoint
CREATE INDEX "job_search_idx" ON "job" USING gin ("search");--> statement-breakpoint
CREATE INDEX "job_posted_at_idx" ON "job" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_company_idx" ON "job" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_place_trgm_idx" ON "job" USING gin (lower(coalesce("city", '') || ' ' || coalesce("location", '')) gin_trgm_ops);