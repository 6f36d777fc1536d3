import { ageLabel } from '../lib/age-label';

/**
 * "3 hours ago", as of the render; the browser recomputes it on load (client/boot.ts), so a page
 * from a cache or read offline tells the age as of now.
 */
export function AgeLabel({ publishedAt }: { publishedAt: string }) {
  return (
    <span data-published-at={publishedAt} suppressHydrationWarning>
      {ageLabel(publishedAt)}
    </span>
  );
}
