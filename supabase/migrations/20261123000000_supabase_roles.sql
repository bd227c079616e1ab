-- The three roles Supabase's API gives its callers: `anon` (a visitor with the public key), `authenticated`
-- (a signed-in user) and `service_role` (the server side). Supabase creates them; PGlite and a plain
-- PostgreSQL (DATABASE_URL) do not, so they are created here when absent, without login, so that the
-- grants of the following migrations mean the same everywhere (docs/decisions/0022-postgres-is-the-contract.md).
do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
