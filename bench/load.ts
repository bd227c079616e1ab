/**
 * The embedded server under a bounded loopback load (autocannon, 10 s per target): a static page, the
 * assistant webhook and the contact function. Then the server is killed with SIGKILL (kill -9, no clean
 * shutdown), restarted on the same data folder, and the same load runs again.
 *
 * Contact requests are checked one by one: each carries its own Idempotency-Key, the bench notes the
 * status each key was answered with, and after the kill -9 it reads the keys stored in the database
 * (PGlite opened on the dead server's folder). Every key answered 2xx must be stored (rows = 2xx answers);
 * no key answered otherwise may be. Requests still in flight when autocannon stops (it stops reading,
 * the server still answers) are stored without an answer the bench saw: they are reported apart, at most
 * one per connection.
 *
 * Rate limits: the contact limit is lifted with CONTACT_RATE_LIMIT; every request also comes as a
 * different client (TRUST_PROXY=1 and its own X-Forwarded-For address from the documentation range
 * 2001:db8::/32, a header value only: all traffic stays on 127.0.0.1), so the assistant's per-client
 * limit, which has no switch, counts each request without refusing it. Any 429 is still reported.
 */
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../core/common/config.ts';
import { fmt, log, root, startServer, table, type BenchContext, type RunningServer, type Section } from './common.ts';
import { coldStartBench } from './cold-start.ts';

export const DURATION_S = 10;
export const CONNECTIONS = 10;

const CONTACT_PATH = '/functions/v1/send-contact-email';
const WEBHOOK_PATH = '/assistant/webhook';
const STATIC_PATH = '/fonctionnalites';

interface TargetResult {
  target: string;
  available: boolean;
  note?: string;
  requests?: number;
  rps?: number;
  p50?: number;
  p99?: number;
  statuses?: Record<string, number>;
  errors?: number;
  timeouts?: number;
}

interface ContactCheck {
  /** Keys answered 2xx (the probe included). */
  answered2xx: number;
  /** Of those, stored in the database after the kill -9. */
  stored2xx: number;
  /** Keys answered with another status that were stored anyway (must be 0). */
  storedNon2xx: number;
  /** Stored keys whose answer the bench never read (in flight when the load stopped). */
  inFlight: number;
  rowsInDatabase: number;
}

interface Phase {
  label: string;
  targets: TargetResult[];
  contact?: ContactCheck;
}

let sequence = 0;
/**
 * A different client per request (see above): 2001:db8::/32 is reserved for documentation. Each gets its
 * own /64, since the server counts an IPv6 client by its /64 (backend/client-address.ts).
 */
const clientAddress = () => {
  const n = ++sequence;
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
};

async function probe(origin: string, path: string, init: RequestInit): Promise<number> {
  const response = await fetch(`${origin}${path}`, init);
  await response.arrayBuffer();
  return response.status;
}

async function cannon(title: string, options: autocannon.Options): Promise<TargetResult> {
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
  );
  return {
    target: title,
    available: true,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function contactBody(n: string): string {
  return JSON.stringify({
    type: 'contact',
    fullName: `Dr Bench ${n}`,
    email: `bench-${n}@bench.dentivo.example`,
    subject: 'demo',
    message: `Demande de démonstration numéro ${n}, envoyée par le bench de charge.`,
    created_at: new Date().toISOString(),
  });
}

/** Opens the (dead) server's database folder and reads the stored keys and the row count. */
async function storedKeys(dataDir: string, prefix: string): Promise<{ keys: Set<string>; rows: number }> {
  const db = await PGlite.create({ dataDir });
  try {
    const keys = await db.query<{ key: string }>(
      'select idempotency_key as key from contact_requests where idempotency_key like $1',
      [`${prefix}%`],
    );
    const count = await db.query<{ count: number }>('select count(*)::int as count from contact_requests');
    return { keys: new Set(keys.rows.map((row) => row.key)), rows: count.rows[0]?.count ?? 0 };
  } finally {
    await db.close();
  }
}

async function loadPhase(
  label: string,
  server: RunningServer,
  dataDir: string,
  anonKey: string,
  runId: string,
): Promise<Phase> {
  const origin = server.origin;
  const targets: TargetResult[] = [];

  log(`charge (${label}) : page statique ${STATIC_PATH}…`);
  targets.push(
    await cannon(`GET ${STATIC_PATH} (page statique, br)`, {
      url: `${origin}${STATIC_PATH}`,
      headers: { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (bench)' },
    }),
  );

  const question = JSON.stringify({
    message_id: 'sonde',
    text: 'Comment Dentivo peut m’aider ?',
    sent_at: new Date().toISOString(),
    conversation_id: 'bench',
  });
  const webhookStatus = await probe(origin, WEBHOOK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: question,
  });
  if (webhookStatus === 404 || webhookStatus === 405) {
    targets.push({
      target: `POST ${WEBHOOK_PATH}`,
      available: false,
      note: `absent du serveur (HTTP ${webhookStatus})`,
    });
  } else {
    log(`charge (${label}) : webhook de l’assistant…`);
    targets.push(
      await cannon(`POST ${WEBHOOK_PATH} (question à l’assistant)`, {
        url: `${origin}${WEBHOOK_PATH}`,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const n = `${runId}-${++sequence}`;
              request.headers = { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() };
              request.body = JSON.stringify({
                message_id: `m-${n}`,
                text: 'Comment Dentivo peut m’aider à réduire les rendez-vous manqués ?',
                sent_at: new Date().toISOString(),
                conversation_id: `c-${n}`,
              });
              return request;
            },
          },
        ],
      }),
    );
  }

  const keyPrefix = `bench-${runId}-`;
  const headers = (key: string) => ({
    'content-type': 'application/json',
    apikey: anonKey,
    authorization: `Bearer ${anonKey}`,
    'idempotency-key': key,
    'x-forwarded-for': clientAddress(),
  });
  /** The status each key was answered with, as read by the bench. */
  const answered = new Map<string, number>();
  const probeKey = `${keyPrefix}sonde`;
  const contactStatus = await probe(origin, CONTACT_PATH, {
    method: 'POST',
    headers: headers(probeKey),
    body: contactBody('sonde'),
  });
  if (contactStatus === 404 || contactStatus === 405) {
    targets.push({
      target: `POST ${CONTACT_PATH}`,
      available: false,
      note: `absent du serveur (HTTP ${contactStatus})`,
    });
    return { label, targets };
  }
  // The probe is a real submission: it is checked with the rest.
  answered.set(probeKey, contactStatus);
  log(`charge (${label}) : fonction de contact…`);
  targets.push(
    await cannon(`POST ${CONTACT_PATH} (demande de contact)`, {
      url: `${origin}${CONTACT_PATH}`,
      requests: [
        {
          method: 'POST',
          // One request at a time per connection (no pipelining): the answer read is the last key sent.
          setupRequest: (request, context) => {
            const key = `${keyPrefix}${++sequence}`;
            context.key = key;
            request.headers = headers(key);
            request.body = contactBody(key);
            return request;
          },
          onResponse: (status, _body, context) => {
            if (typeof context.key === 'string') answered.set(context.key, status);
          },
        },
      ],
    }),
  );

  // kill -9: no clean shutdown; whatever was answered 2xx must already be on disk.
  await server.stop('SIGKILL');
  const stored = await storedKeys(dataDir, keyPrefix);
  let answered2xx = 0;
  let stored2xx = 0;
  let storedNon2xx = 0;
  for (const [key, status] of answered) {
    const ok = status >= 200 && status < 300;
    if (ok) answered2xx += 1;
    if (ok && stored.keys.has(key)) stored2xx += 1;
    if (!ok && stored.keys.has(key)) storedNon2xx += 1;
  }
  const inFlight = [...stored.keys].filter((key) => !answered.has(key)).length;
  return { label, targets, contact: { answered2xx, stored2xx, storedNon2xx, inFlight, rowsInDatabase: stored.rows } };
}

export async function loadBench(context: BenchContext): Promise<Section> {
  const dataDir = join(context.workDir, 'load-pglite');
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig(JSON.parse(readFileSync(join(root, 'content', 'site.json'), 'utf8')), process.env);
  const env = {
    CONTACT_RATE_LIMIT: '1000000000/1',
    TRUST_PROXY: '1',
    UPLOADS_DIR: join(context.workDir, 'load-uploads'),
  };
  const runId = Date.now().toString(36);

  // Issue 27's figures first: a cold server, a burst right after a start, uploads (bench/cold-start.ts).
  const cold = await coldStartBench(context, config.backend.supabaseAnonKey);

  const phases: Phase[] = [];
  // A failure below (a server too slow to start on a busy machine) leaves the figures above in the report.
  let failure: string | undefined;
  try {
    let server = await startServer({ siteDir: context.siteDir, dataDir, env });
    try {
      phases.push(await loadPhase('premier démarrage', server, dataDir, config.backend.supabaseAnonKey, `${runId}a`));
    } finally {
      await server.stop('SIGKILL');
    }
    log('charge : redémarrage sur les mêmes données après kill -9…');
    server = await startServer({ siteDir: context.siteDir, dataDir, env });
    try {
      phases.push(
        await loadPhase('après kill -9 et redémarrage', server, dataDir, config.backend.supabaseAnonKey, `${runId}b`),
      );
    } finally {
      await server.stop('SIGKILL');
    }
  } catch (error) {
    failure = (error as Error).message.split('\n')[0];
    log(`charge : ${failure}`);
  }

  const rows = phases.flatMap((phase) =>
    phase.targets.map((t) => [
      phase.label,
      t.target,
      t.available ? fmt.int(t.rps ?? Number.NaN) : (t.note ?? 'absent'),
      t.available ? fmt.ms(t.p50 ?? Number.NaN) : '–',
      t.available ? fmt.ms(t.p99 ?? Number.NaN) : '–',
      t.available ? fmt.int(t.requests ?? Number.NaN) : '–',
      t.available
        ? Object.entries(t.statuses ?? {})
            .map(([code, count]) => `${code}×${count}`)
            .join(' ') + (t.errors ? ` erreurs×${t.errors}` : '')
        : '–',
    ]),
  );
  const verdict = (c: ContactCheck) =>
    c.stored2xx === c.answered2xx && c.storedNon2xx === 0
      ? 'égal'
      : `**${c.answered2xx - c.stored2xx} réponse(s) 2xx sans ligne, ${c.storedNon2xx} ligne(s) sans 2xx**`;
  const contactRows = phases
    .filter((phase) => phase.contact)
    .map((phase) => {
      const c = phase.contact!;
      return [
        phase.label,
        fmt.int(c.answered2xx),
        fmt.int(c.stored2xx),
        verdict(c),
        fmt.int(c.inFlight),
        fmt.int(c.rowsInDatabase),
      ];
    });

  const markdown = [
    `autocannon, ${CONNECTIONS} connexions, ${DURATION_S} s par cible, sur 127.0.0.1 (le serveur et autocannon partagent la machine). PGlite sur disque (dossier temporaire). Limites de débit : \`CONTACT_RATE_LIMIT\` levée pour le bench ; l’assistant n’a pas d’interrupteur, chaque requête vient donc d’un client différent (\`TRUST_PROXY=1\` et une adresse X-Forwarded-For de 2001:db8::/32, simple valeur d’en-tête) : le limiteur compte chaque requête sans la refuser.`,
    '',
    table(['phase', 'cible', 'req/s', 'p50', 'p99', 'requêtes', 'statuts'], rows, ['l', 'l', 'r', 'r', 'r', 'r', 'l']),
    ...(contactRows.length
      ? [
          '',
          'Demandes de contact, vérifiées clé par clé (Idempotency-Key) dans la base relue après l’arrêt brutal du serveur (kill -9) : chaque réponse 2xx doit avoir sa ligne, aucune autre réponse ne doit en avoir. « En vol » : requêtes enregistrées et répondues par le serveur alors qu’autocannon, à la fin de ses 10 s, ne lisait plus les réponses (au plus une par connexion).',
          '',
          table(
            [
              'phase',
              'réponses 2xx',
              'lignes pour ces réponses',
              'verdict',
              'en vol à l’arrêt',
              'lignes en base (cumul)',
            ],
            contactRows,
          ),
        ]
      : []),
  ].join('\n');

  const first = phases[0]!;
  const byTarget = (phase: Phase, path: string) => phase.targets.find((t) => t.target.includes(path));
  const describe = (t: TargetResult | undefined) =>
    t?.available
      ? `${fmt.int(t.rps ?? Number.NaN)} req/s, p50 ${fmt.ms(t.p50 ?? Number.NaN)}, p99 ${fmt.ms(t.p99 ?? Number.NaN)}`
      : (t?.note ?? 'absent');
  const contactVerdict = phases
    .filter((phase) => phase.contact)
    .map(
      (phase) =>
        `${fmt.int(phase.contact!.stored2xx)}/${fmt.int(phase.contact!.answered2xx)} (${verdict(phase.contact!)})`,
    )
    .join(' puis ');
  const headline = [
    `Charge : page statique ${describe(byTarget(first, STATIC_PATH))} ; assistant ${describe(byTarget(first, WEBHOOK_PATH))} ; contact ${describe(byTarget(first, CONTACT_PATH))}${contactVerdict ? ` ; lignes / réponses 2xx : ${contactVerdict}, avant puis après kill -9 et redémarrage` : ''}.`,
  ];
  headline.push(cold.headline);
  return {
    title: 'Serveur sous charge',
    headline,
    markdown: `${failure ? `**Charge autocannon interrompue** : ${failure}\n\n` : ''}${markdown}\n\n${cold.markdown}`,
    data: { phases, cold: cold.data },
  };
}
