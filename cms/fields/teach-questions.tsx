/**
 * The widget of « Questions à apprendre » (cms/teaching.ts): the questions DENTY missed, newest first,
 * each with how often it was asked and when last; the editor picks what answers it (a page, one of its
 * sections, or a FAQ answer, from DENTY's index) and attaches it, which adds `{ question, answer }` to the
 * field's value, `taught`. « Publier » then writes the vocabulary file, and DENTY learns it at the next
 * build. Or the editor writes a new FAQ answer.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { fromJS, isImmutable } from 'immutable';
import { choiceLabel, questionKey, type AnswerChoices, type QuestionToTeach } from '../../core/assistant/teaching.ts';
import './teach-questions.css';

interface Props {
  value?: unknown;
  onChange: (value: unknown) => void;
  forID: string;
}

interface Taught {
  question: string;
  answer: string;
}

interface Listing {
  questions: QuestionToTeach[];
  choices: AnswerChoices;
  notice?: string;
}

type Loading = { state: 'loading' } | { state: 'ready'; listing: Listing } | { state: 'failed'; message: string };

const FAILED =
  'La liste des questions n’a pas pu être lue\u00A0: vérifiez que npm run dev tourne toujours, puis réessayez.';
const FAQ_ENTRY = '#/collections/shared/entries/faq';

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
        Chaque question ci-dessous a été posée à DENTY par un visiteur, sans réponse sûre. Choisissez ce qui y répond,
        rattachez-la, puis cliquez sur «&nbsp;Publier&nbsp;»&nbsp;: DENTY la reconnaîtra après la construction suivante
        du site. Si aucune page ne répond, <a href={FAQ_ENTRY}>écrivez une nouvelle réponse dans la FAQ</a>, publiez-la,
        puis revenez ici pour y rattacher la question.
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
                  « {item.question} » →{' '}
                  {loading.state === 'ready' ? choiceLabel(loading.listing.choices, item.answer) : item.answer}
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
  idPrefix: string;
}

function QuestionList({ listing, pending, picked, onPick, onAttach, idPrefix }: ListProps) {
  const questions = listing.questions.filter((question) => !pending.has(question.key));
  if (!questions.length)
    return (
      <p className="teach__empty">
        Aucune question en attente&nbsp;: DENTY n’en a manqué aucune, ou elles sont toutes rattachées.
      </p>
    );
  const { pages, faq } = listing.choices;
  return (
    <>
      {listing.notice && <p className="teach__notice">{listing.notice}</p>}
      <p className="teach__count">
        {questions.length} question{questions.length > 1 ? 's' : ''} à apprendre, la plus récente d’abord.
      </p>
      <ol className="teach__list">
        {questions.map((question, index) => {
          const selectId = `${idPrefix}-answer-${index}`;
          const infoId = `${idPrefix}-info-${index}`;
          return (
            <li key={question.key} className="teach__item">
              <p className="teach__question">« {question.question} »</p>
              <p className="teach__meta" id={infoId}>
                Posée {question.count === 1 ? 'une fois' : `${question.count} fois`}, la dernière le{' '}
                {when.format(new Date(question.lastAsked))}
              </p>
              <div className="teach__pick">
                <label htmlFor={selectId}>Ce qui répond à cette question</label>
                <select
                  id={selectId}
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
            </li>
          );
        })}
      </ol>
    </>
  );
}
