/**
 * The DENTY assistant's constants (docs/requirements.md#assistant-constants). Numbers only, so that the
 * floating button can import them without the rest: the chat message rules are core/assistant/chat.ts, the storage
 * rules core/assistant/uploads.ts, the webhook contract (zod) core/assistant/contract.ts.
 */
/** docs/requirements.md#assistant-constants. */
export const ASSISTANT = {
  notificationDelayMs: 45_000,
  drawerMaxWidthPx: 400,
  quickOptionsFirstMs: 500,
  quickOptionsStepMs: 150,
  textareaMinRows: 1,
  textareaMaxRows: 4,
  focusDelayMs: 100,
  announceDelayMs: 100,
  voiceChipLabel: '00:15',
  fileChipMaxWidthPx: 120,
  /** A webhook that does not answer within this time is aborted and treated as a send failure. */
  requestTimeoutMs: 20_000,
  /** Replies larger than this are refused as malformed (docs/requirements.md#reliability: "huge JSON"). */
  maxReplyBytes: 256 * 1024,
  /** What the visitor may type in one message. */
  maxTextLength: 4000,
  maxFiles: 5,
} as const;
