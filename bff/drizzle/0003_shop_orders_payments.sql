CREATE TYPE "public"."order_status" AS ENUM('topay', 'wallet_spend', 'paied', 'cancled');--> statement-breakpoint
CREATE TYPE "public"."pay_mode" AS ENUM('alipay', 'wxpay', 'usdt', 'urlscheme', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."trade_status" AS ENUM('topay', 'paied', 'cancled');--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"tx_id" text PRIMARY KEY NOT NULL,
	"trade_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount_milli" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_id" text NOT NULL,
	"consumer_id" text NOT NULL,
	"order_id" text NOT NULL,
	"desc" text NOT NULL,
	"user_spend_cents" bigint NOT NULL,
	"reward_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_rewards_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"reward_rate" double precision,
	"consumer_duration_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "channels_reward_rate_range" CHECK ("channels"."reward_rate" IS NULL OR ("channels"."reward_rate" >= 0 AND "channels"."reward_rate" <= 0.5))
);
--> statement-breakpoint
CREATE TABLE "combos" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"traffic" bigint DEFAULT 0 NOT NULL,
	"vip_duration" integer DEFAULT 0 NOT NULL,
	"daily_limit_gb" integer DEFAULT 50 NOT NULL,
	"addition_persend" integer DEFAULT 0 NOT NULL,
	"device_num" integer DEFAULT 0 NOT NULL,
	"speed" text DEFAULT '' NOT NULL,
	"permissions_gain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permission_duration" integer DEFAULT 0 NOT NULL,
	"permissions_desc" text DEFAULT '' NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "combos_price_non_negative" CHECK ("combos"."price_cents" >= 0),
	CONSTRAINT "combos_amounts_non_negative" CHECK ("combos"."traffic" >= 0 AND "combos"."vip_duration" >= 0 AND "combos"."addition_persend" >= 0 AND "combos"."daily_limit_gb" >= 0 AND "combos"."permission_duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"combo_id" text NOT NULL,
	"desc" text NOT NULL,
	"order_money_cents" bigint NOT NULL,
	"coupon_id" text,
	"coupon_code" text,
	"coupon_name" text,
	"coupon_type" "coupon_type",
	"coupon_discount_cents" bigint DEFAULT 0 NOT NULL,
	"wallet_spend_cents" bigint DEFAULT 0 NOT NULL,
	"status" "order_status" DEFAULT 'topay' NOT NULL,
	"add_traffic" bigint DEFAULT 0 NOT NULL,
	"add_vip_duration" integer DEFAULT 0 NOT NULL,
	"daily_limit_gb" integer DEFAULT 50 NOT NULL,
	"gain_permission" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permission_duration" integer DEFAULT 0 NOT NULL,
	"user_feedback" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "orders_money_in_range" CHECK ("orders"."order_money_cents" >= 0 AND "orders"."coupon_discount_cents" >= 0 AND "orders"."wallet_spend_cents" >= 0 AND "orders"."coupon_discount_cents" + "orders"."wallet_spend_cents" <= "orders"."order_money_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_stats_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"pay_num" integer DEFAULT 0 NOT NULL,
	"income_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"pay_mode" "pay_mode" NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"usdt_amount_milli" bigint,
	"usdt_address" text,
	"status" "trade_status" DEFAULT 'topay' NOT NULL,
	"external_id" text,
	"device" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT '' NOT NULL,
	"from_channel" text,
	"reward_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "trades_amount_non_negative" CHECK ("trades"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"order_id" text,
	"desc" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_balance_non_negative" CHECK ("wallet_ledger"."balance_after_cents" >= 0),
	CONSTRAINT "wallet_ledger_kind" CHECK ("wallet_ledger"."kind" IN ('spend', 'refund', 'reward', 'withdraw', 'adjust'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_own_channel_code_unique";--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_address_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_rewards" ADD CONSTRAINT "channel_rewards_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_rewards" ADD CONSTRAINT "channel_rewards_consumer_id_users_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_rewards" ADD CONSTRAINT "channel_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_combo_id_combos_id_fk" FOREIGN KEY ("combo_id") REFERENCES "public"."combos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_rewards_inviter_idx" ON "channel_rewards" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_expires_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" IN ('topay', 'wallet_spend');--> statement-breakpoint
CREATE INDEX "trades_order_idx" ON "trades" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trades_user_created_idx" ON "trades" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_open_usdt_amount_uq" ON "trades" USING btree ("usdt_amount_milli") WHERE "trades"."status" = 'topay' AND "trades"."usdt_amount_milli" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "trades_paid_external_uq" ON "trades" USING btree ("provider","external_id") WHERE "trades"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_created_idx" ON "wallet_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_live_order_uq" ON "coupon_uses" USING btree ("order_id") WHERE "coupon_uses"."order_id" IS NOT NULL AND "coupon_uses"."is_deleted" = false;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "own_channel_code";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_wallet_address_type" CHECK ("users"."wallet_address_type" IN ('', 'USDT-ERC20', 'USDT-TRC20'));