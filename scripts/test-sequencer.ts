import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DURATIONS_FILE = path.join(ROOT, 'scripts/test-durations.json');

/** Seconds each test file took in a full run (scripts/test-durations.mjs writes them from a report). */
const recorded: Record<string, number> = existsSync(DURATIONS_FILE)
  ? JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'))
  : {};

/**
 * The longest test files first, so a run on two cores does not end with one idle behind a slow file that happened to
 * start last (Vitest's own order is project by project, then by file size, which put small slow files such as the
 * client-specification run last). Durations come from Vitest's cache of the last run here, else from the recorded
 * table, else from the file's size. The files of a project that is not isolated stay together, one environment at a
 * time: a worker is kept for the next file only when that file is of the same project and environment, and a new
 * worker imports the app again.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = new Map<TestSpecification, number>();
    for (const spec of files) {
      const relative = path.relative(ROOT, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(
        `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`,
      );
      // A file of unknown duration counts about a second per 5 KB of test code.
      seconds.set(
        spec,
        cached ? cached.duration / 1000 : (recorded[relative] ?? statSync(spec.moduleId).size / 5000),
      );
    }
    const longestFirst = (a: TestSpecification, b: TestSpecification) => seconds.get(b)! - seconds.get(a)!;
    const blocks = new Map<string, TestSpecification[]>();
    for (const spec of files) {
      const environment = /@vitest-environment\s+([\w-]+)/.exec(
        readFileSync(spec.moduleId, 'utf8').slice(0, 500),
      );
      const key = spec.project.config.isolate
        ? `file ${spec.moduleId}`
        : `${spec.project.name} ${environment?.[1] ?? spec.project.config.environment}`;
      blocks.set(key, [...(blocks.get(key) ?? []), spec]);
    }
    const ordered = [...blocks.values()].map((block) => block.sort(longestFirst));
    ordered.sort((a, b) => longestFirst(a[0]!, b[0]!));
    // groupOrder still comes first: Vitest runs one group after another.
    return ordered
      .flat()
      .sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder);
  }
}
