import type { AuthorView } from '../../../schema/src/index.js';

/** The REST author: the profile, links only when set, the time in ISO 8601. */
export interface AuthorJson {
  slug: string;
  name: string;
  role: string;
  bio: string;
  photoUrl?: string;
  categorySlugs: string[];
  linkedinUrl?: string;
  websiteUrl?: string;
  fediverseHandle?: string;
  updatedAt: string;
}

export function toAuthorJson(a: AuthorView): AuthorJson {
  return {
    slug: a.slug,
    name: a.name,
    role: a.role,
    bio: a.bio,
    ...(a.photoUrl ? { photoUrl: a.photoUrl } : {}),
    categorySlugs: a.categorySlugs,
    ...(a.linkedinUrl ? { linkedinUrl: a.linkedinUrl } : {}),
    ...(a.websiteUrl ? { websiteUrl: a.websiteUrl } : {}),
    ...(a.fediverseHandle ? { fediverseHandle: a.fediverseHandle } : {}),
    updatedAt: a.updatedAt.toISOString(),
  };
}
