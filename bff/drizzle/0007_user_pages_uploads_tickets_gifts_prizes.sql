ALTER TYPE "public"."email_token_purpose" ADD VALUE 'change_email';--> statement-breakpoint
CREATE TABLE "gifts" (
	"code" text PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"received" bigint NOT NULL,
	"cost_rate" double precision NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"receiver_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "gifts_status" CHECK ("gifts"."status" IN ('created', 'received')),
	CONSTRAINT "gifts_amounts" CHECK ("gifts"."amount" > 0 AND "gifts"."fee" >= 0 AND "gifts"."received" = "gifts"."amount" - "gifts"."fee" AND "gifts"."received" >= 0),
	CONSTRAINT "gifts_received_fields" CHECK (("gifts"."status" = 'received') = ("gifts"."received_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "prize_draws" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"prize_id" text,
	"prize_name" text NOT NULL,
	"cost" bigint NOT NULL,
	"gain_traffic" bigint NOT NULL,
	"gain_vip_days" integer NOT NULL,
	"coupon_id" text,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prizes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gain_traffic" bigint DEFAULT 0 NOT NULL,
	"gain_vip_days" integer DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"has_discount_coupon" boolean DEFAULT false NOT NULL,
	"discount_value" double precision DEFAULT 1 NOT NULL,
	"discount_duration_days" integer DEFAULT 1 NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "prizes_amounts" CHECK ("prizes"."gain_traffic" >= 0 AND "prizes"."gain_vip_days" >= 0 AND "prizes"."weight" >= 0),
	CONSTRAINT "prizes_discount" CHECK ("prizes"."discount_value" >= 0 AND "prizes"."discount_value" <= 1 AND "prizes"."discount_duration_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" text NOT NULL,
	"author_id" text,
	"from_admin" boolean NOT NULL,
	"desc" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"desc" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	CONSTRAINT "tickets_status" CHECK ("tickets"."status" IN ('open', 'close')),
	CONSTRAINT "tickets_closed_fields" CHECK (("tickets"."status" = 'close') = ("tickets"."closed_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_purpose" CHECK ("uploads"."purpose" IN ('ticket', 'avatar', 'prize')),
	CONSTRAINT "uploads_content_type" CHECK ("uploads"."content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "uploads_size" CHECK ("uploads"."size" > 0 AND "uploads"."size" = octet_length("uploads"."content"))
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telegram_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telegram_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_sender_idx" ON "gifts" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_receiver_idx" ON "gifts" USING btree ("receiver_id");--> statement-breakpoint
CREATE INDEX "prize_draws_user_idx" ON "prize_draws" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "prize_draws_day_idx" ON "prize_draws" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_user_created_idx" ON "tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_updated_idx" ON "tickets" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;