const HOUR = 3_600_000;

/** 'Just now' under an hour, '{n} hours ago' under a day, otherwise '{n} days ago' (spec section 4). */
export function ageLabel(publishedAt: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(publishedAt).getTime());
  if (elapsed < HOUR) return 'Just now';
  const hours = Math.floor(elapsed / HOUR);
  if (hours < 24) return `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
