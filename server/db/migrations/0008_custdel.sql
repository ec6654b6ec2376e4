CREATE TABLE "company_customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_company_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"customer_company_id" integer,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone,
	"copied_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_customer" ADD CONSTRAINT "company_customer_vendor_company_id_company_id_fk" FOREIGN KEY ("vendor_company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_customer" ADD CONSTRAINT "company_customer_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_customer" ADD CONSTRAINT "company_customer_customer_company_id_company_id_fk" FOREIGN KEY ("customer_company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_customer" ADD CONSTRAINT "company_customer_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_customer_vendor_email_idx" ON "company_customer" USING btree ("vendor_company_id",lower("email"));--> statement-breakpoint
CREATE INDEX "company_customer_tool_idx" ON "company_customer" USING btree ("tool_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_customer_customer_idx" ON "company_customer" USING btree ("customer_company_id");