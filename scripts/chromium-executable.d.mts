export const DEBIAN_CHROMIUM: string;
export const CHROMIUM_FLAGS: readonly string[];
export function chromiumExecutable(options?: {
  env?: NodeJS.ProcessEnv;
  exists?: (path: string) => boolean;
  unpack?: () => Promise<string>;
}): Promise<string>;
export function unpackPackagedChromium(): Promise<string>;
