-- Staff (issue 25): roles are sets of permissions; staff_members says who holds which role. It is
-- the one source of truth for the back office: users.type keeps only the spec's normal/channel.
CREATE TABLE IF NOT EXISTS "staff_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "staff_members" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"role_id" text NOT NULL REFERENCES "staff_roles"("id"),
	"appointed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"appointed_by" text REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "staff_members_role_idx" ON "staff_members" USING btree ("role_id");
--> statement-breakpoint
-- Built-in roles: their permissions come from the code (packages/contracts/src/staff.ts); the column is informative.
INSERT INTO "staff_roles" ("id", "name", "permissions", "builtin") VALUES
	('admin', '管理员', '[]'::jsonb, true),
	('yunying', '运营', '["coupons.read","coupons.edit","prizes.read","prizes.edit"]'::jsonb, true)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- The owner (setting admin_id): the earliest admin, by id (an e-mail can change hands).
INSERT INTO "settings" ("key", "value")
SELECT 'admin_id', to_jsonb("id") FROM "users" WHERE "type" = 'admin' ORDER BY "created_at", "id" LIMIT 1
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "staff_members" ("user_id", "role_id", "appointed_at")
SELECT "id", "type"::text, "created_at" FROM "users" WHERE "type" IN ('admin', 'yunying')
ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
UPDATE "users" SET "type" = 'normal' WHERE "type" IN ('admin', 'yunying');
