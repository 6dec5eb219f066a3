-- Every account gets its profile in the same transaction as its creation, whatever code path
-- creates it: the names given at sign-up are copied from the users row.
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (user_id, first_name, last_name)
  VALUES (NEW.id, NEW.first_name, NEW.last_name)
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_create_profile ON users;--> statement-breakpoint
CREATE TRIGGER users_create_profile AFTER INSERT ON users
FOR EACH ROW EXECUTE FUNCTION create_profile_for_user();
