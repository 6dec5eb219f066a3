-- An account never confirmed holds no author slug (ADR 053): anyone can sign up with any name,
-- and the slug it took stayed the name's for good, so the real person who joined next got
-- « -2 » even after the 30-day sweep removed the stranger. A profile now gets its slug when its
-- address is confirmed (or when it is created confirmed: the demo, the tests).
CREATE OR REPLACE FUNCTION assign_member_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  wanted text := tremplin_slug(NEW.first_name || ' ' || NEW.last_name);
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE users.id = NEW.user_id AND users.email_verified) THEN
    NEW.slug := '';
  ELSIF TG_OP = 'UPDATE' AND OLD.slug <> ''
    AND wanted = tremplin_slug(OLD.first_name || ' ' || OLD.last_name) THEN
    NEW.slug := OLD.slug;
  ELSE
    NEW.slug := member_slug_for(NEW.user_id, wanted);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Confirmed: the profile's slug is assigned (the update of `slug` runs the trigger above).
CREATE FUNCTION assign_member_slug_when_confirmed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET slug = '' WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_confirmed_member_slug AFTER UPDATE OF email_verified ON users
FOR EACH ROW WHEN (NEW.email_verified AND NOT OLD.email_verified)
EXECUTE FUNCTION assign_member_slug_when_confirmed();--> statement-breakpoint
-- Accounts already waiting for their confirmation give their slugs back.
UPDATE profiles SET slug = '' WHERE user_id IN (SELECT id FROM users WHERE NOT email_verified);--> statement-breakpoint
DELETE FROM member_slugs WHERE user_id IN (SELECT id FROM users WHERE NOT email_verified);
