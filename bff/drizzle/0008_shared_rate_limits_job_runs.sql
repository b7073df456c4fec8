CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_ok" boolean NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"runs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");