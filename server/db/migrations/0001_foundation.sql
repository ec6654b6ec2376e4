CREATE TABLE "analytics_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" serial PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" integer NOT NULL,
	"impersonated_by" integer,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text,
	"display_username" text,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"first_name" text,
	"last_name" text,
	"title" text,
	"company_name" text,
	"bio" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"onboarded_at" timestamp with time zone,
	"weekly_digest_subscribed" boolean DEFAULT true NOT NULL,
	"email_feed_weekly" boolean DEFAULT true NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"website_url" text,
	"description" text,
	"angellist_url" text,
	"email_address" text,
	"twitter_username" text,
	"image_url" text,
	"city" text,
	"tag_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"private_mode" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "company_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_handle" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"company_id" integer,
	CONSTRAINT "owner_handle_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "owner_handle_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "reason_vote" (
	"reason_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reason_vote_reason_id_user_id_pk" PRIMARY KEY("reason_id","user_id"),
	CONSTRAINT "reason_vote_value" CHECK ("reason_vote"."value" in (1, -1))
);
--> statement-breakpoint
CREATE TABLE "reason" (
	"id" serial PRIMARY KEY NOT NULL,
	"tool_id" integer NOT NULL,
	"user_id" integer,
	"text" text NOT NULL,
	"is_con" boolean DEFAULT false NOT NULL,
	"votes_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stack_tool" (
	"stack_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stack_tool_stack_id_tool_id_pk" PRIMARY KEY("stack_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "stack" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"website_url" text,
	"image_url" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"owner_user_id" integer,
	"owner_company_id" integer,
	"created_by_id" integer,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stack_one_owner" CHECK (("stack"."owner_user_id" is null) <> ("stack"."owner_company_id" is null))
);
--> statement-breakpoint
CREATE TABLE "catalog_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"layer_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "layer" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "layer_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tool_alias" (
	"tool_id" integer NOT NULL,
	"kind" text NOT NULL,
	"alias" text NOT NULL,
	CONSTRAINT "tool_alias_kind_alias_pk" PRIMARY KEY("kind","alias")
);
--> statement-breakpoint
CREATE TABLE "tool" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"description" text,
	"website_url" text,
	"category_id" integer,
	"image_url" text,
	"logo_svg" text,
	"brand_color" text,
	"is_package" boolean DEFAULT false NOT NULL,
	"package_ecosystem" text,
	"is_approved" boolean DEFAULT true NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"submitted_by_id" integer,
	"submitted_for_approval_at" timestamp with time zone,
	"twitter_username" text,
	"features" text,
	"seed_popularity" integer DEFAULT 0 NOT NULL,
	"stacks_count" integer DEFAULT 0 NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer GENERATED ALWAYS AS ("seed_popularity" + 10 * "stacks_count" + 3 * "followers_count" + "votes_count") STORED NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "analytics_event" ADD CONSTRAINT "analytics_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member" ADD CONSTRAINT "company_member_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member" ADD CONSTRAINT "company_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_handle" ADD CONSTRAINT "owner_handle_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_handle" ADD CONSTRAINT "owner_handle_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reason_vote" ADD CONSTRAINT "reason_vote_reason_id_reason_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reason"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reason_vote" ADD CONSTRAINT "reason_vote_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reason" ADD CONSTRAINT "reason_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reason" ADD CONSTRAINT "reason_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_tool" ADD CONSTRAINT "stack_tool_stack_id_stack_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."stack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack_tool" ADD CONSTRAINT "stack_tool_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack" ADD CONSTRAINT "stack_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack" ADD CONSTRAINT "stack_owner_company_id_company_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stack" ADD CONSTRAINT "stack_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_layer_id_layer_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."layer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_alias" ADD CONSTRAINT "tool_alias_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool" ADD CONSTRAINT "tool_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool" ADD CONSTRAINT "tool_submitted_by_id_user_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_event_name_idx" ON "analytics_event" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "company_lower_name_idx" ON "company" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_member_company_user_idx" ON "company_member" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_member_user_idx" ON "company_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reason_vote_user_idx" ON "reason_vote" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reason_tool_idx" ON "reason" USING btree ("tool_id","votes_total" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reason_tool_text_idx" ON "reason" USING btree ("tool_id","is_con",lower("text"));--> statement-breakpoint
CREATE INDEX "reason_user_idx" ON "reason" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stack_tool_tool_idx" ON "stack_tool" USING btree ("tool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stack_user_slug_idx" ON "stack" USING btree ("owner_user_id","slug") WHERE "stack"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stack_company_slug_idx" ON "stack" USING btree ("owner_company_id","slug") WHERE "stack"."owner_company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stack_user_name_idx" ON "stack" USING btree ("owner_user_id",lower("name")) WHERE "stack"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stack_company_name_idx" ON "stack" USING btree ("owner_company_id",lower("name")) WHERE "stack"."owner_company_id" is not null;--> statement-breakpoint
CREATE INDEX "stack_website_url_idx" ON "stack" USING btree (lower("website_url"));--> statement-breakpoint
CREATE INDEX "stack_created_at_idx" ON "stack" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "category_layer_id_idx" ON "category" USING btree ("layer_id");--> statement-breakpoint
CREATE INDEX "tool_alias_tool_id_idx" ON "tool_alias" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "tool_category_popularity_idx" ON "tool" USING btree ("category_id","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_popularity_idx" ON "tool" USING btree ("popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_created_at_idx" ON "tool" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_search_vector_idx" ON "tool" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tool_name_trgm_idx" ON "tool" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tool_submitted_by_idx" ON "tool" USING btree ("submitted_by_id");