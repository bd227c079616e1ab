/**
 * npm run eval:assistant: asks DENTY every question of tests/eval/assistant-questions.yaml through the real
 * webhook handler over the built index (_site/assistant-index.json: run `npm run build` first), then prints
 * the accuracy, the accuracy by kind of question, every failure with its reply, and the median and p95
 * answer times. `-- --all` prints every reply; `-- --url http://127.0.0.1:8080/assistant/webhook` asks a
 * running server instead (the embedded server, started with TRUST_PROXY=1 so that each conversation counts
 * as its own client for the rate limit), round trip included.
 * The floor (90 %) is held by tests/unit/assistant-eval.test.ts.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createKnowledge } from '../backend/assistant/knowledge.ts';
import { askUrl, evaluate, loadCases } from './assistant-eval/evaluate.ts';

const root = join(import.meta.dirname, '..');
const indexFile = join(root, '_site', 'assistant-index.json');
const all = process.argv.includes('--all');
const url = process.argv[process.argv.indexOf('--url') + 1];
const remote = process.argv.includes('--url') ? url : undefined;
if (!remote && !existsSync(indexFile)) {
  console.error('Index de l’assistant absent : lancez d’abord npm run build.');
  process.exit(1);
}
const started = performance.now();
const source = remote ? askUrl(remote) : await createKnowledge(JSON.parse(readFileSync(indexFile, 'utf8')));
const prepared = performance.now() - started;
const cases = loadCases(join(root, 'tests', 'eval', 'assistant-questions.yaml'));
const evaluation = await evaluate(source, cases);

const percent = (value: number) => `${(100 * value).toFixed(1)} %`;
const quote = (text: string) => text.replace(/\n/g, '\n      ');
for (const result of evaluation.results) {
  if (result.ok && !all) continue;
  const turns = result.case.before.map((text) => `« ${text} » puis `).join('');
  console.log(`${result.ok ? 'OK ' : 'ÉCHEC'} [${result.case.kind}] ${turns}« ${result.case.ask} »`);
  if (!result.ok) console.log(`    ${result.problems.join(' ; ')}`);
  console.log(`      ${quote(result.reply)}\n`);
}
console.log('Par type de question :');
for (const [kind, { right, total }] of Object.entries(evaluation.byKind))
  console.log(`  ${kind.padEnd(13)} ${right}/${total}`);
const right = evaluation.results.filter((result) => result.ok).length;
console.log(
  `\nExactitude : ${percent(evaluation.accuracy)} (${right}/${evaluation.results.length} : premier lien juste et ouverture qui répond)`,
);
const where = remote
  ? `du serveur ${remote} (aller-retour HTTP)`
  : `du gestionnaire (préparation de l’index : ${prepared.toFixed(0)} ms)`;
console.log(
  `Temps de réponse ${where} : médiane ${evaluation.medianMs.toFixed(1)} ms, p95 ${evaluation.p95Ms.toFixed(1)} ms`,
);
