CREATE TYPE "public"."agent_type" AS ENUM('v2ray', 'h2', 'reality');--> statement-breakpoint
CREATE TYPE "public"."bridge_type" AS ENUM('none', 'cf_cdn', 'report');--> statement-breakpoint
CREATE TYPE "public"."line_protocol" AS ENUM('vmesh_tcp', 'vmesh_ws', 'ss', 'compat', 'h2', 'reality');--> statement-breakpoint
CREATE TYPE "public"."server_type" AS ENUM('apine', 'ubuntu_x86', 'ubuntu_arm', 'ubuntu_guonei', 'ubuntu_reality', 'alpine_reality');--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"country" jsonb NOT NULL,
	"type" "agent_type" DEFAULT 'v2ray' NOT NULL,
	"server_type" "server_type",
	"ip" text DEFAULT '' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"ctrl_port" integer DEFAULT 8081 NOT NULL,
	"zz_port" integer DEFAULT 10087 NOT NULL,
	"port" integer DEFAULT 10086 NOT NULL,
	"public_port" integer DEFAULT 443 NOT NULL,
	"ssh_port" integer DEFAULT 22 NOT NULL,
	"ssh_username" text DEFAULT '' NOT NULL,
	"ssh_password" text DEFAULT '' NOT NULL,
	"warp" boolean DEFAULT false NOT NULL,
	"open_log" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"agent_version" text DEFAULT '' NOT NULL,
	"update_config_times" integer DEFAULT 0 NOT NULL,
	"speed" text DEFAULT '' NOT NULL,
	"order_id" integer DEFAULT 0 NOT NULL,
	"secret_hash" text,
	"last_report_at" timestamp with time zone,
	"load" double precision,
	"latency_ms" integer,
	"online_users" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" text PRIMARY KEY NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"ip" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"ip_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"id" text PRIMARY KEY NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"agent_id" text NOT NULL,
	"protocol" "line_protocol" NOT NULL,
	"bridge" "bridge_type" DEFAULT 'none' NOT NULL,
	"entry_id" text,
	"scale" double precision DEFAULT 1 NOT NULL,
	"num" integer DEFAULT 1 NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"fix_name" boolean DEFAULT false NOT NULL,
	"disable_for_agency" boolean DEFAULT false NOT NULL,
	"permission_require" text,
	"hot" bigint DEFAULT 0 NOT NULL,
	"msg" text DEFAULT '' NOT NULL,
	"port" integer,
	"alter_id" integer DEFAULT 0 NOT NULL,
	"vmess_cipher" text DEFAULT 'auto' NOT NULL,
	"tls" boolean DEFAULT false NOT NULL,
	"sni" text DEFAULT '' NOT NULL,
	"ws_path" text DEFAULT '/ws' NOT NULL,
	"h2_path" text DEFAULT '/h2' NOT NULL,
	"ss_method" text DEFAULT 'aes-128-gcm' NOT NULL,
	"ss_server_key" text DEFAULT '' NOT NULL,
	"reality_server_name" text DEFAULT '' NOT NULL,
	"reality_public_key" text DEFAULT '' NOT NULL,
	"reality_private_key" text DEFAULT '' NOT NULL,
	"reality_short_id" text DEFAULT '' NOT NULL,
	"flow" text DEFAULT 'xtls-rprx-vision' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lines_num_range" CHECK ("lines"."num" >= 1 AND "lines"."num" <= 100),
	CONSTRAINT "lines_scale_positive" CHECK ("lines"."scale" > 0)
);
--> statement-breakpoint
CREATE TABLE "node_traffic_reports" (
	"agent_id" text NOT NULL,
	"report_id" text NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"upload" bigint DEFAULT 0 NOT NULL,
	"download" bigint DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_traffic_reports_agent_id_report_id_pk" PRIMARY KEY("agent_id","report_id")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"use_times" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_daily_usage" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"upload" bigint DEFAULT 0 NOT NULL,
	"download" bigint DEFAULT 0 NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_permissions" (
	"user_id" text NOT NULL,
	"permission_id" text NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_package_day" date;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_permission_require_permissions_id_fk" FOREIGN KEY ("permission_require") REFERENCES "public"."permissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_traffic_reports" ADD CONSTRAINT "node_traffic_reports_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_daily_usage" ADD CONSTRAINT "user_daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_index_idx" ON "agents" USING btree ("index");--> statement-breakpoint
CREATE INDEX "entries_index_idx" ON "entries" USING btree ("index");--> statement-breakpoint
CREATE INDEX "lines_agent_idx" ON "lines" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "lines_index_idx" ON "lines" USING btree ("index");--> statement-breakpoint
CREATE INDEX "node_traffic_reports_received_idx" ON "node_traffic_reports" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "user_daily_usage_day_idx" ON "user_daily_usage" USING btree ("day");--> statement-breakpoint
CREATE INDEX "user_permissions_expire_idx" ON "user_permissions" USING btree ("expire_time");