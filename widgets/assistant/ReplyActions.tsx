/**
 * Under each of DENTY's replies (docs/assistant.md#the-loop): « Utile » and « Pas utile », one vote per
 * reply that the visitor may change, thanked at once; and, under a reply that offers it (unsure, not
 * found, a request for a person, a price to be sent) or after a « Pas utile », the way to pass the
 * question to the team, in the drawer itself.
 */
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ChatMessage, Vote } from '../../core/assistant/chat.ts';
import { voteOn } from './conversation.ts';
import { handoffOpen, openHandoff } from './handoff.ts';
import { texts } from './texts.ts';

const thumb = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M7 10v11M15 5.9 14 10h5.8a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 18.4 21H7V10l4.3-8a2.6 2.6 0 0 1 3.7 3.9Z" />
  </svg>
);

export function ReplyActions({ message, handedOff }: { message: ChatMessage; handedOff: boolean }) {
  useSignals();
  const [failed, setFailed] = useState(false);
  if (!message.kind || !message.question) return null;
  const vote = (value: Vote) => {
    setFailed(false);
    void voteOn(message.id, value).then((sent) => setFailed(!sent));
  };
  const offersHandoff = (message.handoff || message.vote === 'down') && !handedOff && !handoffOpen.value;
  return (
    <div className="assistant-reply-actions">
      <div className="assistant-votes" role="group" aria-label={texts.voteGroup}>
        {(['up', 'down'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={`assistant-vote assistant-vote--${value}`}
            aria-pressed={message.vote === value}
            onClick={() => vote(value)}
          >
            {thumb}
            {value === 'up' ? texts.voteUp : texts.voteDown}
          </button>
        ))}
        <span className="assistant-vote__thanks" aria-live="polite">
          {failed ? texts.voteFailed : message.vote ? texts.voteThanks : ''}
        </span>
      </div>
      {offersHandoff ? (
        <button type="button" className="assistant-option assistant-handoff-offer" onClick={() => openHandoff(message)}>
          {texts.handoffOffer}
        </button>
      ) : null}
    </div>
  );
}
