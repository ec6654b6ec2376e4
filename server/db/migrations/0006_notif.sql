CREATE TABLE "notification_setting" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"muted_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"recipient_id" integer NOT NULL,
	"n_type" text NOT NULL,
	"group_key" text NOT NULL,
	"actor_id" integer,
	"actor_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"actor_count" integer DEFAULT 1 NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"target_path" text NOT NULL,
	"image_url" text,
	"read" boolean DEFAULT false NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_recipient_time_idx" ON "notification" USING btree ("recipient_id","time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_unread_group_idx" ON "notification" USING btree ("recipient_id","group_key") WHERE not "notification"."read";--> statement-breakpoint
CREATE INDEX "notification_unseen_idx" ON "notification" USING btree ("recipient_id") WHERE not "notification"."seen" and not "notification"."read";