// The order test files start in (vitest.config.ts, sequence.sequencer): within each project, the
// longest first, so that two workers finish together instead of one running a long file alone at
// the end. Vitest orders by the durations of the previous run on this machine when it has them; a
// fresh clone (CI) has none, and Vitest's fallback is the files' order on disk. test/durations.json
// holds seconds per file from a run's JSON report (`npm run test:durations -- <report.json>`);
// files not in it (under 1.5 s) come after, in Vitest's own order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8')) as Record<string, number>;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Longest first across projects (a long PostgreSQL file must not start after every PGlite one);
    // a stable sort keeps Vitest's order among files of equal weight.
    const seconds = (spec: TestSpecification) => DURATIONS[path.relative(this.ctx.config.root, spec.moduleId)] ?? 0;
    return [...ordered].sort((a, b) => seconds(b) - seconds(a));
  }
}
