-- Raw samples without their identity column and the index by time (nothing reads them back): the
-- key the app's ids give becomes the primary key, its unique index kept as it is (no rebuild).
ALTER TABLE "metric_samples" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "metric_samples" ADD CONSTRAINT "metric_samples_pkey" PRIMARY KEY USING INDEX "metric_samples_client_sample_id_key";--> statement-breakpoint
DROP INDEX "metric_samples_client_measured_at_idx";
