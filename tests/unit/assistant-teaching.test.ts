// @vitest-environment jsdom
/**
 * The editors' teaching loop (docs/decisions/0067-teaching-denty-from-real-questions.md): the questions
 * DENTY missed, grouped as an editor reads them; what they may be attached to, from the index built from
 * the content; and the save that attaches one, as the CMS writes it (cms/formats.ts): one change, one
 * diff, a file the build accepts, a question DENTY then answers.
 * jsdom: cms/formats.ts reads Markdown with « Texte enrichi »'s own code, written for a browser.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { answerChoices, choiceLabel, questionKey, questionsToTeach } from '../../core/assistant/teaching.ts';
import { assistantVocabulary } from '../../core/assistant/vocabulary.ts';
import { sharedYaml } from '../../cms/formats.ts';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf } from '../../site/lib/assistant-index.ts';
import { createKnowledge } from '../../backend/assistant/knowledge.ts';
import { CALIBRATION } from '../../core/assistant/calibration.ts';
import { answerMessage } from '../../backend/assistant/answer.ts';
import { checkContent } from '../../core/content/check.ts';
import { parseContentFile } from '../../core/content/files.ts';

const root = join(import.meta.dirname, '..', '..');
const vocabularyPath = 'content/shared/assistant-vocabulary.yaml';
const content = loadContent(root, {});
const index = buildAssistantIndex(indexSourceOf(content));
const options = { productName: 'Dentivo', assistantName: 'DENTY', supportResponse: 'sous 24 h ouvrées' };

describe('Questions à apprendre: grouped as an editor reads them', () => {
  it('folds case, accents, apostrophes, spaces and the final punctuation into one question', () => {
    expect(questionKey('  Combien de temps dure l’ESSAI  ? ')).toBe(questionKey("combien de temps dure l'essai"));
    expect(questionKey('Combien de temps dure l’essai ?')).not.toBe(questionKey('Combien coûte l’essai ?'));
  });

  it('counts each question, keeps its latest wording and date, newest first, taught ones left out', () => {
    const grouped = questionsToTeach(
      [
        { text: 'Vous êtes où ?', receivedAt: '2026-11-20T09:00:00Z' },
        { text: 'Combien de temps dure l’essai ?', receivedAt: '2026-11-21T10:00:00Z' },
        { text: 'combien de temps dure l essai', receivedAt: '2026-11-26T08:30:00Z' },
        { text: 'COMBIEN DE TEMPS DURE L’ESSAI', receivedAt: new Date('2026-11-22T12:00:00Z') },
        { text: 'On peut payer par chèque ?', receivedAt: '2026-11-25T16:00:00Z' },
        { text: '   ', receivedAt: '2026-11-27T16:00:00Z' },
      ],
      [{ question: 'Vous êtes OÙ' }],
    );
    expect(grouped).toEqual([
      {
        question: 'combien de temps dure l essai',
        key: 'combien de temps dure l essai',
        count: 3,
        lastAsked: '2026-11-26T08:30:00.000Z',
        notUseful: 0,
      },
      {
        question: 'On peut payer par chèque ?',
        key: 'on peut payer par cheque',
        count: 1,
        lastAsked: '2026-11-25T16:00:00.000Z',
        notUseful: 0,
      },
    ]);
  });

  it('joins the questions a visitor found « Pas utile », with the reply, and leaves dismissed ones out', () => {
    const grouped = questionsToTeach(
      [
        { text: 'Vous faites la paie ?', receivedAt: '2026-11-20T10:00:00.000Z' },
        {
          text: 'vous faites la paie',
          receivedAt: '2026-11-21T10:00:00.000Z',
          notUseful: { reply: 'Je ne suis pas sûr d’avoir compris.' },
        },
        { text: 'Achetez nos lunettes', receivedAt: '2026-11-22T10:00:00.000Z' },
      ],
      [],
      [questionKey('ACHETEZ nos lunettes !')],
    );
    expect(grouped).toEqual([
      {
        question: 'vous faites la paie',
        key: 'vous faites la paie',
        count: 2,
        lastAsked: '2026-11-21T10:00:00.000Z',
        notUseful: 1,
        reply: 'Je ne suis pas sûr d’avoir compris.',
      },
    ]);
  });
});

describe('What a question may be attached to', () => {
  const choices = answerChoices(index.docs);

  it('offers every page with its sections, and every FAQ answer by its question, in French', () => {
    const tarifs = choices.pages.find((page) => page.choices[0]!.value === '/tarifs');
    expect(tarifs?.choices[0]!.label).toBe('Toute la page « Tarifs »');
    expect(tarifs!.choices.length).toBeGreaterThan(1);
    for (const choice of tarifs!.choices.slice(1)) expect(choice.value).toMatch(/^\/tarifs#[a-z0-9-]+$/);
    expect(choices.faq.length).toBe(content.shared.faq.length);
    const first = content.shared.faq[0]!;
    expect(choices.faq).toContainEqual({ value: first.id, label: first.question });
    expect(choices.pages.some((page) => page.label.startsWith('Article\u00A0: '))).toBe(true);
    expect(choiceLabel(choices, first.id)).toBe(`Réponse de la FAQ « ${first.question} »`);
  });

  it('offers only targets the build accepts', () => {
    const values = [...choices.pages.flatMap((page) => page.choices), ...choices.faq].map((choice) => choice.value);
    const taught = values.map((answer) => ({ question: 'Une question de visiteur', answer }));
    const vocabulary = assistantVocabulary.parse({
      ...parse(readFileSync(join(root, vocabularyPath), 'utf8')),
      taught,
    });
    const files = new Map(
      ['pages', 'blog', 'authors', 'shared'].flatMap((folder) =>
        readdirSync(join(root, 'content', folder)).map((name) => {
          const path = `content/${folder}/${name}`;
          return [path, parseContentFile(path, readFileSync(join(root, path), 'utf8'), parse)] as const;
        }),
      ),
    );
    files.set(vocabularyPath, { data: vocabulary });
    expect(checkContent(files, () => true).get(vocabularyPath) ?? []).toEqual([]);
  });
});

describe('Attaching a question, as the CMS saves it', () => {
  const source = readFileSync(join(root, vocabularyPath), 'utf8');
  const missed = 'y a une periode pour se faire la main avant de sortir le chequier';
  const attach = (text: string, answer: string) => {
    const data = sharedYaml.fromFile(text) as { taught?: unknown[] };
    return sharedYaml.toFile({ ...data, taught: [...(data.taught ?? []), { question: missed, answer }] }, ['taught']);
  };

  it('adds the question and its answer, and nothing else of the file changes', () => {
    const saved = attach(source, '/tarifs');
    const before = source.split('\n');
    const after = saved.split('\n');
    // The empty list becomes a block list: its line is replaced by the entry, the rest is the file as it was.
    const at = before.indexOf('taught: []');
    expect(at).toBeGreaterThan(0);
    expect(after.slice(0, at)).toEqual(before.slice(0, at));
    expect(after.slice(at, at + 3)).toEqual(['taught:', `  - question: ${missed}`, '    answer: /tarifs']);
    expect(after.slice(at + 3)).toEqual(before.slice(at + 1));
    expect(assistantVocabulary.parse(parse(saved)).taught).toEqual([{ question: missed, answer: '/tarifs' }]);

    // A second one is two lines more, below the first.
    const again = sharedYaml.toFile(
      {
        ...(sharedYaml.fromFile(saved) as object),
        taught: [
          { question: missed, answer: '/tarifs' },
          { question: 'Vous êtes où exactement ?', answer: '/contact' },
        ],
      },
      ['taught'],
    );
    expect(again.split('\n')).toEqual([
      ...after.slice(0, at + 3),
      '  - question: Vous êtes où exactement ?',
      '    answer: /contact',
      ...after.slice(at + 3),
    ]);
  });

  it('teaches DENTY: once indexed, the question it missed leads to the page it was attached to', async () => {
    const before = await createKnowledge(index);
    expect(answerMessage(before, { text: missed }, options).outcome).toBe('unanswered');
    const taught = assistantVocabulary.parse(parse(attach(source, '/tarifs')));
    const after = await createKnowledge({ ...index, vocabulary: taught });
    const answer = answerMessage(after, { text: missed }, options);
    expect(answer.outcome).toBe('answer');
    expect(answer.links[0]!.url.split('#')[0]).toBe('/tarifs');
    // Asked again in other words, with accents and a question mark: the same question, the same page
    // (ranked first; whether DENTY is sure enough to assert it is the verdict's).
    const again = answerMessage(
      after,
      { text: 'Il y a une période pour se faire la main avant de sortir le chéquier ?' },
      options,
      undefined,
      'none',
      { ...CALIBRATION, answerAt: 0, unsureAt: 0 },
    );
    expect(again.links[0]!.url.split('#')[0]).toBe('/tarifs');
  });
});
