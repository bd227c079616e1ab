/**
 * The Supabase bucket mirrors the embedded storage's rules (docs/decisions/0024-uploads-never-active-content.md,
 * docs/decisions/0080-uploads-named-by-the-server.md): the migrations run on a PGlite given the few parts of
 * Supabase's storage schema they touch, then anonymous inserts are tried as Supabase's `anon` role, under
 * row-level security: none passes, since the function `assistant` names and writes every upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { migrate } from '../../server/database.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, randomPart, uploadName } from '../../core/assistant/uploads.ts';
import { createReplay, naughtyStrings } from '../support/replay.ts';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  // What Supabase provides before any migration: its roles and the storage schema (abridged).
  await db.exec(`
    create role anon nologin;
    create schema storage;
    create table storage.buckets (id text primary key, name text not null, public boolean default false,
      file_size_limit bigint, allowed_mime_types text[]);
    create table storage.objects (id bigserial primary key, bucket_id text references storage.buckets (id), name text not null);
    alter table storage.objects enable row level security;
    create function storage.foldername(name text) returns text[] language sql immutable
      as $$ select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1] $$;
    grant usage on schema storage to anon;
    grant insert on storage.objects to anon;
    grant usage on sequence storage.objects_id_seq to anon;
  `);
  await migrate(db, join(import.meta.dirname, '..', '..', 'supabase', 'migrations'));
}, 120_000);
afterAll(() => db?.close());

/** An anonymous visitor's insert, as supabase-js's upload does through Storage: allowed or refused by the policy. */
async function anonymousInsert(name: string, bucket = 'assistant-uploads'): Promise<boolean> {
  await db.exec('set role anon');
  try {
    await db.query('insert into storage.objects (bucket_id, name) values ($1, $2)', [bucket, name]);
    return true;
  } catch (error) {
    expect(String(error)).toMatch(/row-level security/);
    return false;
  } finally {
    await db.exec('reset role');
  }
}

describe('Le seau assistant-uploads de Supabase', () => {
  it('accepte exactement les types de core/assistant/uploads.ts, 10 Mo au plus', async () => {
    const { rows } = await db.query<{ allowed_mime_types: string[]; file_size_limit: number; public: boolean }>(
      "select allowed_mime_types, file_size_limit, public from storage.buckets where id = 'assistant-uploads'",
    );
    expect(rows[0]!.allowed_mime_types).toEqual([...UPLOAD_TYPES]);
    expect(Number(rows[0]!.file_size_limit)).toBe(UPLOAD_MAX_BYTES);
    expect(rows[0]!.public).toBe(true);
  });

  it('n’accepte plus rien des visiteurs : le serveur nomme chaque dépôt et l’écrit avec la clé de service', async () => {
    const random = randomPart(crypto.getRandomValues(new Uint8Array(16)));
    // Even the names the server gives, and those the widget used to build, are refused to `anon`.
    for (const name of [
      uploadName('voice', 'audio/webm', random, Date.now()),
      uploadName('file', 'application/pdf', random, Date.now()),
      `landing-page/files/1700000000000-${random}-DentivoOfficialDocs-QA-Facture_Dentivo_2026.pdf`,
      'landing-page/voices/../../p.html',
    ])
      expect(await anonymousInsert(name)).toBe(false);
  });

  it('sur les 485 chaînes BLNS comme noms de fichier, aucune insertion anonyme', async () => {
    const replay = createReplay();
    const random = randomPart(Uint8Array.from({ length: 16 }, (_, i) => (i * 57 + 9) % 256));
    for (const naughty of naughtyStrings) {
      const name = `landing-page/files/1700000000000-${random}-${naughty}`;
      if (name.includes('\0')) continue; // Postgres text holds no NUL: Storage refuses such a key before SQL.
      const allowed = await anonymousInsert(name);
      replay.record('insertion anonyme', allowed ? 201 : 403);
      expect(allowed).toBe(false);
    }
    expect(replay.count).toBeGreaterThan(480);
  });
});
