/**
 * A new auth user's profile (spec 3) takes its name by the rule of shared/profile/profile-name.ts
 * (profileName), the rule the web app's createProfile uses when it makes the row itself:
 * `full_name` only when it is a JSON string, normalised, cut to 80 characters (LIMITS.userName),
 * and null when that leaves nothing. The users table's normalize_name trigger runs on the insert
 * too, so a cut never leaves a trailing space. Before this, a number or a boolean in full_name
 * became the name '42' or 'true', which the web app never stored (issue 16);
 * stack/tests/profile-name.test.ts holds the two together.
 */
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.users (id, email, name, avatar_url, subscription_status)
  values (
    new.id,
    new.email,
    case
      when pg_catalog.jsonb_typeof(new.raw_user_meta_data -> 'full_name') = 'string'
        then nullif(left(private.normalize_name(new.raw_user_meta_data ->> 'full_name'), 80), '')
    end,
    private.random_avatar_url(),
    false
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function private.handle_new_user() is
  'Trigger on auth.users insert: creates the public.users profile (name by shared profileName from raw_user_meta_data.full_name, random avatar, subscription false).';
