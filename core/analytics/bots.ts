/**
 * Visitor classification (docs/requirements.md#bot-detection): is the user agent a bot, which one, how sure are
 * we, and how hard may its pages be cached. Used by the browser (A/B test, service worker, bot_visit)
 * and by the server (Cache-Control of HTML answers). No zod here: this file ships to the browser (in the
 * analytics layer, loaded only once a tracker or a bot is there). Agents we know get a name, a type and a
 * priority from the table below; any other automated agent is recognised by isbot's maintained list.
 */
import { createIsbotFromList, list } from 'isbot';

/**
 * isbot's list without its `headless` pattern: our browser tests and Lighthouse run headless Chromium,
 * and must be served the page a visitor gets (no A/B control, no bot_visit, no bot cache).
 */
const isAutomated = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'));

export type BotType = 'ai' | 'search' | 'social' | 'seo' | 'other';
export type BotPriority = 'high' | 'medium' | 'low';
export type OptimisationLevel = 'aggressive' | 'standard' | 'minimal';

export interface BotInfo {
  name: string;
  type: BotType;
  priority: BotPriority;
  /** The optimisation level this agent gets when recognised for sure. */
  cacheStrategy: OptimisationLevel;
  /** Whether the agent reads the page's content (AI and search engines), as opposed to a preview or an audit. */
  contentOptimization: boolean;
}

export interface BotDetection {
  isBot: boolean;
  botInfo: BotInfo | null;
  /** 1 for a known agent, 0.7 for a generic pattern, 0 for a human. */
  confidence: number;
  userAgent: string;
  timestamp: string;
}

/** docs/requirements.md#bot-detection. */
export const KNOWN_BOT_CONFIDENCE = 1;
export const GENERIC_BOT_CONFIDENCE = 0.7;
export const AI_BOT_MIN_CONFIDENCE = 0.8;

/** Seconds an HTML answer may be cached per level; `default` when no level applies. */
export const CACHE_MAX_AGE = { aggressive: 86_400, standard: 7_200, minimal: 1_800, default: 3_600 } as const;

type Known = [name: string, type: Exclude<BotType, 'other'>, priority: BotPriority];

/** Known agents, matched case-insensitively on their user-agent token. Order matters: first hit wins. */
const KNOWN_BOTS: readonly Known[] = [
  ['GPTBot', 'ai', 'high'],
  ['ChatGPT-User', 'ai', 'high'],
  ['OAI-SearchBot', 'ai', 'high'],
  ['ClaudeBot', 'ai', 'high'],
  ['Claude-User', 'ai', 'high'],
  ['Claude-SearchBot', 'ai', 'high'],
  ['Claude-Web', 'ai', 'high'],
  ['anthropic-ai', 'ai', 'high'],
  ['PerplexityBot', 'ai', 'high'],
  ['Perplexity-User', 'ai', 'high'],
  ['MistralAI-User', 'ai', 'high'],
  ['Google-CloudVertexBot', 'ai', 'medium'],
  ['meta-externalagent', 'ai', 'medium'],
  ['Applebot-Extended', 'ai', 'medium'],
  ['cohere-ai', 'ai', 'medium'],
  ['YouBot', 'ai', 'medium'],
  ['Amazonbot', 'ai', 'low'],
  ['CCBot', 'ai', 'low'],
  ['Bytespider', 'ai', 'low'],
  ['Googlebot', 'search', 'high'],
  ['bingbot', 'search', 'high'],
  ['Qwantbot', 'search', 'medium'],
  ['Qwantify', 'search', 'medium'],
  ['DuckDuckBot', 'search', 'medium'],
  ['Applebot', 'search', 'medium'],
  ['YandexBot', 'search', 'low'],
  ['Baiduspider', 'search', 'low'],
  ['facebookexternalhit', 'social', 'medium'],
  ['LinkedInBot', 'social', 'medium'],
  ['Twitterbot', 'social', 'medium'],
  ['WhatsApp', 'social', 'medium'],
  ['Slackbot', 'social', 'low'],
  ['TelegramBot', 'social', 'low'],
  ['Discordbot', 'social', 'low'],
  ['Pinterestbot', 'social', 'low'],
  ['AhrefsBot', 'seo', 'low'],
  ['SemrushBot', 'seo', 'low'],
  ['MJ12bot', 'seo', 'low'],
  ['DotBot', 'seo', 'low'],
  ['Screaming Frog SEO Spider', 'seo', 'low'],
];

function info(name: string, type: BotType, priority: BotPriority): BotInfo {
  return {
    name,
    type,
    priority,
    cacheStrategy: type === 'ai' && priority === 'high' ? 'aggressive' : 'standard',
    contentOptimization: type === 'ai' || type === 'search',
  };
}

/** Classifies a user agent. `now` is injected so the result is reproducible. */
export function detectBot(userAgent: string, now: Date = new Date()): BotDetection {
  const timestamp = now.toISOString();
  const agent = userAgent.toLowerCase();
  for (const [name, type, priority] of KNOWN_BOTS) {
    if (agent.includes(name.toLowerCase()))
      return {
        isBot: true,
        botInfo: info(name, type, priority),
        confidence: KNOWN_BOT_CONFIDENCE,
        userAgent,
        timestamp,
      };
  }
  // Generic patterns (docs/requirements.md#bot-detection: confidence 0.7), CUBOT phones and the like excluded.
  if (isAutomated(userAgent))
    return {
      isBot: true,
      botInfo: info('unknown', 'other', 'low'),
      confidence: GENERIC_BOT_CONFIDENCE,
      userAgent,
      timestamp,
    };
  return { isBot: false, botInfo: null, confidence: 0, userAgent, timestamp };
}

/** An AI agent needs a confidence above 0.8 (docs/requirements.md#bot-detection). */
export function isAIBot(detection: BotDetection): boolean {
  return detection.isBot && detection.botInfo?.type === 'ai' && detection.confidence > AI_BOT_MIN_CONFIDENCE;
}

/** Aggressive for AI agents of high priority, standard for everyone else (docs/requirements.md#bot-cache). */
export function optimisationLevel(detection: BotDetection): OptimisationLevel {
  return isAIBot(detection) && detection.botInfo?.priority === 'high' ? 'aggressive' : 'standard';
}

/** Seconds an answer may be cached at a level; the default when no level is given. */
export function cacheMaxAge(level?: OptimisationLevel): number {
  return level ? CACHE_MAX_AGE[level] : CACHE_MAX_AGE.default;
}

/**
 * The Cache-Control of an HTML answer: a bot's copy may be kept for its level's max-age, a human's is
 * revalidated each time (the page may have changed since the last visit).
 */
export function htmlCacheControl(userAgent: string): string {
  const detection = detectBot(userAgent);
  return detection.isBot ? `public, max-age=${cacheMaxAge(optimisationLevel(detection))}` : 'no-cache';
}
