ALTER TABLE "persons" ADD COLUMN "language_set_at" timestamp with time zone;--> statement-breakpoint
-- A language other than the default was surely chosen (in Settings, or given when the account was
-- created): it counts as chosen from its row's last change. The default stays unchosen.
UPDATE "persons" SET "language_set_at" = "updated_at" WHERE "language" <> 'en-US';
