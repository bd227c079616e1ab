/**
 * A/B test assignment (docs/requirements.md#ab-test): humans are split 50/50 between control and variant,
 * bots always see control (so that what search and AI engines index is the reference page).
 */
export type Variant = 'control' | 'variant';

export const AB_SPLIT = 0.5;

/** `random` is a number in [0, 1), injected (Math.random in the browser). */
export function assign(isBot: boolean, random: number): Variant {
  if (isBot) return 'control';
  return random < AB_SPLIT ? 'control' : 'variant';
}

/** Reads a stored assignment map, keeping only well-formed entries (storage may hold anything). */
export function parseAssignments(raw: string | null): Record<string, Variant> {
  if (!raw) return {};
  try {
    const data: unknown = JSON.parse(raw);
    if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
    const result: Record<string, Variant> = {};
    for (const [id, value] of Object.entries(data)) if (value === 'control' || value === 'variant') result[id] = value;
    return result;
  } catch {
    return {};
  }
}
