// Prints the plain closing line CI reads ("N passed, N failed"), after Playwright's own list. A test is
// counted once, by its outcome after its retries (playwright.config.ts): one that failed, then passed, is
// « flaky », counted as passed and named, so that it is looked at.
import type { Reporter, TestCase } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase) {
    this.tests.add(test);
  }

  onEnd() {
    const count = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    const flaky: string[] = [];
    for (const test of this.tests) {
      const outcome = test.outcome();
      count[outcome]++;
      if (outcome === 'flaky') flaky.push(test.titlePath().filter(Boolean).join(' › '));
    }
    for (const title of flaky) console.log(`e2e : instable (échoué puis réussi) : ${title}`);
    console.log(
      `e2e: ${count.expected + count.flaky} passed, ${count.unexpected} failed, ${count.skipped} skipped` +
        (count.flaky ? ` (${count.flaky} flaky)` : ''),
    );
  }
}
