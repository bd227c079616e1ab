/**
 * The chat drawer (docs/requirements.md#assistant-drawer): from the right, at most 400 px
 * wide, titled 'Assistant Dentivo'. A modal dialog that an outside click does not close; Escape and the
 * close button do, and focus goes back where it was. The input takes focus 100 ms after opening.
 * Loaded with the first opening, then kept (hidden) so that a draft or a recording survives a close.
 */
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { ASSISTANT } from '../../core/assistant/constants.ts';
import { showsQuickOptions, type ChatMessage } from '../../core/assistant/chat.ts';
import { formatTimeHHmm } from '../../core/common/dates.ts';
import { getConfig } from '../runtime/config.ts';
import { besideDrawer } from '../runtime/toasts.ts';
import { track } from '../runtime/track.ts';
import { DRAWER_ID, closeAssistant, drawerOpen, drawerPassive, presetMessage } from './store.ts';
import {
  HANDOFF_SENT_ID,
  clearConversation,
  loading,
  messages,
  resetConversation,
  restoreConversation,
  sendMessage,
} from './conversation.ts';
import { InputBar } from './InputBar.tsx';
import { ReplyActions } from './ReplyActions.tsx';
import { handoffOpen, openHandoff } from './handoff.ts';
import { AssistantText, PlainText } from './MessageText.tsx';
import { VoicePlayer } from './VoicePlayer.tsx';
import { texts } from './texts.ts';

/** The hand-off form loads when it first opens (its schema and supabase-js stay out of the first answer). */
const HandoffForm = lazy(() => import('./HandoffForm.tsx'));

const focusable =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]):not([hidden]), [tabindex]:not([tabindex="-1"])';

/** Markdown reduced to what a screen reader should say. */
const spoken = (markdown: string) =>
  markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export default function Drawer() {
  useSignals();
  const { productName, assistantName } = getConfig();
  const titleId = useId();
  const dialog = useRef<HTMLElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [revealed, setRevealed] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const open = drawerOpen.value;
  // Opened by the host page (embed.js's data-open): shown beside the page, which keeps the focus and the clicks.
  const passive = open && drawerPassive.value;
  const conversation = messages.value;
  const busy = loading.value;
  const handoff = handoffOpen.value;
  const pending = busy || Boolean(conversation?.some((message) => message.isTemporary));
  const options = texts.quickOptions(productName);
  const offerOptions = open && Boolean(conversation && showsQuickOptions(conversation)) && !busy;
  const lastReply = conversation?.filter((message) => message.role === 'assistant' && !message.isTemporary).at(-1);
  const lastReplyId = useRef<string | undefined>(undefined);

  // The saved conversation is read back with the drawer's first display; a preset message (the
  // "open-assistant" event) replaces it.
  const preset = presetMessage.value;
  useEffect(() => {
    if (preset !== null) {
      presetMessage.value = null;
      resetConversation(preset.message, preset.intent);
      return;
    }
    restoreConversation();
  }, [preset]);

  // Each opening is announced to the analytics layer (docs/requirements.md#assistant-drawer).
  useEffect(() => {
    if (open) track('assistant_open');
  }, [open]);

  // Focus moves into the drawer 100 ms after the visitor opens it (not when the host page did: the
  // visitor is reading that page). Escape closes it wherever the focus is; opened by the page, only from
  // inside the drawer, so that the page's own Escape stays its own. Listening starts before the drawer
  // is painted: an Escape pressed as soon as it shows is never lost.
  useLayoutEffect(() => {
    if (!open) return;
    besideDrawer.value = true;
    const timer = passive ? undefined : setTimeout(() => input.current?.focus(), ASSISTANT.focusDelayMs);
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (passive && !(dialog.current && event.composedPath().includes(dialog.current))) return;
      event.preventDefault();
      closeAssistant();
    };
    // Opened by the page, the drawer gives way when the focus goes to what it covers (all of a phone's
    // screen): a focused element is never hidden (WCAG 2.4.11).
    const onPageFocus = (event: FocusEvent) => {
      const drawer = dialog.current;
      if (!passive || !drawer || event.composedPath().includes(drawer)) return;
      const focused = (event.target as Element).getBoundingClientRect();
      const covered = drawer.getBoundingClientRect();
      if (focused.left < covered.right && focused.right > covered.left) closeAssistant();
    };
    document.addEventListener('keydown', onEscape);
    document.addEventListener('focusin', onPageFocus);
    return () => {
      clearTimeout(timer);
      besideDrawer.value = false;
      document.removeEventListener('keydown', onEscape);
      document.removeEventListener('focusin', onPageFocus);
    };
  }, [open, passive]);

  // Quick options: the first 500 ms after they show, then one every 150 ms.
  // They are hidden again, from the first, whenever they stop being offered.
  const optionCount = options.length;
  useEffect(() => {
    if (!offerOptions) return;
    const timers = Array.from({ length: optionCount }, (_, index) =>
      setTimeout(() => setRevealed(index + 1), ASSISTANT.quickOptionsFirstMs + index * ASSISTANT.quickOptionsStepMs),
    );
    return () => {
      timers.forEach(clearTimeout);
      setRevealed(0);
    };
  }, [offerOptions, optionCount]);

  // Each new reply is announced to screen readers, 100 ms after it shows.
  useEffect(() => {
    if (!lastReply || lastReply.id === lastReplyId.current) return;
    const first = lastReplyId.current === undefined;
    lastReplyId.current = lastReply.id;
    if (first) return;
    // Asked for a person (« rappelez-moi »): the hand-off's form opens at once; nothing leaves before « Envoyer ».
    if (lastReply.kind === 'handoff') openHandoff(lastReply);
    const timer = setTimeout(
      () => setAnnouncement(`${assistantName}\u00A0: ${spoken(lastReply.content)}`),
      ASSISTANT.announceDelayMs,
    );
    return () => clearTimeout(timer);
  }, [lastReply, assistantName]);

  // The newest message stays in view; a reply taller than the list shows from its start, so the visitor
  // reads it from the top instead of landing on its last line.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    const newest = element.lastElementChild as HTMLElement | null;
    if (
      !pending &&
      newest?.classList.contains('assistant-message--assistant') &&
      newest.offsetHeight > element.clientHeight
    ) {
      element.scrollTop += newest.getBoundingClientRect().top - element.getBoundingClientRect().top - 8;
    }
  }, [conversation?.length, pending, revealed, open]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Tab' || !dialog.current || passive) return;
    // Tab stays inside the drawer (a modal dialog, unless the host page opened it).
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)].filter(
      (element) => element.getClientRects().length > 0,
    );
    if (!items.length) return;
    const root = dialog.current.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    const first = items[0]!;
    const last = items.at(-1)!;
    if (event.shiftKey && (active === first || !dialog.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="assistant-layer" data-open={open ? '' : undefined} data-passive={passive ? '' : undefined}>
      {/* The backdrop takes clicks without closing anything, and without taking focus away. */}
      <div className="assistant-backdrop" aria-hidden="true" onMouseDown={(event) => event.preventDefault()} />
      <section
        ref={dialog}
        id={DRAWER_ID}
        className="assistant-drawer"
        role="dialog"
        aria-modal={passive ? undefined : true}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <header className="assistant-drawer__header">
          <div>
            <h2 id={titleId} className="assistant-drawer__title">
              {texts.title(productName)}
            </h2>
            <p className="assistant-drawer__subtitle">{texts.subtitle(assistantName, productName)}</p>
          </div>
          <button
            type="button"
            className="assistant-icon-button"
            aria-label={texts.clear}
            onClick={() => {
              clearConversation();
              input.current?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
            </svg>
          </button>
          <button type="button" className="assistant-icon-button" aria-label={texts.close} onClick={closeAssistant}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </header>

        <ol ref={list} className="assistant-messages" aria-label={texts.conversation} tabIndex={0}>
          {conversation === null ? (
            <li className="assistant-restoring">
              <span className="assistant-spinner" aria-hidden="true" />
              {texts.restoring}
            </li>
          ) : (
            conversation
              .filter((message) => !message.isTemporary)
              .map((message, index, shown) => (
                <Message
                  key={message.id}
                  message={message}
                  assistantName={assistantName}
                  // A question passed to the team already: the replies before it offer no hand-off again.
                  handedOff={shown.slice(index + 1).some((later) => later.id.startsWith(HANDOFF_SENT_ID))}
                />
              ))
          )}
          {pending ? (
            <li className="assistant-message assistant-message--assistant">
              <div className="assistant-bubble assistant-typing">
                <span className="assistant-sr">{texts.typing(assistantName)}</span>
                <span className="assistant-typing__dot" aria-hidden="true" />
                <span className="assistant-typing__dot" aria-hidden="true" />
                <span className="assistant-typing__dot" aria-hidden="true" />
              </div>
            </li>
          ) : null}
        </ol>

        {offerOptions && revealed > 0 ? (
          <ul className="assistant-options" aria-label={texts.quickOptionsLabel}>
            {options.slice(0, revealed).map((option) => (
              <li key={option}>
                <button
                  type="button"
                  className="assistant-option"
                  onClick={() => void (loading.value || sendMessage({ text: option, files: [] }))}
                >
                  {option}
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        <p className="assistant-sr" role="status">
          {announcement}
        </p>
        {handoff ? (
          <Suspense fallback={null}>
            <HandoffForm question={handoff.question} onDone={() => setTimeout(() => input.current?.focus())} />
          </Suspense>
        ) : null}
        {/* Hidden, not unmounted, while the hand-off is open: a draft or a recording survives it. */}
        <div className="assistant-input-slot" hidden={Boolean(handoff)}>
          <InputBar inputRef={input} />
        </div>
      </section>
    </div>
  );
}

function Message({
  message,
  assistantName,
  handedOff,
}: {
  message: ChatMessage;
  assistantName: string;
  handedOff: boolean;
}) {
  const mine = message.role === 'user';
  const time = new Date(message.timestamp);
  return (
    <li className={`assistant-message assistant-message--${message.role}`}>
      <div className="assistant-bubble">
        <span className="assistant-sr">
          {mine ? texts.you : assistantName}
          {'\u00A0'}:{' '}
        </span>
        {message.content ? (
          mine ? (
            <PlainText text={message.content} />
          ) : (
            <AssistantText text={message.content} />
          )
        ) : null}
        {message.voice ? <VoicePlayer url={message.voice.url} duration={message.voice.duration} /> : null}
        {message.attachments?.length ? (
          <ul className="assistant-attachments" aria-label={texts.attachments}>
            {message.attachments.map((file, index) => (
              <li key={index}>
                {file.url ? (
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    {file.name}
                  </a>
                ) : (
                  file.name
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <time className="assistant-message__time" dateTime={message.timestamp}>
        {formatTimeHHmm(time)}
      </time>
      {!mine ? <ReplyActions message={message} handedOff={handedOff} /> : null}
    </li>
  );
}
