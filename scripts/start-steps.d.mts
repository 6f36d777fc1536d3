export function newestMtime(target: string): number;
export function portIsFree(host: string | undefined, port: number | string): Promise<boolean>;
export function runLogged(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; verbose?: boolean },
): Promise<{ status: number; output: string }>;
export function lastLines(output: string, count?: number): string;
export function databaseSummary(output: string): string | null;
export function waitUntilAnswering(url: string | URL, options?: { deadlineMs?: number; stopped?: () => boolean }): Promise<boolean>;
