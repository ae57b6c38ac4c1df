// The order test files start in (vitest.config.ts, sequence.sequencer): project by project, and within
// each the longest first, so that the workers finish together instead of one running a long file alone
// at the end.
// - Project by project: with `isolate: false` a worker runs file after file with its modules loaded,
//   but Vitest's pool keeps a worker only while the next file in the queue is of the same project; a
//   file of another project ends it and starts a new one, which imports Fastify, PGlite and the service
//   again. Files interleaved across projects did that about once a file.
// - PostgreSQL's files first: they are the longest (a failover, Prometheus' clock, a rolling deploy) and
//   mostly wait, so the CPU-bound PGlite files fill the cores while they do; the pure code of `unit` last.
// - Vitest orders by the durations of the previous run on this machine when it has them; a fresh clone
//   (CI) has none, and Vitest's fallback is the files' order on disk. test/durations.json holds seconds
//   per file from a run's JSON report (`npm run test:durations -- <report.json>`); files not in it
//   (under 1.5 s) come after, in Vitest's own order.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8')) as Record<string, number>;

/** Projects in the order their files start; a project not named here comes last. */
const PROJECT_ORDER = ['postgres', 'pglite', 'unit'];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    const seconds = (spec: TestSpecification) => DURATIONS[path.relative(this.ctx.config.root, spec.moduleId)] ?? 0;
    // A stable sort keeps Vitest's order among files of equal weight.
    return [...ordered].sort((a, b) => rank(a) - rank(b) || seconds(b) - seconds(a));
  }
}
