/** Two assertions for the Deno tests, without downloading Deno's standard library. */
export function assert(condition: unknown, message = 'assertion échouée'): asserts condition {
  if (!condition) throw new Error(message);
}

export function assertEquals(actual: unknown, expected: unknown): void {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`attendu ${b}, obtenu ${a}`);
}
