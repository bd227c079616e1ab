/** Window events shared by the site's script and the widgets (docs/requirements.md#idea-card). */
export const ASSISTANT_EVENT = 'custom-assistant-message';

export interface AssistantEventDetail {
  type: 'open-assistant';
  message: string;
}

export function assistantEvent(message: string): CustomEvent<AssistantEventDetail> {
  return new CustomEvent(ASSISTANT_EVENT, { detail: { type: 'open-assistant', message } });
}
