// A vitest reporter for scripts/run-tests.mjs: writes every skipped test with the reason it gave
// (`context.skip(note)`) to the JSON file named by VITEST_SKIP_NOTES, since vitest's own JSON
// report keeps the skip but not its reason, and npm test prints each skip with its reason.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class SkipNotesReporter {
  #skipped = [];

  onTestCaseResult(testCase) {
    const result = testCase.result();
    if (result.state !== 'skipped') return;
    this.#skipped.push({
      file: relative(process.cwd(), testCase.module.moduleId),
      test: testCase.fullName,
      reason: result.note ?? null,
    });
  }

  onTestRunEnd() {
    const file = process.env['VITEST_SKIP_NOTES'];
    if (file) writeFileSync(file, `${JSON.stringify(this.#skipped, null, 1)}\n`);
  }
}
