/**
 * How a message reads (docs/requirements.md#assistant-message-text): the visitor's text with URLs as links, line breaks and **bold**;
 * the assistant's as Markdown through markdown.ts (marked, then DOMPurify), the one place replies become HTML.
 * That module loads with the first reply to show; until then the assistant's own texts (welcome, preset
 * messages), which hold no Markdown, read as plain text.
 */
import { useMemo } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { plainTextSegments } from '../../core/assistant/chat-text.ts';
import { linkFor } from './links.ts';

const renderer = signal<((markdown: string) => string) | null>(null);
let loading: Promise<void> | undefined;

/** Loads marked and DOMPurify once; a failure leaves replies as plain text (logged). */
export function loadMarkdown(): Promise<void> {
  loading ??= import('./markdown.ts').then(
    (module) => void (renderer.value = module.renderReply),
    (error) => {
      loading = undefined;
      console.error('Rendu Markdown indisponible :', error);
    },
  );
  return loading;
}

export function AssistantText({ text }: { text: string }) {
  useSignals();
  const render = renderer.value;
  const html = useMemo(() => render?.(text), [render, text]);
  if (html === undefined) return <PlainText text={text} />;
  return <div className="assistant-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function PlainText({ text }: { text: string }) {
  return (
    <p>
      {plainTextSegments(text).map((segment, index) => {
        if (segment.kind === 'break') return <br key={index} />;
        if (segment.kind === 'bold') return <strong key={index}>{segment.text}</strong>;
        if (segment.kind === 'text') return segment.text;
        const link = linkFor(segment.href);
        if (!link) return segment.text;
        return (
          <a key={index} href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {segment.text}
          </a>
        );
      })}
    </p>
  );
}
