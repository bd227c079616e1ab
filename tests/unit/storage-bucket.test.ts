/**
 * The Supabase bucket mirrors the embedded storage's rules (docs/decisions/0024-uploads-never-active-content.md):
 * the migrations run on a PGlite given the few parts of Supabase's storage schema they touch, then
 * anonymous inserts are tried as Supabase's `anon` role, under row-level security.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { migrate } from '../../server/database.ts';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  attachmentPath,
  isUploadPath,
  randomPart,
  voicePath,
} from '../../core/assistant/uploads.ts';
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

  it('n’accepte des visiteurs que les noms du widget, avec leur part aléatoire', async () => {
    const random = randomPart(crypto.getRandomValues(new Uint8Array(16)));
    expect(await anonymousInsert(voicePath(Date.now(), random))).toBe(true);
    expect(await anonymousInsert(attachmentPath(Date.now(), random, 'Radio panoramique.pdf'))).toBe(true);
    for (const name of [
      `landing-page/voices/${Date.now()}.webm`,
      'landing-page/p.js',
      'landing-page/voices/../../p.html',
      `autre/${voicePath(Date.now(), random)}`,
      `${voicePath(Date.now(), random)}/plus`,
    ])
      expect(await anonymousInsert(name)).toBe(false);
    expect(await anonymousInsert(voicePath(Date.now(), random), 'autre-seau')).toBe(false);
  });

  it('la même règle que le serveur embarqué, sur les 485 chaînes BLNS comme noms de fichier', async () => {
    const replay = createReplay();
    const random = randomPart(Uint8Array.from({ length: 16 }, (_, i) => (i * 57 + 9) % 256));
    for (const naughty of naughtyStrings) {
      const name = `landing-page/files/1700000000000-${random}-${naughty}`;
      if (name.includes('\0')) continue; // Postgres text holds no NUL: Storage refuses such a key before SQL.
      const allowed = await anonymousInsert(name);
      replay.record('insertion anonyme', allowed ? 201 : 403);
      expect(allowed).toBe(isUploadPath(name));
    }
    expect(replay.count).toBeGreaterThan(480);
  });
});
