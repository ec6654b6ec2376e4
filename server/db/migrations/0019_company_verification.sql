ALTER TABLE "company" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "verification_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "verification_nonce" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "verification_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "verified_by_id" integer;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "verification_declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "verification_declined_by_id" integer;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_verified_by_id_user_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_verification_declined_by_id_user_id_fk" FOREIGN KEY ("verification_declined_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_verification_queue_idx" ON "company" USING btree ("verification_requested_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "company"."verified" and "company"."verification_method" = 'review' and "company"."verification_declined_at" is null;--> statement-breakpoint
-- Companies created before verification existed and not verified wait for an admin (decision 031); demo data does not.
UPDATE "company" SET "verification_method" = 'review', "verification_requested_at" = "created_at" WHERE NOT "verified" AND NOT "is_demo";
