export const SERVER_NODE_FLAGS: readonly string[];
export function serverNodeFlags(env?: NodeJS.ProcessEnv, nodeVersion?: string): readonly string[];
