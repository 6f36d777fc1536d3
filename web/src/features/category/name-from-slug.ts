/** A display name guessed from a slug while the real one loads, e.g. 'cloud-computing' -> 'Cloud Computing'. */
export function nameFromSlug(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
