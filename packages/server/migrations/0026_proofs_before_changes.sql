-- Proof before sensitive changes (issue 64): a session keeps when its password was last entered
-- (sign-in or step-up), so an account without a second factor adds one only with the password
-- entered in the last 5 minutes; a password reset of an account with a second factor keeps its
-- new password in the second step and sets it only once the step is passed; a reset code keeps
-- its requester's address, so a check that names no request from there tries that code.
ALTER TABLE "password_reset_codes" ADD COLUMN "request_address" text;--> statement-breakpoint
ALTER TABLE "second_steps" ADD COLUMN "new_password_hash" text;--> statement-breakpoint
ALTER TABLE "session_factors" ADD COLUMN "password_at" timestamp with time zone;