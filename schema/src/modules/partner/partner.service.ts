import { PARTNERS_TAG, partnerTag, recordCacheTags } from '../../lib/cache-tags.js';
import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { definedOnly, fieldProblems, invalidMessage, isWebUrl, objectError, requiredText } from '../../lib/validation.js';
import { Partner } from './partner.entity.js';
import { PARTNER_PLACEMENTS, type PartnerPlacementValue } from './partner-placements.js';

export interface PartnerView {
  id: number;
  slug: string;
  name: string;
  description: string;
  offer: string;
  cta: string;
  affiliateUrl: string;
  icon: string;
  badge: string | null;
  placement: PartnerPlacementValue;
}

/** A partner as editors see it: disabled ones too. */
export interface EditorPartnerView extends PartnerView {
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const PARTNER_LIMITS = { slug: 80, name: 120, description: 2_000, offer: 200, cta: 60, affiliateUrl: 500, icon: 60, badge: 40 } as const;

function toPartnerView(p: Partner): PartnerView {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    offer: p.offer,
    cta: p.cta,
    affiliateUrl: p.affiliateUrl,
    icon: p.icon,
    badge: p.badge ?? null,
    placement: p.placement as PartnerPlacementValue,
  };
}

function toEditorPartnerView(p: Partner): EditorPartnerView {
  return { ...toPartnerView(p), enabled: p.enabled, createdAt: p.createdAt, updatedAt: p.updatedAt };
}

const slug = z
  .string({ error: 'Slug must be text' })
  .trim()
  .toLowerCase()
  .max(PARTNER_LIMITS.slug, `Slug must be at most ${PARTNER_LIMITS.slug} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug must be lowercase words joined by hyphens, e.g. wombat-hosting');

const fields = {
  slug,
  name: requiredText('Name', PARTNER_LIMITS.name),
  description: requiredText('Description', PARTNER_LIMITS.description, { singleLine: false }),
  offer: requiredText('Offer', PARTNER_LIMITS.offer),
  cta: requiredText('Call to action', PARTNER_LIMITS.cta),
  /** http(s) only: the link readers follow. */
  affiliateUrl: requiredText('Affiliate URL', PARTNER_LIMITS.affiliateUrl).refine(isWebUrl, 'Affiliate URL must be an http:// or https:// address'),
  icon: requiredText('Icon', PARTNER_LIMITS.icon).regex(/^[A-Za-z][A-Za-z0-9]*$/, 'Icon must be a Material icon name, e.g. Dns'),
  badge: z
    .string({ error: 'Badge must be text' })
    .trim()
    .max(PARTNER_LIMITS.badge, `Badge must be at most ${PARTNER_LIMITS.badge} characters`)
    .refine((value) => !/[\u0000-\u001F\u007F]/.test(value), 'Badge must be a single line of text')
    .transform((value) => value || null)
    .nullable(),
  placement: z.enum(PARTNER_PLACEMENTS, { error: `Placement must be one of: ${PARTNER_PLACEMENTS.join(', ')}` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
};

const createSchema = z.strictObject(
  { ...fields, slug: fields.slug.optional(), badge: fields.badge.optional(), enabled: fields.enabled.default(true) },
  objectError('partner'),
);
const updateSchema = z.strictObject(
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> },
  objectError('partner'),
);

function parsePartnerId(raw: string | number): number {
  const text = String(raw).trim();
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new ValidationError('Partner id must be a positive integer', [{ field: 'id', message: 'Must be a positive integer' }]);
  }
  return id;
}

/** A slug from a name, as articles get theirs. */
function slugOf(name: string): string {
  const words = name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.join('-').slice(0, PARTNER_LIMITS.slug).replace(/-+$/, '') || 'partner';
}

export class PartnerService {
  constructor(private readonly em: EntityManager) {}

  /** Enabled partners, optionally of one placement: what readers see. */
  async list(placement?: PartnerPlacementValue | null): Promise<PartnerView[]> {
    // A partner enabled, disabled or moved changes which are listed: `partners`; its own fields, `partner:<id>`.
    recordCacheTags(PARTNERS_TAG);
    const rows = await this.em.find(Partner, { enabled: true, ...(placement ? { placement } : {}) }, { orderBy: { id: 'asc' } });
    recordCacheTags(...rows.map((row) => partnerTag(row.id)));
    return rows.map(toPartnerView);
  }

  /** Every partner, disabled ones too. */
  async listAll(): Promise<EditorPartnerView[]> {
    const rows = await this.em.find(Partner, {}, { orderBy: { id: 'asc' } });
    return rows.map(toEditorPartnerView);
  }

  async create(raw: unknown): Promise<EditorPartnerView> {
    const input = this.validate(createSchema, raw);
    const em = this.em.fork();
    const now = new Date();
    const partner = em.create(Partner, { ...input, slug: input.slug ?? slugOf(input.name), badge: input.badge ?? null, createdAt: now, updatedAt: now });
    await this.flush(em, partner.slug);
    return toEditorPartnerView(partner);
  }

  /** Changes the fields sent: its texts, link, placement, or `enabled: false` to take it off the site. */
  async update(rawId: string | number, raw: unknown): Promise<EditorPartnerView> {
    const id = parsePartnerId(rawId);
    const input = this.validate(updateSchema, raw);
    const em = this.em.fork();
    const partner = await em.findOne(Partner, { id });
    if (!partner) throw new NotFoundError(`Partner ${id} not found`);
    em.assign(partner, input);
    await this.flush(em, partner.slug);
    return toEditorPartnerView(partner);
  }

  private async flush(em: EntityManager, slugValue: string): Promise<void> {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new ValidationError('Invalid partner: slug', [{ field: 'slug', message: `Another partner has the slug "${slugValue}"` }]);
      }
      throw error;
    }
  }

  private validate<S extends typeof createSchema | typeof updateSchema>(schema: S, raw: unknown): z.output<S> {
    const parsed = schema.safeParse(definedOnly(raw));
    const problems = parsed.success ? [] : fieldProblems(parsed.error);
    if (parsed.success && Object.keys(parsed.data).length === 0) problems.push({ field: 'body', message: 'Send at least one field to change' });
    if (problems.length || !parsed.success) throw new ValidationError(invalidMessage('partner', problems), problems);
    return parsed.data as z.output<S>;
  }
}
