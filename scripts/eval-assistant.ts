/**
 * npm run eval:assistant: asks DENTY every question of each evaluation set (tests/eval/: the tuning set,
 * then the blind sets, each measured on its own) through the real webhook handler over the index built
 * from the real content, then prints per set the accuracy, the accuracy by kind of question, every
 * failure with its reply, and the median and p95 answer times. `-- --all` prints every reply;
 * `-- --set aveugle-2` measures one set; `-- --url http://127.0.0.1:8080/assistant/webhook` asks a
 * running server instead (the embedded server, started with TRUST_PROXY=1 so that each conversation
 * counts as its own client for the rate limit), round trip included.
 * The floors are held by tests/unit/assistant-eval.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createKnowledge } from '../backend/assistant/knowledge.ts';
import { loadContent } from '../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf } from '../site/lib/assistant-index.ts';
import { askUrl, evalSets, evaluate, loadCases, setFile } from './assistant-eval/evaluate.ts';

const root = join(import.meta.dirname, '..');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const all = process.argv.includes('--all');
const remote = option('--url');
const only = option('--set');

const started = performance.now();
let source;
if (remote) source = askUrl(remote);
else {
  const content = loadContent(root, {});
  const index = buildAssistantIndex(indexSourceOf(content));
  source = await createKnowledge(index);
}
const prepared = performance.now() - started;

const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
const quote = (text: string) => text.replace(/\n/g, '\n      ');
for (const set of evalSets) {
  if (only && set.name !== only) continue;
  const file = setFile(root, set.name);
  if (!existsSync(file)) continue;
  const evaluation = await evaluate(source, loadCases(file));
  console.log(`\n=== Jeu « ${set.name} » (tests/eval/${set.file})\n`);
  for (const result of evaluation.results) {
    if (result.ok && !all) continue;
    const turns = result.case.before.map((text) => `« ${text} » puis `).join('');
    console.log(
      `${result.ok ? 'OK ' : 'ÉCHEC'} [${result.case.kind} → ${result.outcome}] ${turns}« ${result.case.ask} »`,
    );
    if (!result.ok) console.log(`    ${result.problems.join(' ; ')}`);
    console.log(`      ${quote(result.reply)}\n`);
  }
  console.log('Par type de question :');
  for (const [kind, { right, total }] of Object.entries(evaluation.byKind))
    console.log(`  ${kind.padEnd(13)} ${right}/${total}`);
  const right = evaluation.results.filter((result) => result.ok).length;
  const { answerable } = evaluation;
  const answerableCount = Object.values(answerable).reduce((sum, count) => sum + count, 0);
  console.log(
    `Questions auxquelles le site répond (${answerableCount}) : justes ${answerable.right}, fausses assurées ${answerable.wrong} (${percent(evaluation.wrongRate)}), pas sûr ${answerable.unsure} (dont ${evaluation.oneClick} à un clic de la bonne réponse), pas trouvé ${answerable['not-found']}, autre ${answerable.other}`,
  );
  console.log(
    `Exactitude « ${set.name} » : ${percent(evaluation.accuracy)} (${right}/${evaluation.results.length} : premier lien juste et ouverture qui répond)`,
  );
  const where = remote
    ? `du serveur ${remote} (aller-retour HTTP)`
    : `du gestionnaire (préparation de l’index : ${prepared.toFixed(0)} ms)`;
  console.log(
    `Temps de réponse ${where} : médiane ${evaluation.medianMs.toFixed(1)} ms, p95 ${evaluation.p95Ms.toFixed(1)} ms`,
  );
  // Processor time says what the handler costs even on a busy machine (not measurable over HTTP).
  if (!remote)
    console.log(
      `Temps processeur du gestionnaire : médiane ${evaluation.medianCpuMs.toFixed(1)} ms, p95 ${evaluation.p95CpuMs.toFixed(1)} ms`,
    );
}
