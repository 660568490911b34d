CREATE TABLE "attention_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"client_person_id" uuid NOT NULL,
	"coach_person_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"reasons" jsonb NOT NULL,
	"first_action_at" timestamp with time zone,
	"first_action_kind" text,
	"ended_at" timestamp with time zone,
	CONSTRAINT "attention_episodes_action_kind_valid" CHECK ("attention_episodes"."first_action_kind" is null or "attention_episodes"."first_action_kind" in ('message', 'note', 'followUp', 'phaseChange', 'report')),
	CONSTRAINT "attention_episodes_action_with_kind" CHECK (("attention_episodes"."first_action_at" is null) = ("attention_episodes"."first_action_kind" is null))
);
--> statement-breakpoint
CREATE TABLE "coach_attention_figures" (
	"coach_person_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"swept_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	"is_stale" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attention_episodes" ADD CONSTRAINT "attention_episodes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_episodes" ADD CONSTRAINT "attention_episodes_client_person_id_persons_id_fk" FOREIGN KEY ("client_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_episodes" ADD CONSTRAINT "attention_episodes_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_attention_figures" ADD CONSTRAINT "coach_attention_figures_coach_person_id_persons_id_fk" FOREIGN KEY ("coach_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_attention_figures" ADD CONSTRAINT "coach_attention_figures_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attention_episodes_open_idx" ON "attention_episodes" USING btree ("client_person_id","coach_person_id") WHERE "attention_episodes"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "attention_episodes_coach_idx" ON "attention_episodes" USING btree ("coach_person_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attention_episodes_client_idx" ON "attention_episodes" USING btree ("client_person_id","coach_person_id","started_at" DESC NULLS LAST);