ALTER TABLE "client_phase_totals" ADD COLUMN "low_days_judged_from" date;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD COLUMN "low_days_through" date;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD COLUMN "productivity_low_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD COLUMN "productivity_low_from" date;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD COLUMN "mental_low_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD COLUMN "mental_low_from" date;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD COLUMN "physical_low_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_phase_totals" ADD COLUMN "physical_low_from" date;