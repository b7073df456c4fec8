CREATE TYPE "public"."user_type" AS ENUM('admin', 'normal', 'channel', 'yunying');--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"type" "user_type",
	"userkey" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"traffic" bigint DEFAULT 0 NOT NULL,
	"spend_traffic" bigint DEFAULT 0 NOT NULL,
	"vip_expire_time" timestamp with time zone,
	"daily_time_package_usage" bigint DEFAULT 0 NOT NULL,
	"daily_limit" bigint,
	"paid_user" boolean DEFAULT false NOT NULL,
	"prefer_domain" text DEFAULT '' NOT NULL,
	"describe_host" text,
	"channel_code" text DEFAULT '' NOT NULL,
	"own_channel_code" text,
	"is_agency" boolean DEFAULT false NOT NULL,
	"in_xinjiang" boolean DEFAULT false NOT NULL,
	"in_foreign" boolean DEFAULT false NOT NULL,
	"use_english_node" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"can_change_password" boolean DEFAULT true NOT NULL,
	"can_change_describe_key" boolean DEFAULT true NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"wallet_money" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_userkey_unique" UNIQUE("userkey"),
	CONSTRAINT "users_own_channel_code_unique" UNIQUE("own_channel_code"),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_wallet_money_non_negative" CHECK ("users"."wallet_money" >= 0),
	CONSTRAINT "users_traffic_non_negative" CHECK ("users"."traffic" >= 0),
	CONSTRAINT "users_spend_traffic_non_negative" CHECK ("users"."spend_traffic" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");