ALTER TABLE "company_invitation" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD COLUMN "invitee_id" integer;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_invitee_id_user_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitation_open_invitee_idx" ON "company_invitation" USING btree ("company_id","invitee_id") WHERE "company_invitation"."accepted_at" is null;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_address_or_account" CHECK (("company_invitation"."email" is null) <> ("company_invitation"."invitee_id" is null));