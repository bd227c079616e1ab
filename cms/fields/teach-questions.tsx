/**
 * The widget of « Questions à apprendre » (cms/teaching.ts): the questions DENTY missed, newest first,
 * each with how often it was asked and when last. Under each, what the editor can do with it, one panel
 * each (`QuestionItem`): find what answers it (a page, one of its sections, or a FAQ answer, from DENTY's
 * index, searched by its words) and attach it, which adds `{ question, answer }` to the field's value,
 * `taught`; or, when nothing answers, write the FAQ answer here, which adds it with the new answer
 * (`faq`), written to the FAQ by the same « Publier » (cms/teaching.ts). DENTY learns it at the next build.
 * A question a visitor found DENTY's reply « Pas utile » for shows that reply; any question can be
 * dismissed (spam, a test): it leaves the list for good (POST /admin/api/questions/dismiss).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { fromJS, isImmutable } from 'immutable';
import { choiceLabel, questionKey, type AnswerChoices, type QuestionToTeach } from '../../core/assistant/teaching.ts';
import { shortSlug } from '../../core/common/slug.ts';
import { words } from '../../core/assistant/text.ts';
import './teach-questions.css';

interface Props {
  value?: unknown;
  onChange: (value: unknown) => void;
  forID: string;
}

interface Taught {
  question: string;
  answer: string;
  /** A FAQ answer written here, added to the FAQ on save (cms/teaching.ts). */
  faq?: { id: string; question: string; answer: string };
}

interface Listing {
  questions: QuestionToTeach[];
  choices: AnswerChoices;
  notice?: string;
}

type Loading = { state: 'loading' } | { state: 'ready'; listing: Listing } | { state: 'failed'; message: string };

const FAILED =
  'La liste des questions n’a pas pu être lue\u00A0: vérifiez que npm run dev tourne toujours, puis réessayez.';

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

async function loadQuestions(): Promise<Listing> {
  // The local backend's secret rides along (cms/local-access.ts patches fetch for /admin/api/).
  const response = await fetch('/admin/api/questions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json().catch(() => ({}))) as Partial<Listing> & { error?: string };
  if (!response.ok || !body.questions || !body.choices) throw new Error(body.error ?? FAILED);
  return body as Listing;
}

/** Keeps a question out of the list for good; the reason it failed, or nothing. */
async function dismissQuestion(key: string): Promise<string | undefined> {
  const response = await fetch('/admin/api/questions/dismiss', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key }),
  }).catch(() => undefined);
  if (response?.ok) return undefined;
  const body = (await response?.json().catch(() => ({}))) as { error?: string } | undefined;
  return body?.error ?? FAILED;
}

const asList = (value: unknown): Taught[] =>
  ((isImmutable(value) ? value.toJS() : value) as Taught[] | undefined)?.filter(
    (item) => item && typeof item.question === 'string',
  ) ?? [];

export function TeachQuestionsControl({ value, onChange, forID }: Props) {
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<Taught[]>([]);
  const [announce, setAnnounce] = useState('');
  const id = useId();

  const fetchList = useCallback(
    () =>
      loadQuestions().then(
        (listing) => setLoading({ state: 'ready', listing }),
        (error: unknown) => setLoading({ state: 'failed', message: (error as Error).message || FAILED }),
      ),
    [],
  );
  useEffect(() => void fetchList(), [fetchList]);
  const retry = () => {
    setLoading({ state: 'loading' });
    void fetchList();
  };

  const taught = asList(value);
  const taughtKeys = new Set(taught.map((item) => questionKey(item.question)));

  const attach = (question: QuestionToTeach, choices: AnswerChoices) => {
    const answer = picked[question.key];
    if (!answer) {
      setAnnounce(`Choisissez d’abord ce qui répond à « ${question.question} ».`);
      return;
    }
    const item = { question: question.question, answer };
    onChange(fromJS([...taught, item]));
    setAdded((list) => [...list, item]);
    setAnnounce(
      `« ${question.question} » est rattachée à ${choiceLabel(choices, answer)}. Publiez pour l’enregistrer.`,
    );
  };

  const write = (question: QuestionToTeach, faq: NonNullable<Taught['faq']>) => {
    const item = { question: question.question, answer: faq.id, faq };
    onChange(fromJS([...taught, item]));
    setAdded((list) => [...list, item]);
    setAnnounce(
      `La réponse à « ${faq.question} » sera ajoutée à la FAQ, et la question rattachée. Publiez pour l’enregistrer.`,
    );
  };
  const dismiss = async (question: QuestionToTeach) => {
    const problem = await dismissQuestion(question.key);
    if (problem) return setAnnounce(problem);
    setLoading((current) =>
      current.state === 'ready'
        ? {
            state: 'ready',
            listing: {
              ...current.listing,
              questions: current.listing.questions.filter((item) => item.key !== question.key),
            },
          }
        : current,
    );
    setAnnounce(`« ${question.question} » est écartée\u00A0: elle ne reviendra pas dans la liste.`);
  };

  const labelOf = (item: Taught) =>
    item.faq
      ? `Nouvelle réponse de la FAQ « ${item.faq.question} »`
      : loading.state === 'ready'
        ? choiceLabel(loading.listing.choices, item.answer)
        : item.answer;

  const undo = (item: Taught) => {
    onChange(
      fromJS(taught.filter((other) => other !== item && questionKey(other.question) !== questionKey(item.question))),
    );
    setAdded((list) => list.filter((other) => other !== item));
    setAnnounce(`« ${item.question} » revient dans la liste des questions à apprendre.`);
  };

  return (
    <div className="teach" id={forID}>
      <p className="teach__intro">
        Chaque question ci-dessous a été posée à DENTY par un visiteur, sans réponse sûre. Cherchez ce qui y répond,
        rattachez-la, puis cliquez sur «&nbsp;Publier&nbsp;»&nbsp;: DENTY la reconnaîtra après la construction suivante
        du site. Si aucune page ne répond, écrivez la réponse sous la question&nbsp;: elle rejoint la FAQ au même
        enregistrement.
      </p>
      <p className="teach__status" role="status" aria-live="polite">
        {announce}
      </p>
      {added.length > 0 && (
        <section className="teach__added" aria-labelledby={`${id}-added`}>
          <h3 id={`${id}-added`}>Rattachées, à publier</h3>
          <ul>
            {added.map((item) => (
              <li key={`${item.question}-${item.answer}`}>
                <span>
                  « {item.question} » → {labelOf(item)}
                </span>
                <button type="button" className="teach__undo" onClick={() => undo(item)}>
                  Retirer <span className="teach__hidden">« {item.question} »</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {loading.state === 'loading' && <p>Lecture des questions reçues…</p>}
      {loading.state === 'failed' && (
        <div className="teach__error" role="alert">
          <p>{loading.message}</p>
          <button type="button" onClick={retry}>
            Réessayer
          </button>
        </div>
      )}
      {loading.state === 'ready' && (
        <QuestionList
          listing={loading.listing}
          pending={taughtKeys}
          picked={picked}
          onPick={(key, answer) => setPicked((all) => ({ ...all, [key]: answer }))}
          onAttach={(question) => attach(question, loading.listing.choices)}
          onWrite={write}
          onDismiss={(question) => void dismiss(question)}
          taken={
            new Set([
              ...loading.listing.choices.faq.map((choice) => choice.value),
              ...taught.map((item) => item.answer),
            ])
          }
          idPrefix={id}
        />
      )}
    </div>
  );
}

interface ListProps {
  listing: Listing;
  pending: ReadonlySet<string>;
  picked: Record<string, string>;
  onPick: (key: string, answer: string) => void;
  onAttach: (question: QuestionToTeach) => void;
  onWrite: (question: QuestionToTeach, faq: NonNullable<Taught['faq']>) => void;
  onDismiss: (question: QuestionToTeach) => void;
  /** FAQ ids already used: a new answer gets another. */
  taken: ReadonlySet<string>;
  idPrefix: string;
}

function QuestionList({ listing, pending, idPrefix, ...item }: ListProps) {
  const questions = listing.questions.filter((question) => !pending.has(question.key));
  if (!questions.length)
    return (
      <p className="teach__empty">
        Aucune question en attente&nbsp;: DENTY n’en a manqué aucune, ou elles sont toutes rattachées.
      </p>
    );
  return (
    <>
      {listing.notice && <p className="teach__notice">{listing.notice}</p>}
      <p className="teach__count">
        {questions.length} question{questions.length > 1 ? 's' : ''} à apprendre, la plus récente d’abord.
      </p>
      <ol className="teach__list">
        {questions.map((question, index) => (
          <QuestionItem
            key={question.key}
            question={question}
            choices={listing.choices}
            idPrefix={`${idPrefix}-${index}`}
            {...item}
          />
        ))}
      </ol>
    </>
  );
}

type ItemProps = Omit<ListProps, 'listing' | 'pending'> & { question: QuestionToTeach; choices: AnswerChoices };

/**
 * One question and what the editor can do with it, a panel each: find what answers it, or write the
 * answer. A new way to handle a question is one more panel here.
 */
function QuestionItem({ question, choices, idPrefix, picked, onPick, onAttach, onWrite, onDismiss, taken }: ItemProps) {
  const [search, setSearch] = useState('');
  const infoId = `${idPrefix}-info`;
  // Case, accents and punctuation ignored, as DENTY reads a question.
  const asked = words(search);
  const matches = (label: string) => {
    const said = words(label).join(' ');
    return asked.every((word) => said.includes(word));
  };
  const pages = choices.pages
    .map((page) => ({ ...page, choices: page.choices.filter((choice) => matches(`${page.label} ${choice.label}`)) }))
    .filter((page) => page.choices.length);
  const faq = choices.faq.filter((choice) => matches(choice.label));
  const found = pages.reduce((count, page) => count + page.choices.length, 0) + faq.length;
  return (
    <li className="teach__item">
      <p className="teach__question">« {question.question} »</p>
      <p className="teach__meta" id={infoId}>
        Posée {question.count === 1 ? 'une fois' : `${question.count} fois`}, la dernière le{' '}
        {when.format(new Date(question.lastAsked))}
        {question.notUseful > 0 &&
          ` ; réponse jugée « Pas utile » ${question.notUseful === 1 ? 'une fois' : `${question.notUseful} fois`}`}
      </p>
      {question.reply && (
        <details className="teach__reply">
          <summary>Ce que DENTY a répondu</summary>
          <p>{question.reply}</p>
        </details>
      )}
      <div className="teach__pick">
        <label htmlFor={`${idPrefix}-search`}>
          Chercher ce qui répond (mots d’une page, d’une section, d’une réponse)
        </label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          value={search}
          aria-describedby={`${idPrefix}-found`}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p className="teach__found" id={`${idPrefix}-found`} aria-live="polite">
          {words.length ? `${found} résultat${found > 1 ? 's' : ''}` : ''}
        </p>
        <label htmlFor={`${idPrefix}-answer`}>Ce qui répond à cette question</label>
        <select
          id={`${idPrefix}-answer`}
          aria-describedby={infoId}
          value={picked[question.key] ?? ''}
          onChange={(event) => onPick(question.key, event.target.value)}
        >
          <option value="">Choisir une page, une section ou une réponse de la FAQ…</option>
          {pages.map((page) => (
            <optgroup key={page.label} label={page.label}>
              {page.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </optgroup>
          ))}
          {faq.length > 0 && (
            <optgroup label="Réponses de la FAQ">
              {faq.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <button
          type="button"
          className="teach__attach"
          aria-disabled={!picked[question.key]}
          onClick={() => onAttach(question)}
        >
          Rattacher <span className="teach__hidden">« {question.question} »</span>
        </button>
      </div>
      <WriteAnswer question={question} idPrefix={idPrefix} taken={taken} onWrite={onWrite} />
      <button type="button" className="teach__dismiss" onClick={() => onDismiss(question)}>
        Écarter cette question (indésirable, essai) <span className="teach__hidden">« {question.question} »</span>
      </button>
    </li>
  );
}

/** No page answers: the FAQ answer written here, added to the FAQ by the same « Publier ». */
function WriteAnswer({
  question,
  idPrefix,
  taken,
  onWrite,
}: Pick<ItemProps, 'question' | 'idPrefix' | 'taken' | 'onWrite'>) {
  const [asked, setAsked] = useState(question.question);
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState('');
  const add = () => {
    const wording = asked.trim();
    const text = answer.trim();
    if (wording.length < 5)
      return setProblem('Écrivez la question telle qu’elle paraîtra dans la FAQ (5 caractères au moins).');
    if (text.length < 10) return setProblem('Écrivez la réponse : 10 caractères au moins, en une ou deux phrases.');
    const base = `q-${shortSlug(wording, 40)}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    setProblem('');
    onWrite(question, { id, question: wording, answer: text });
  };
  return (
    <details className="teach__write">
      <summary>Aucune page ne répond&nbsp;? Écrire la réponse dans la FAQ</summary>
      <label htmlFor={`${idPrefix}-faq-question`}>Question, telle qu’elle paraîtra dans la FAQ</label>
      <input id={`${idPrefix}-faq-question`} value={asked} onChange={(event) => setAsked(event.target.value)} />
      <label htmlFor={`${idPrefix}-faq-answer`}>Réponse</label>
      <textarea
        id={`${idPrefix}-faq-answer`}
        rows={4}
        value={answer}
        aria-describedby={`${idPrefix}-faq-problem`}
        onChange={(event) => setAnswer(event.target.value)}
      />
      <p className="teach__problem" id={`${idPrefix}-faq-problem`} role="alert">
        {problem}
      </p>
      <button type="button" className="teach__attach" onClick={add}>
        Ajouter à la FAQ et rattacher <span className="teach__hidden">« {question.question} »</span>
      </button>
    </details>
  );
}
