/**
 * How a message reads (docs/requirements.md#assistant-message-text): the visitor's text with URLs as links, line breaks and **bold**;
 * the assistant's as Markdown, read by core/assistant/markdown.ts into a tree and rendered here as React
 * elements, the one place replies are shown, so the one place their text is typeset. No HTML string is ever built from a reply, so nothing in it
 * can become markup; links follow the chat's rule (links.ts), and a refused link stays text
 * (docs/decisions/0044-assistant-replies-without-libraries.md).
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import { ASK_PREFIX, plainTextSegments } from '../../core/assistant/chat-text.ts';
import { parseMarkdown, type Block, type Inline } from '../../core/assistant/markdown.ts';
import { frenchTypography } from '../../core/common/typography.ts';
import { linkFor } from './links.ts';
import { loading, sendMessage } from './conversation.ts';

/** A subject DENTY offers (core/assistant/replies.ts `askLink`): pressed, it is asked. */
function AskButton({ question, children }: { question: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className="assistant-option assistant-option--inline"
      onClick={() => void (loading.value || sendMessage({ text: question, files: [] }))}
    >
      {children}
    </button>
  );
}

function ChatLink({ href, title, children }: { href: string; title?: string; children: ReactNode }) {
  if (href.startsWith(ASK_PREFIX)) {
    let question = '';
    try {
      question = decodeURIComponent(href.slice(ASK_PREFIX.length)).trim();
    } catch {
      // A malformed one stays its words.
    }
    if (question) return <AskButton question={question}>{children}</AskButton>;
  }
  const link = linkFor(href);
  // A link the chat does not follow (javascript:, data:…) stays its words, nothing to click.
  if (!link) return <span>{children}</span>;
  return (
    <a
      href={link.href}
      {...(title ? { title } : {})}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

function inlines(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        // Typeset as shown, whoever wrote the reply (DENTY or the team's webhook): docs/decisions/0006-french-typography-at-build.md.
        return <Fragment key={index}>{frenchTypography(node.text)}</Fragment>;
      case 'br':
        return <br key={index} />;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'link':
        return (
          <ChatLink key={index} href={node.href} {...(node.title ? { title: node.title } : {})}>
            {inlines(node.children)}
          </ChatLink>
        );
      default: {
        const Tag = node.type;
        return <Tag key={index}>{inlines(node.children)}</Tag>;
      }
    }
  });
}

function blocks(nodes: readonly Block[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'paragraph':
        return <p key={index}>{inlines(node.children)}</p>;
      case 'heading': {
        // The drawer's title is the h2: a reply's headings come under it.
        const Tag = `h${Math.min(6, Math.max(3, node.level + 2))}` as 'h3';
        return <Tag key={index}>{inlines(node.children)}</Tag>;
      }
      case 'list': {
        const items = node.items.map((item, n) => <li key={n}>{blocks(item)}</li>);
        return node.ordered ? (
          <ol key={index} {...(node.start !== 1 ? { start: node.start } : {})}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        );
      }
      case 'quote':
        return <blockquote key={index}>{blocks(node.children)}</blockquote>;
      case 'code':
        return (
          <pre key={index}>
            <code>{node.text}</code>
          </pre>
        );
      case 'rule':
        return <hr key={index} />;
      case 'table':
        return (
          <table key={index}>
            <thead>
              <tr>
                {node.head.map((cell, n) => (
                  <th key={n}>{inlines(cell)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {node.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, n) => (
                    <td key={n}>{inlines(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
    }
  });
}

export function AssistantText({ text }: { text: string }) {
  const tree = useMemo(() => parseMarkdown(text), [text]);
  return <div className="assistant-markdown">{blocks(tree)}</div>;
}

export function PlainText({ text }: { text: string }) {
  return (
    <p>
      {plainTextSegments(text).map((segment, index) => {
        if (segment.kind === 'break') return <br key={index} />;
        if (segment.kind === 'bold') return <strong key={index}>{segment.text}</strong>;
        if (segment.kind === 'text') return segment.text;
        return (
          <ChatLink key={index} href={segment.href}>
            {segment.text}
          </ChatLink>
        );
      })}
    </p>
  );
}
