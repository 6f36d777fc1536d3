import type { File, Task } from '@vitest/runner';
import { TestRunner } from 'vitest';
import { serverSuiteSkipReason } from './server-suites.mjs';

/** Marks a task and everything under it skipped: its hooks never run, its tests are counted as skipped. */
function skipAll(task: Task): void {
  task.mode = 'skip';
  if ('tasks' in task) task.tasks.forEach(skipAll);
}

/**
 * The test runner, plus one rule: a file that needs a PostgreSQL or Redis server the environment
 * does not name is collected and reported as skipped, so a run says what it left out.
 */
export default class ServerAwareRunner extends TestRunner {
  onCollected(files: File[]): void {
    for (const file of files) if (serverSuiteSkipReason(file.filepath)) skipAll(file);
  }
}
