CREATE TABLE "audit_client_reads" (
	"organisation_id" uuid NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_subject" text,
	CONSTRAINT "audit_client_reads_pkey" PRIMARY KEY("organisation_id","actor_user_id","window_start","outcome","subject"),
	CONSTRAINT "audit_client_reads_count_positive" CHECK ("audit_client_reads"."count" > 0),
	CONSTRAINT "audit_client_reads_outcome_valid" CHECK ("audit_client_reads"."outcome" in ('success', 'refused'))
);
--> statement-breakpoint
CREATE INDEX "audit_client_reads_organisation_window_idx" ON "audit_client_reads" USING btree ("organisation_id","window_start");