CREATE TYPE "public"."coupon_type" AS ENUM('freeUse', 'freeTime', 'cash', 'discount');--> statement-breakpoint
CREATE TYPE "public"."email_token_purpose" AS ENUM('signup_confirm', 'change_password');--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"type" "coupon_type" NOT NULL,
	"add_traffic" bigint DEFAULT 0 NOT NULL,
	"add_day" integer DEFAULT 0 NOT NULL,
	"add_money_cents" bigint DEFAULT 0 NOT NULL,
	"discount" double precision,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" "coupon_type" NOT NULL,
	"code" text NOT NULL,
	"taobao" boolean DEFAULT false NOT NULL,
	"traffic" bigint DEFAULT 0 NOT NULL,
	"traffic_has_limit_time" boolean DEFAULT false NOT NULL,
	"traffic_limit_hours" integer DEFAULT 0 NOT NULL,
	"vip_day" integer DEFAULT 0 NOT NULL,
	"for_money_cents" bigint DEFAULT 0 NOT NULL,
	"discount" double precision DEFAULT 1 NOT NULL,
	"use_num_per_user" integer DEFAULT 1 NOT NULL,
	"number_of_authorizations" integer NOT NULL,
	"auth_times" integer DEFAULT 0 NOT NULL,
	"expire_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_auth_times_in_range" CHECK ("coupons"."auth_times" >= 0 AND "coupons"."auth_times" <= "coupons"."number_of_authorizations"),
	CONSTRAINT "coupons_use_num_per_user_positive" CHECK ("coupons"."use_num_per_user" >= 1),
	CONSTRAINT "coupons_amounts_non_negative" CHECK ("coupons"."traffic" >= 0 AND "coupons"."vip_day" >= 0 AND "coupons"."for_money_cents" >= 0 AND "coupons"."traffic_limit_hours" >= 0),
	CONSTRAINT "coupons_discount_range" CHECK ("coupons"."discount" > 0 AND "coupons"."discount" <= 1)
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" "email_token_purpose" NOT NULL,
	"key_hash" text NOT NULL,
	"pending_password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"desc" text NOT NULL,
	"href" text DEFAULT '' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"add_traffic" bigint NOT NULL,
	"extra_reward" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "traffic_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traffic_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traffic_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"traffic_change" bigint NOT NULL,
	"exemption_traffic" bigint DEFAULT 0 NOT NULL,
	"all_traffic" bigint NOT NULL,
	"all_spend" bigint NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_grants" ADD CONSTRAINT "traffic_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_records" ADD CONSTRAINT "traffic_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_user_idx" ON "coupon_uses" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_user_idx" ON "coupon_uses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_tokens_user_purpose_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "notices_user_id_idx" ON "notices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notices_created_at_idx" ON "notices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "traffic_grants_expires_idx" ON "traffic_grants" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "traffic_grants_user_idx" ON "traffic_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "traffic_records_user_created_idx" ON "traffic_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "traffic_records_day_idx" ON "traffic_records" USING btree ("day");