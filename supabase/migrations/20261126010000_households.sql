-- Households (issue 17): the people who cook and shop together. A household owns the plan, the
-- cooks, the pantry and the shopping list (moved over in the next migration); favourites and own
-- recipes stay personal, and an own recipe can be shared with a household.
--
-- A person may belong to several households (their own, and the one they were invited to) and
-- works in one at a time: `users.household_id`, the active household. Every person always has
-- one: a new profile gets a household of its own, and leaving or being removed from the last one
-- makes a new one.
--
-- Membership changes only through the functions below (security definer, each checking who may
-- do what); clients can read their households, members and invitations, rename a household they
-- own and switch their active household, nothing else.

-- The API roles may call the helpers policies and defaults use (each granted one by one below);
-- PostgREST still exposes only `public`, so nothing in `private` is reachable as an RPC. Anon
-- needs the schema too: a signed-out insert evaluates the column default before RLS refuses it.
grant usage on schema private to anon, authenticated;

create table public.households (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 60),
  created_at timestamptz not null default now()
);

comment on table public.households is
  'A household: the people who share one meal plan, cooks, pantry and shopping list.';
comment on column public.households.name is 'Shown to its members, 1 to 60 characters ("Sam''s household"), stored normalised.';

-- Stored as every other name is (shared/limits normalizeName), whoever writes it.
create trigger normalize_name before insert or update of name on public.households
  for each row execute function private.normalize_name_column();

create table public.household_members (
  household_id uuid not null references public.households (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  role text not null default 'member' check (role in ('owner', 'member')),
  joined_at timestamptz not null default now(),
  primary key (household_id, user_id)
);

comment on table public.household_members is
  'Who belongs to which household. Exactly one owner per household with members; the owner manages membership.';

create index household_members_user_id_idx on public.household_members (user_id);
-- At most one owner; the deferred trigger below makes it at least one.
create unique index household_members_one_owner_idx on public.household_members (household_id) where role = 'owner';

create table public.household_invitations (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  -- Null for a one-time link anyone signed in may accept once; otherwise only this address may.
  email text check (email is null or char_length(email) between 3 and 254),
  token_hash text not null unique,
  invited_by uuid references public.users (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'revoked')),
  responded_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  responded_at timestamptz
);

comment on table public.household_invitations is
  'Invitations to join a household, by e-mail or as a one-time link. Only the token''s SHA-256 is kept.';

create index household_invitations_household_id_idx on public.household_invitations (household_id);
create index household_invitations_invited_by_idx on public.household_invitations (invited_by);
create index household_invitations_responded_by_idx on public.household_invitations (responded_by);

alter table public.users
  add column household_id uuid references public.households (id) on delete set null;

comment on column public.users.household_id is
  'The household this person is working in now (one they belong to); plan, cooks, pantry and list are its.';

create index users_household_id_idx on public.users (household_id);

grant update (household_id) on public.users to authenticated;

/**
 * The households the caller belongs to, read once per statement: every household policy is
 * `household_id = any ((select private.my_household_ids())::uuid[])`, so PostgreSQL runs this once as an
 * init plan and compares each row against the array (an index condition, not a call per row).
 * Security definer so it reads household_members without that table's own policy.
 */
create function private.my_household_ids()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- PL/pgSQL keeps this query's plan for the session; an SQL-language security-definer function
  -- (never inlined) would plan it again on every statement.
  return (
    select coalesce(array_agg(m.household_id), '{}')
    from public.household_members m
    where m.user_id = (select auth.uid())
  );
end;
$$;

comment on function private.my_household_ids() is
  'The caller''s household ids; every household policy compares a row''s household_id against it, once per statement.';

/** The single-household form of the same rule, for the membership functions below. */
create function private.is_household_member(household uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select household = any (private.my_household_ids())
$$;

create function private.is_household_owner(household uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from public.household_members m
    where m.household_id = household and m.user_id = (select auth.uid()) and m.role = 'owner'
  )
$$;

revoke all on function private.my_household_ids(), private.is_household_member(uuid), private.is_household_owner(uuid) from public;
grant execute on function private.my_household_ids(), private.is_household_member(uuid), private.is_household_owner(uuid) to authenticated;

alter table public.households enable row level security;
alter table public.household_members enable row level security;
alter table public.household_invitations enable row level security;

create policy "Members can view their households"
  on public.households for select
  to authenticated
  using (id = any ((select private.my_household_ids())::uuid[]));

create policy "Owners can rename their households"
  on public.households for update
  to authenticated
  using (id = any ((select private.my_household_ids())::uuid[]) and private.is_household_owner(id))
  with check (id = any ((select private.my_household_ids())::uuid[]) and private.is_household_owner(id));

revoke update on public.households from anon, authenticated;
grant update (name) on public.households to authenticated;

create policy "Members can view who is in their households"
  on public.household_members for select
  to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));

create policy "Members can view their households' invitations"
  on public.household_invitations for select
  to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));

-- Members see each other's names and avatars.
drop policy "Users can view their own profile" on public.users;
create policy "Users can view their own profile and their household members'"
  on public.users for select
  to authenticated
  using (
    id = (select auth.uid())
    or exists (
      select from public.household_members m
      where m.user_id = users.id and m.household_id = any ((select private.my_household_ids())::uuid[])
    )
  );

-- The active household must be one of the person's own.
drop policy "Users can update their own profile" on public.users;
create policy "Users can update their own profile"
  on public.users for update
  to authenticated
  using (id = (select auth.uid()))
  with check (
    id = (select auth.uid())
    and (household_id is null or household_id = any ((select private.my_household_ids())::uuid[]))
  );

/** "Sam's household" from a full name, or "My household" without one. */
create function private.household_name(full_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(left(nullif(split_part(btrim(full_name), ' ', 1), ''), 48) || '''s household', 'My household')
$$;

/**
 * A new household owned by `person`, made active (for someone whose last household went).
 */
create function private.create_household(person uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  household uuid;
begin
  insert into public.households (name)
  select private.household_name(u.name) from public.users u where u.id = person
  returning id into household;
  insert into public.household_members (household_id, user_id, role) values (household, person, 'owner');
  update public.users set household_id = household where id = person;
  return household;
end;
$$;

/**
 * Keeps `person`'s active household one they belong to: the current one if still theirs, else
 * the one they joined last, else a new one of their own.
 */
create function private.ensure_active_household(person uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  household uuid;
begin
  select u.household_id into household from public.users u
  where u.id = person
    and exists (select from public.household_members m where m.household_id = u.household_id and m.user_id = person);
  if household is not null then
    return household;
  end if;
  select m.household_id into household from public.household_members m
  where m.user_id = person order by m.joined_at desc, m.household_id limit 1;
  if household is null then
    return private.create_household(person);
  end if;
  update public.users set household_id = household where id = person;
  return household;
end;
$$;

/**
 * A new profile comes with a household of its own, whatever the inserting client sent: the
 * household is made before the row (so the row is published once, complete) and the person
 * becomes its owner just after.
 */
create function private.give_new_user_a_household()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.household_id := null;
  -- A second insert of an existing profile (the client's "create if missing") changes nothing.
  if exists (select from public.users u where u.id = new.id) then
    return new;
  end if;
  insert into public.households (name) values (private.household_name(new.name)) returning id into new.household_id;
  return new;
end;
$$;

create function private.make_new_user_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.household_members (household_id, user_id, role) values (new.household_id, new.id, 'owner');
  return null;
end;
$$;

create trigger give_new_user_a_household
  before insert on public.users
  for each row execute function private.give_new_user_a_household();

create trigger make_new_user_owner
  after insert on public.users
  for each row execute function private.make_new_user_owner();

/**
 * At commit, a household with members has an owner (if the owner's account was deleted, the
 * longest-standing member takes over), and a household with no members left is removed with
 * what it held: no one can reach it any more.
 */
create function private.settle_household()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  household uuid := old.household_id;
begin
  if not exists (select from public.households h where h.id = household) then
    return null;
  end if;
  if not exists (select from public.household_members m where m.household_id = household) then
    delete from public.households h where h.id = household;
  elsif not exists (select from public.household_members m where m.household_id = household and m.role = 'owner') then
    update public.household_members set role = 'owner'
    where (household_id, user_id) = (
      select m.household_id, m.user_id from public.household_members m
      where m.household_id = household order by m.joined_at, m.user_id limit 1
    );
  end if;
  return null;
end;
$$;

create constraint trigger settle_household
  after delete or update on public.household_members
  deferrable initially deferred
  for each row execute function private.settle_household();

revoke all on function private.create_household(uuid), private.ensure_active_household(uuid),
  private.give_new_user_a_household(), private.make_new_user_owner(), private.settle_household() from public;

/** The invitation a token stands for (tokens are only ever stored hashed). */
create function private.invitation_by_token(token text)
returns public.household_invitations
language sql
stable
security definer
set search_path = ''
as $$
  select i.* from public.household_invitations i
  where i.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex')
$$;

revoke all on function private.invitation_by_token(text) from public;

/**
 * Invites someone into the caller's active household. With an e-mail address, only the person
 * signed in with that address can accept; without one, the token is a one-time link for
 * whoever opens it first. Any member may invite (the invitee still has to accept); the token is
 * returned once and only its hash is kept.
 *
 * @returns {id, token, household_id, household_name, email, expires_at}
 */
create function private.create_household_invitation(email text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  household uuid;
  address text := nullif(lower(btrim(email)), '');
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  invitation public.household_invitations;
begin
  if me is null then
    raise exception 'Sign in to invite someone.' using errcode = '42501';
  end if;
  household := private.ensure_active_household(me);
  if address is not null and (char_length(address) > 254 or address !~ '^[^@\s]+@[^@\s]+$') then
    raise exception 'Enter a valid email address.' using errcode = '22023';
  end if;
  if address is not null and exists (
    select from public.household_members m join public.users u on u.id = m.user_id
    where m.household_id = household and lower(u.email) = address
  ) then
    raise exception 'This person is already in your household.' using errcode = 'PT409';
  end if;
  if (select count(*) from public.household_invitations i
      where i.household_id = household and i.status = 'pending' and i.expires_at > now()) >= 20 then
    raise exception 'Your household has 20 open invitations. Withdraw some before inviting more.' using errcode = 'PT429';
  end if;
  insert into public.household_invitations (household_id, email, token_hash, invited_by)
  values (household, address, encode(sha256(convert_to(token, 'UTF8')), 'hex'), me)
  returning * into invitation;
  return jsonb_build_object(
    'id', invitation.id, 'token', token, 'household_id', household,
    'household_name', (select h.name from public.households h where h.id = household),
    'email', address, 'expires_at', invitation.expires_at
  );
end;
$$;

/**
 * What an invitation link shows before it is answered: the household, who invited, and whether
 * it can still be accepted. Anyone signed in with the token may look; nothing else is revealed.
 */
create function private.household_invitation(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  invitation public.household_invitations := private.invitation_by_token(token);
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to open this invitation.' using errcode = '42501';
  end if;
  if invitation.id is null then
    raise exception 'This invitation link is not valid.' using errcode = 'PT404';
  end if;
  return jsonb_build_object(
    'household_name', (select h.name from public.households h where h.id = invitation.household_id),
    'invited_by', (select u.name from public.users u where u.id = invitation.invited_by),
    'email', invitation.email,
    'status', case when invitation.status = 'pending' and invitation.expires_at <= now() then 'expired' else invitation.status end,
    'already_member', private.is_household_member(invitation.household_id)
  );
end;
$$;

/** The invitation a token stands for, if the caller may answer it now; raises otherwise. */
create function private.answerable_invitation(token text)
returns public.household_invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.household_invitations := private.invitation_by_token(token);
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to answer this invitation.' using errcode = '42501';
  end if;
  if invitation.id is null then
    raise exception 'This invitation link is not valid.' using errcode = 'PT404';
  end if;
  if invitation.status <> 'pending' then
    raise exception 'This invitation has already been %.', invitation.status using errcode = 'PT409';
  end if;
  if invitation.expires_at <= now() then
    raise exception 'This invitation has expired. Ask for a new one.' using errcode = 'PT410';
  end if;
  if invitation.email is not null and invitation.email is distinct from lower((select auth.email())) then
    raise exception 'This invitation was sent to another email address.' using errcode = '42501';
  end if;
  return invitation;
end;
$$;

revoke all on function private.answerable_invitation(text) from public;

/**
 * Accepts an invitation: the caller joins the household as a member (or stays, if already in it)
 * and it becomes their active household. Their own household and its data stay theirs.
 *
 * @returns the household's id
 */
create function private.accept_household_invitation(token text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  invitation public.household_invitations := private.answerable_invitation(token);
begin
  insert into public.household_members (household_id, user_id, role)
  values (invitation.household_id, me, 'member')
  on conflict (household_id, user_id) do nothing;
  update public.household_invitations
  set status = 'accepted', responded_by = me, responded_at = now()
  where id = invitation.id;
  update public.users set household_id = invitation.household_id where id = me;
  return invitation.household_id;
end;
$$;

create function private.decline_household_invitation(token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  invitation public.household_invitations := private.answerable_invitation(token);
begin
  update public.household_invitations
  set status = 'declined', responded_by = (select auth.uid()), responded_at = now()
  where id = invitation.id;
end;
$$;

/** Withdraws a pending invitation: the member who sent it or the household's owner may. */
create function private.revoke_household_invitation(invitation_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  invitation public.household_invitations;
begin
  select * into invitation from public.household_invitations i where i.id = invitation_id;
  if invitation.id is null or not private.is_household_member(invitation.household_id) then
    raise exception 'No such invitation.' using errcode = 'PT404';
  end if;
  if invitation.invited_by is distinct from (select auth.uid()) and not private.is_household_owner(invitation.household_id) then
    raise exception 'Only the person who sent an invitation or the owner can withdraw it.' using errcode = '42501';
  end if;
  if invitation.status <> 'pending' then
    raise exception 'This invitation has already been %.', invitation.status using errcode = 'PT409';
  end if;
  update public.household_invitations set status = 'revoked', responded_by = (select auth.uid()), responded_at = now()
  where id = invitation.id;
end;
$$;

/**
 * The caller leaves a household. The owner must hand over first while others remain, and no one
 * can leave a household they are alone in (it is their own; there is no one to leave it to).
 * What the caller added stays with the household: leaving deletes nobody's data.
 *
 * @returns the caller's active household afterwards
 */
create function private.leave_household(household uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  my_role text;
begin
  select m.role into my_role from public.household_members m where m.household_id = household and m.user_id = me;
  if my_role is null then
    raise exception 'You are not in this household.' using errcode = 'PT404';
  end if;
  if not exists (select from public.household_members m where m.household_id = household and m.user_id <> me) then
    raise exception 'You are the only one in this household, so there is no one to leave it to.' using errcode = 'PT409';
  end if;
  if my_role = 'owner' then
    raise exception 'Hand the household over to another member before you leave.' using errcode = 'PT409';
  end if;
  delete from public.household_members m where m.household_id = household and m.user_id = me;
  return private.ensure_active_household(me);
end;
$$;

/** The owner removes a member; the member keeps their other households (or gets a new one). */
create function private.remove_household_member(household uuid, member uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.is_household_owner(household) then
    raise exception 'Only the household''s owner can remove members.' using errcode = '42501';
  end if;
  if member = (select auth.uid()) then
    raise exception 'Hand the household over before you leave it.' using errcode = 'PT409';
  end if;
  delete from public.household_members m where m.household_id = household and m.user_id = member;
  if not found then
    raise exception 'This person is not in your household.' using errcode = 'PT404';
  end if;
  perform private.ensure_active_household(member);
end;
$$;

/** The owner hands the household to another member and becomes a member. */
create function private.transfer_household_ownership(household uuid, new_owner uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.is_household_owner(household) then
    raise exception 'Only the household''s owner can hand it over.' using errcode = '42501';
  end if;
  if not exists (select from public.household_members m where m.household_id = household and m.user_id = new_owner) then
    raise exception 'This person is not in your household.' using errcode = 'PT404';
  end if;
  if new_owner = (select auth.uid()) then
    return;
  end if;
  update public.household_members set role = 'member' where household_id = household and user_id = (select auth.uid());
  update public.household_members set role = 'owner' where household_id = household and user_id = new_owner;
end;
$$;

-- The API: thin security-invoker functions in `public` (PostgREST exposes only this schema, and
-- no security-definer function lives in it), each calling its checked private counterpart.
revoke all on function private.create_household_invitation(text), private.household_invitation(text),
  private.accept_household_invitation(text), private.decline_household_invitation(text),
  private.revoke_household_invitation(uuid), private.leave_household(uuid),
  private.remove_household_member(uuid, uuid), private.transfer_household_ownership(uuid, uuid)
  from public;
grant execute on function private.create_household_invitation(text), private.household_invitation(text),
  private.accept_household_invitation(text), private.decline_household_invitation(text),
  private.revoke_household_invitation(uuid), private.leave_household(uuid),
  private.remove_household_member(uuid, uuid), private.transfer_household_ownership(uuid, uuid)
  to authenticated;

create function public.create_household_invitation(email text default null)
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.create_household_invitation(email) $$;
comment on function public.create_household_invitation(text) is
  'Invites someone into the caller''s active household, by e-mail or (no e-mail) as a one-time link; returns the token once.';

create function public.household_invitation(token text)
returns jsonb language sql stable security invoker set search_path = ''
as $$ select private.household_invitation(token) $$;
comment on function public.household_invitation(text) is
  'What an invitation link shows: household, inviter, status, whether the caller is already a member.';

create function public.accept_household_invitation(token text)
returns uuid language sql volatile security invoker set search_path = ''
as $$ select private.accept_household_invitation(token) $$;
comment on function public.accept_household_invitation(text) is
  'Joins the invitation''s household as a member and makes it the caller''s active household.';

create function public.decline_household_invitation(token text)
returns void language sql volatile security invoker set search_path = ''
as $$ select private.decline_household_invitation(token) $$;
comment on function public.decline_household_invitation(text) is 'Declines an invitation.';

create function public.revoke_household_invitation(invitation_id uuid)
returns void language sql volatile security invoker set search_path = ''
as $$ select private.revoke_household_invitation(invitation_id) $$;
comment on function public.revoke_household_invitation(uuid) is
  'Withdraws a pending invitation (its sender or the owner).';

create function public.leave_household(household uuid)
returns uuid language sql volatile security invoker set search_path = ''
as $$ select private.leave_household(household) $$;
comment on function public.leave_household(uuid) is
  'Leaves a household (not the owner while others remain, nor a household one is alone in); returns the new active household.';

create function public.remove_household_member(household uuid, member uuid)
returns void language sql volatile security invoker set search_path = ''
as $$ select private.remove_household_member(household, member) $$;
comment on function public.remove_household_member(uuid, uuid) is 'The owner removes a member.';

create function public.transfer_household_ownership(household uuid, new_owner uuid)
returns void language sql volatile security invoker set search_path = ''
as $$ select private.transfer_household_ownership(household, new_owner) $$;
comment on function public.transfer_household_ownership(uuid, uuid) is
  'The owner hands the household to another member.';

revoke execute on function public.create_household_invitation(text), public.household_invitation(text),
  public.accept_household_invitation(text), public.decline_household_invitation(text),
  public.revoke_household_invitation(uuid), public.leave_household(uuid),
  public.remove_household_member(uuid, uuid), public.transfer_household_ownership(uuid, uuid)
  from public, anon;

-- Every existing profile gets its household (new ones get it from the trigger above).
do $$
declare
  person uuid;
begin
  for person in select u.id from public.users u where u.household_id is null order by u.created_at loop
    perform private.ensure_active_household(person);
  end loop;
end;
$$;

alter publication supabase_realtime add table public.households, public.household_members;
alter table public.households replica identity full;
alter table public.household_members replica identity full;
