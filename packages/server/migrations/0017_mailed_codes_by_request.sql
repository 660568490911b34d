-- Mailed codes by request: a reset code is checked against its own request's tries (strangers'
-- wrong codes never use up the owner's), so a user may hold several live codes; sign-in codes (a
-- further proof past the account's threshold of failed sign-ins) share the table by purpose.
DROP INDEX "password_reset_codes_live_user_key";--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_codes_request_key" ON "password_reset_codes" USING btree ("user_id","request_hash") WHERE "password_reset_codes"."request_hash" is not null;--> statement-breakpoint
CREATE INDEX "password_reset_codes_live_user_idx" ON "password_reset_codes" USING btree ("user_id","purpose","created_at") WHERE "password_reset_codes"."used_at" is null and "password_reset_codes"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_purpose_valid" CHECK ("password_reset_codes"."purpose" in ('reset', 'sign_in'));