CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"status" text DEFAULT 'request' NOT NULL,
	"address_type" text NOT NULL,
	"address" text NOT NULL,
	"msg" text DEFAULT '' NOT NULL,
	"txid" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0),
	CONSTRAINT "withdrawals_balance_after_non_negative" CHECK ("withdrawals"."balance_after_cents" >= 0),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" IN ('request', 'paid')),
	CONSTRAINT "withdrawals_address_type" CHECK ("withdrawals"."address_type" IN ('USDT-ERC20', 'USDT-TRC20')),
	CONSTRAINT "withdrawals_paid_fields" CHECK (("withdrawals"."status" = 'paid') = ("withdrawals"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_open_per_user" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" = 'request';--> statement-breakpoint
CREATE INDEX "withdrawals_user_requested_idx" ON "withdrawals" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_requested_idx" ON "withdrawals" USING btree ("requested_at");