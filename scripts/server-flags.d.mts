export const SERVER_NODE_FLAGS: readonly string[];
export function serverNodeFlags(env?: NodeJS.ProcessEnv, nodeVersion?: string): readonly string[];
/** The built server's environment: MALLOC_ARENA_MAX=2 unless already set, then `env`. */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
