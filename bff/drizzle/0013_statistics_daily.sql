-- The statistics' daily roll-up (modules/statistics): one row per service day that is over, written
-- by the statistics.rollup job and by reads that find a day missing, so nothing needs filling here.
CREATE TABLE "statistics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"pay_num" integer NOT NULL,
	"income_cents" bigint NOT NULL,
	"sign_use_num" integer NOT NULL,
	"normal_user_num" integer NOT NULL,
	"normal_traffic" bigint NOT NULL,
	"day_user_num" integer NOT NULL,
	"day_traffic_use" bigint NOT NULL,
	"lottery_spend_num" integer NOT NULL,
	"lottery_spend_traffic" bigint NOT NULL,
	"lottery_reward_num" integer NOT NULL,
	"lottery_reward_traffic" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The days computed from the records (today, and days not rolled up yet) read index ranges.
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "trades_paid_at_idx" ON "trades" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "sign_ins_day_idx" ON "sign_ins" USING btree ("day");
