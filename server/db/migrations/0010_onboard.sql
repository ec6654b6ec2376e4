ALTER TABLE "user" ADD COLUMN "onboarding_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "interests" jsonb;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "github_organizations" text[] DEFAULT '{}'::text[] NOT NULL;