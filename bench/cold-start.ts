/**
 * Issue 27's attack figures, rerun (docs/decisions/0059-compressed-ahead-of-time.md and
 * docs/decisions/0060-uploads-streamed-kept-for-a-time.md):
 *   - /healthz while 44 cold files are asked at once, on a server just started;
 *   - a 2,000-request burst right after a start (pages and assets, questions to the assistant, contact
 *     requests), then the same burst on the now warm server: median, p95, req/s, timeouts (60 s), and
 *     every contact request answered 2xx found in the database;
 *   - `/` warm: this server beside a bare serveStatic of the same files (autocannon, 10 s each);
 *   - the server's memory around 30 parallel 10 MB uploads from one client.
 */
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { UPLOAD_PATH } from '../core/assistant/uploads.ts';
import { fmt, freePort, log, root, startServer, table, type BenchContext, type RunningServer } from './common.ts';

const TIMEOUT_MS = 60_000;
const BURST = 2_000;
const IN_FLIGHT = 200;

/** The built site's files as URL paths, biggest first (the cold work a first request would have done). */
function sitePaths(siteDir: string): string[] {
  const found: { path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(html|css|js|json|svg|xml|txt)$/.test(entry.name))
        found.push({ path: `/${relative(siteDir, file).split('\\').join('/')}`, size: statSync(file).size });
    }
  };
  walk(siteDir);
  return found.sort((a, b) => b.size - a.size).map((entry) => entry.path);
}

const rss = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

let sequence = 0;
const client = () => {
  const n = ++sequence;
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
};

interface Timed {
  ms: number;
  status: number | 'timeout' | 'error';
  key?: string;
}

async function timed(url: string, init: RequestInit = {}, key?: string): Promise<Timed> {
  const start = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.arrayBuffer();
    return { ms: performance.now() - start, status: response.status, key };
  } catch (error) {
    const timeout = (error as Error).name === 'TimeoutError';
    return { ms: performance.now() - start, status: timeout ? 'timeout' : 'error', key };
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
};

interface BurstResult {
  label: string;
  median: number;
  p95: number;
  rps: number;
  timeouts: number;
  errors: number;
  statuses: Record<string, number>;
  contact2xx: number;
  contactStored: number;
}

async function burst(label: string, server: RunningServer, paths: string[], anonKey: string, runId: string) {
  const tasks: (() => Promise<Timed>)[] = [];
  for (let i = 0; i < BURST; i++) {
    const kind = i % 10;
    if (kind < 7) {
      const path = paths[i % paths.length]!;
      tasks.push(() => timed(`${server.origin}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }));
    } else if (kind < 9) {
      tasks.push(() =>
        timed(`${server.origin}/assistant/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client() },
          body: JSON.stringify({
            message_id: `${runId}-q-${i}`,
            text: 'Comment Dentivo réduit-il les rendez-vous manqués ?',
            sent_at: new Date().toISOString(),
            conversation_id: `${runId}-c-${i}`,
          }),
        }),
      );
    } else {
      const key = `burst-${runId}-${i}`;
      tasks.push(() =>
        timed(
          `${server.origin}/functions/v1/send-contact-email`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              apikey: anonKey,
              'idempotency-key': key,
              'x-forwarded-for': client(),
            },
            body: JSON.stringify({
              type: 'contact',
              fullName: `Dr Rafale ${i}`,
              email: `rafale-${i}@bench.dentivo.example`,
              subject: 'demo',
              message: `Demande de démonstration numéro ${i}, envoyée par la rafale du bench.`,
              created_at: new Date().toISOString(),
            }),
          },
          key,
        ),
      );
    }
  }
  const results: Timed[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < tasks.length) results.push(await tasks[next++]!());
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const statuses: Record<string, number> = {};
  for (const result of results) statuses[String(result.status)] = (statuses[String(result.status)] ?? 0) + 1;
  const acknowledged = results.filter((r) => r.key && typeof r.status === 'number' && r.status < 300);
  return { label, results, seconds, statuses, acknowledged };
}

export async function coldStartBench(context: BenchContext, anonKey: string) {
  const env = {
    CONTACT_RATE_LIMIT: '1000000000/1',
    TRUST_PROXY: '1',
    INBOX_TOKEN: 'bench-jeton-de-la-boite-assez-long-32',
  };
  const paths = sitePaths(context.siteDir);
  const runId = Date.now().toString(36);

  // 1. /healthz while 44 cold files are asked at once.
  log('démarrage à froid : /healthz pendant 44 fichiers froids…');
  let server = await startServer({ siteDir: context.siteDir, env });
  const healthz: number[] = [];
  try {
    const cold = paths
      .slice(0, 44)
      .map((path) => timed(`${server.origin}${path}`, { headers: { 'accept-encoding': 'br' } }));
    for (let i = 0; i < 5; i++) healthz.push((await timed(`${server.origin}/healthz`)).ms);
    await Promise.all(cold);
  } finally {
    await server.stop('SIGKILL');
  }

  // 2. The burst on a server just started, then on the same server warm.
  log('démarrage à froid : rafale de 2 000 requêtes juste après le démarrage, puis à chaud…');
  const dataDir = join(context.workDir, 'cold-pglite');
  server = await startServer({ siteDir: context.siteDir, dataDir, env });
  const bursts: BurstResult[] = [];
  try {
    for (const label of ['juste après le démarrage', 'même serveur, à chaud']) {
      const run = await burst(label, server, paths, anonKey, `${runId}${bursts.length}`);
      const ms = run.results.map((r) => r.ms);
      // The stored rows are read from the server's database folder once it is stopped (below).
      bursts.push({
        label,
        median: percentile(ms, 50),
        p95: percentile(ms, 95),
        rps: run.results.length / run.seconds,
        timeouts: run.statuses.timeout ?? 0,
        errors: run.statuses.error ?? 0,
        statuses: run.statuses,
        contact2xx: run.acknowledged.length,
        contactStored: Number.NaN,
      });
      (bursts.at(-1) as BurstResult & { keys?: string[] }).keys = run.acknowledged.map((r) => r.key!);
    }
  } finally {
    await server.stop('SIGKILL');
  }
  {
    const db = await PGlite.create({ dataDir });
    try {
      const stored = new Set(
        (
          await db.query<{ key: string }>(
            "select idempotency_key as key from contact_requests where idempotency_key like 'burst-%'",
          )
        ).rows.map((row) => row.key),
      );
      for (const result of bursts as (BurstResult & { keys?: string[] })[]) {
        result.contactStored = (result.keys ?? []).filter((key) => stored.has(key)).length;
        delete result.keys;
      }
    } finally {
      await db.close();
    }
  }

  // 3. `/` warm: this server beside a bare serveStatic of the same files.
  log('démarrage à froid : / à chaud, ce serveur et un serveStatic nu…');
  server = await startServer({ siteDir: context.siteDir, env });
  const port = await freePort();
  const bare = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench', 'bare-static.ts'), context.siteDir, String(port)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const home: Record<string, number> = {};
  const uploads: Record<string, number | string> = {};
  try {
    await new Promise<void>((ready) => bare.stdout!.on('data', (chunk) => String(chunk).includes('prêt') && ready()));
    const headers = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (bench)' };
    await fetch(`${server.origin}/`, { headers }).then((r) => r.arrayBuffer());
    for (const [name, url] of [
      ['ce serveur', `${server.origin}/`],
      ['serveStatic nu', `http://127.0.0.1:${port}/`],
    ] as const) {
      const result = await autocannon({ url, duration: 10, connections: 10, headers });
      home[name] = result.requests.average;
    }

    // 4. Memory around 30 parallel 10 MB uploads from one client.
    log('démarrage à froid : 30 dépôts parallèles de 10 Mo d’un même client…');
    const pid = server.child.pid!;
    const before = rss(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
    const body = new Uint8Array(10 * 1024 * 1024);
    const one = 'x-forwarded-for';
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${server.origin}${UPLOAD_PATH}`, {
          method: 'POST',
          headers: {
            apikey: anonKey,
            'content-type': 'audio/webm',
            'x-upload-kind': 'voice',
            [one]: '2001:db8:ffff::1',
          },
          body,
        }).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    clearInterval(sampler);
    uploads.before = before;
    uploads.peak = peak;
    uploads.growth = peak - before;
    uploads.statuses = Object.entries(
      answers.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {}),
    )
      // 0: the server refused while the body was still being sent and closed the connection.
      .map(([status, count]) => `${status === '0' ? 'coupés en cours d’envoi' : status}×${count}`)
      .join(' ');
  } finally {
    bare.kill('SIGKILL');
    await server.stop('SIGKILL');
  }

  const markdown = [
    `### Démarrage à froid et dépôts (issue 27)`,
    '',
    `/healthz pendant que 44 fichiers froids (les plus gros du site) sont demandés à la fois, sur un serveur qui vient de démarrer : ${healthz.map((ms) => fmt.ms(ms)).join(', ')} (5 appels successifs ; plafond demandé : 200 ms).`,
    '',
    `Rafale de ${fmt.int(BURST)} requêtes (${IN_FLIGHT} en vol ; 70 % de fichiers du site, 20 % de questions à l’assistant, 10 % de demandes de contact), délai maximal ${TIMEOUT_MS / 1000} s :`,
    '',
    table(
      ['rafale', 'médiane', 'p95', 'req/s', 'expirées', 'erreurs', 'statuts', 'contacts 2xx', 'dont en base'],
      bursts.map((b) => [
        b.label,
        fmt.ms(b.median),
        fmt.ms(b.p95),
        fmt.int(b.rps),
        fmt.int(b.timeouts),
        fmt.int(b.errors),
        Object.entries(b.statuses)
          .filter(([status]) => /^\d+$/.test(status))
          // 0: the server refused while the body was still being sent and closed the connection.
          .map(([status, count]) => `${status === '0' ? 'coupés en cours d’envoi' : status}×${count}`)
          .join(' '),
        fmt.int(b.contact2xx),
        fmt.int(b.contactStored),
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'l', 'r', 'r'],
    ),
    '',
    `\`/\` à chaud (autocannon, 10 connexions, 10 s) : ce serveur ${fmt.int(home['ce serveur'] ?? Number.NaN)} req/s (brotli, en mémoire), un \`serveStatic\` nu des fichiers non compressés ${fmt.int(home['serveStatic nu'] ?? Number.NaN)} req/s, soit ${fmt.ratio((home['ce serveur'] ?? Number.NaN) / (home['serveStatic nu'] ?? Number.NaN))}.`,
    '',
    `30 dépôts parallèles de 10 Mo d’un même client : ${uploads.statuses} ; mémoire résidente du serveur ${fmt.mib(uploads.before as number)} avant, ${fmt.mib(uploads.peak as number)} au plus haut (+${fmt.mib(uploads.growth as number)} ; plafond demandé : +150 Mo).`,
  ].join('\n');
  return {
    markdown,
    headline: `Démarrage à froid : /healthz en ${fmt.ms(Math.max(...healthz))} au pire pendant 44 fichiers froids ; rafale de 2 000 juste après le démarrage ${fmt.ms(bursts[0]?.median ?? Number.NaN)} médiane, ${fmt.ms(bursts[0]?.p95 ?? Number.NaN)} p95, ${bursts[0]?.timeouts ?? '–'} expirée(s), contacts ${bursts[0]?.contactStored}/${bursts[0]?.contact2xx} en base ; / ${fmt.ratio((home['ce serveur'] ?? Number.NaN) / (home['serveStatic nu'] ?? Number.NaN))} un serveStatic nu ; 30 × 10 Mo : +${fmt.mib(uploads.growth as number)}`,
    data: { healthz, bursts, home, uploads },
  };
}
