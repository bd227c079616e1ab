/** Window events shared by the site's script and the widgets (docs/requirements.md#idea-card). */
export const ASSISTANT_EVENT = 'custom-assistant-message';

/**
 * What a preset asks the visitor for, when the page knows it: an idea for the product team (« Suggérer une
 * idée ») or the tester programme (« Rejoindre les testeurs »). The widget sends it with the visitor's answer
 * (`intent` of the webhook contract, core/assistant/contract.ts), so that nothing is guessed from the words.
 */
export const ASSISTANT_INTENTS = ['idea', 'tester'] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];

export const isAssistantIntent = (value: unknown): value is AssistantIntent =>
  (ASSISTANT_INTENTS as readonly unknown[]).includes(value);

export interface AssistantEventDetail {
  type: 'open-assistant';
  message: string;
  intent?: AssistantIntent;
}

/** The detail of the ASSISTANT_EVENT window event that opens the drawer on a message. */
export function assistantEventDetail(message: string, intent?: AssistantIntent): AssistantEventDetail {
  return { type: 'open-assistant', message, ...(intent ? { intent } : {}) };
}
