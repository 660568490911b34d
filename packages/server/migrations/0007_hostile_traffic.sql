CREATE TABLE "audit_refusals" (
	"organisation_id" uuid NOT NULL,
	"address_key" text NOT NULL,
	"action" text NOT NULL,
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_subject" text,
	CONSTRAINT "audit_refusals_pkey" PRIMARY KEY("organisation_id","address_key","action","scope","window_start"),
	CONSTRAINT "audit_refusals_count_positive" CHECK ("audit_refusals"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "grace_successor_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_refusals" ADD CONSTRAINT "audit_refusals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_refusals_organisation_window_idx" ON "audit_refusals" USING btree ("organisation_id","window_start");