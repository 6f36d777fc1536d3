export function serverSuiteSkipReason(file: string, env?: NodeJS.ProcessEnv): string | null;
