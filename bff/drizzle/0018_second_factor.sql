ALTER TABLE "sessions" ADD COLUMN "factor_checked_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"totp_secret" text,
	"pending_secret" text,
	"pending_at" timestamp with time zone,
	"last_time_step" bigint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factor_recovery_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "second_factor_recovery_codes_user_id_idx" ON "second_factor_recovery_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "second_factor_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "second_factor_challenges_user_id_idx" ON "second_factor_challenges" USING btree ("user_id");
