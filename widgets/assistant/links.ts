/** Where a link of the chat goes and how it opens (core/assistant/chat-text.ts); null for a link not to follow. */
import { decideLink } from '../../core/assistant/chat-text.ts';
import { getContentOrigin } from './store.ts';

export const linkFor = (href: string) => decideLink(href, `${getContentOrigin()}/`, [location.origin]);
