const HOUR = 3_600_000;

/** 'Just now' under an hour, '{n} hours ago' under a day, otherwise '{n} days ago'. */
export function ageLabel(publishedAt: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(publishedAt).getTime());
  if (elapsed < HOUR) return 'Just now';
  const hours = Math.floor(elapsed / HOUR);
  if (hours < 24) return `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** Recomputes every server-rendered age label (`data-published-at`) in `root` as of `now`. */
export function refreshAgeLabels(root: ParentNode, now: Date = new Date()): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-published-at]')) {
    const label = ageLabel(element.dataset.publishedAt ?? '', now);
    if (element.textContent !== label) element.textContent = label;
  }
}
