export function listenUrl(host: string | undefined, port: number | string): string;
export function portInUseMessage(host: string | undefined, port: number | string): string;
export function listenErrorMessage(error: unknown, host: string | undefined, port: number | string): string | null;
