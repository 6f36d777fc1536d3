import type { EntityManager } from '@mikro-orm/core';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { Editor } from '../editor/editor-roles.js';
import { BlockedServer } from './blocked-server.entity.js';

/** No owner blocks more by hand: the list is read whole by every inbox guard. */
export const MAX_BLOCKED_SERVERS = 2_000;

/** A host name: labels of letters, digits and hyphens, at least two of them, at most 253 characters. */
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface BlockedServerView {
  domain: string;
  blockedBy: string;
  createdAt: Date;
}

/**
 * The owner's list of blocked fediverse servers. A domain is given as a host name (a URL or an
 * `@user@host` handle is read for its host); its subdomains are blocked with it.
 * @throws ValidationError naming `domain`
 */
export function blockedDomainOf(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid('Domain must be text, e.g. spam.example');
  let text = raw.trim().toLowerCase();
  if (text.length > 300) throw invalid('Domain must be at most 253 characters');
  const handle = /^@?[^@\s]+@([^@\s]+)$/.exec(text);
  if (handle) text = handle[1];
  else if (/^https?:\/\//.test(text)) {
    try {
      text = new URL(text).hostname;
    } catch {
      throw invalid('Domain must be a host name, e.g. spam.example');
    }
  }
  text = text.replace(/\.$/, '');
  if (!HOST.test(text)) throw invalid('Domain must be a host name, e.g. spam.example');
  return text;
}

function invalid(message: string): ValidationError {
  return new ValidationError(message, [{ field: 'domain', message }]);
}

const toView = (row: BlockedServer): BlockedServerView => ({ domain: row.domain, blockedBy: row.blockedBy, createdAt: row.createdAt });

export class BlockedServersService {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<BlockedServerView[]> {
    return (await this.em.find(BlockedServer, {}, { orderBy: { domain: 'asc' }, limit: MAX_BLOCKED_SERVERS })).map(toView);
  }

  /** Blocks a server; blocking one already blocked keeps the first entry. */
  async block(raw: unknown, editor: Editor): Promise<BlockedServerView> {
    const domain = blockedDomainOf(raw);
    const existing = await this.em.findOne(BlockedServer, { domain });
    if (existing) return toView(existing);
    if ((await this.em.count(BlockedServer)) >= MAX_BLOCKED_SERVERS) throw invalid(`At most ${MAX_BLOCKED_SERVERS} servers can be blocked`);
    const row = this.em.create(BlockedServer, { domain, blockedBy: editor.name });
    await this.em.flush();
    return toView(row);
  }

  async unblock(raw: unknown): Promise<void> {
    const domain = blockedDomainOf(raw);
    const removed = await this.em.nativeDelete(BlockedServer, { domain });
    if (removed === 0) throw new NotFoundError(`${domain} is not blocked`);
  }
}
