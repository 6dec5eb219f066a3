-- A member's author slug is their own (ADR 053). Namesakes used to share one, so a member who
-- took another's name could make that member's links name their own older posts. Each slug is
-- now held by one member for good: the first of the namesakes has the name's slug, the next
-- ones « -2 », « -3 »…; a member who takes a former name back gets its slug again, and a link
-- with a former slug leads to the current one.
CREATE TABLE "member_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"base" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "slug" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "slug" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "member_slugs" ADD CONSTRAINT "member_slugs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_slugs_base_idx" ON "member_slugs" USING btree ("base");--> statement-breakpoint
CREATE INDEX "member_slugs_user_idx" ON "member_slugs" USING btree ("user_id","base");--> statement-breakpoint
-- The member's slug for a name's slug: one they held before, else the first free of the name's
-- slug, then « -2 », « -3 »… counting on from the namesakes' number. The primary key settles
-- two members taking the same one at once: the second goes on to the next.
CREATE FUNCTION member_slug_for(member text, wanted text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  held text;
  taken int;
BEGIN
  IF wanted = '' THEN
    RETURN '';
  END IF;
  SELECT slug INTO held FROM member_slugs
  WHERE member_slugs.user_id = member AND member_slugs.base = wanted
  ORDER BY created_at, slug LIMIT 1;
  IF held IS NOT NULL THEN
    RETURN held;
  END IF;
  SELECT count(*) INTO taken FROM member_slugs WHERE member_slugs.base = wanted;
  LOOP
    held := CASE WHEN taken = 0 THEN wanted ELSE wanted || '-' || (taken + 1) END;
    INSERT INTO member_slugs (slug, user_id, base) VALUES (held, member, wanted)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      RETURN held;
    END IF;
    taken := taken + 1;
  END LOOP;
END
$$;--> statement-breakpoint
-- Existing members, oldest first: the first of namesakes keeps the slug their links have.
-- A changed slug reaches the member's posts through profiles_slug_to_posts (0012).
DO $$
DECLARE
  member record;
BEGIN
  FOR member IN SELECT id, user_id, first_name, last_name FROM profiles ORDER BY created_at, id LOOP
    UPDATE profiles
    SET slug = member_slug_for(member.user_id, tremplin_slug(member.first_name || ' ' || member.last_name))
    WHERE id = member.id;
  END LOOP;
END
$$;--> statement-breakpoint
-- From now on the slug is the trigger's, whatever a writer sends; an unchanged name keeps it.
CREATE FUNCTION assign_member_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  wanted text := tremplin_slug(NEW.first_name || ' ' || NEW.last_name);
BEGIN
  IF TG_OP = 'UPDATE' AND wanted = tremplin_slug(OLD.first_name || ' ' || OLD.last_name) THEN
    NEW.slug := OLD.slug;
  ELSE
    NEW.slug := member_slug_for(NEW.user_id, wanted);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_member_slug BEFORE INSERT OR UPDATE OF first_name, last_name, slug ON profiles
FOR EACH ROW EXECUTE FUNCTION assign_member_slug();--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_slug_key" ON "profiles" USING btree ("slug") WHERE "profiles"."slug" <> '';
