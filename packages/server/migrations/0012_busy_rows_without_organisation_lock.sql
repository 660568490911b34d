ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "client_daily" DROP CONSTRAINT "client_daily_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "metric_samples" DROP CONSTRAINT "metric_samples_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_sessions" DROP CONSTRAINT "usage_sessions_organisation_id_organisations_id_fk";
