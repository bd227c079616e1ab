/**
 * Browser storage that never throws: local storage, falling back to session storage, then memory.
 * Every failure is logged (docs/requirements.md#logged-only lists them), none reaches the visitor.
 */
type Area = 'local' | 'session';

const memory = new Map<string, string>();

function area(name: Area): Storage | undefined {
  try {
    const storage = name === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** `label` names the store in log lines, e.g. "consent" or "conversation". */
export function safeStorage(label: string, order: Area[] = ['local', 'session']): SafeStorage {
  return {
    get(key) {
      for (const name of order) {
        try {
          const value = area(name)?.getItem(key);
          if (value !== null && value !== undefined) return value;
        } catch (error) {
          console.error(`Lecture impossible (${label}, ${name}Storage) :`, error);
        }
      }
      return memory.get(key) ?? null;
    },
    set(key, value) {
      for (const name of order) {
        try {
          const storage = area(name);
          if (!storage) continue;
          storage.setItem(key, value);
          return;
        } catch (error) {
          console.error(`Écriture impossible (${label}, ${name}Storage), repli sur le stockage suivant :`, error);
        }
      }
      memory.set(key, value);
    },
    remove(key) {
      for (const name of order) {
        try {
          area(name)?.removeItem(key);
        } catch (error) {
          console.error(`Suppression impossible (${label}, ${name}Storage) :`, error);
        }
      }
      memory.delete(key);
    },
  };
}
