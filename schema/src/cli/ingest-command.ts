import { parseArgs } from 'node:util';
import { DomainError, FeedError, type FeedFetchOptions, type FetchedFeed, type IngestReport, parseFeed, readFeedSource, type Services } from '../index.js';

/** What the command printed and how it ended; the CLI entry writes it out, tests read it. */
export interface IngestCommandOutput {
  exitCode: number;
  /** The summary: added, skipped as duplicates, failed with reasons. */
  stdout: string[];
  /** One line saying why nothing was ingested. */
  stderr: string[];
}

export const INGEST_USAGE = 'Usage: npm run ingest -- <url-or-file> [--category <slug>] [--publish]';

function failure(message: string): IngestCommandOutput {
  return { exitCode: 1, stdout: [], stderr: [message.split('\n')[0]] };
}

function summary(report: IngestReport, publish: boolean): string[] {
  return [
    `${report.feedTitle || report.source} (${report.format}): ${report.added.length} added${publish ? ' and published' : ' as drafts'}, ${report.duplicates} skipped as duplicates, ${report.failed.length} failed`,
    ...report.added.map((a) => `  + [${a.category}] ${a.title} (article ${a.id})`),
    ...report.failed.map((f) => `  ! ${f.title}: ${f.reason}`),
  ];
}

/**
 * `ingest -- <url-or-file> [--category <slug>] [--publish]`. Bad input (wrong arguments, no such
 * file, an address refused, not a feed, malformed XML, an unknown category) is one line and exit
 * 1, never a stack trace. The feed is read and parsed before the database is opened. Items that
 * fail on their own are listed in the summary; the run still exits 0.
 */
export async function ingestCommand(
  argv: readonly string[],
  services: () => Promise<Pick<Services, 'ingest'>>,
  fetchOptions: FeedFetchOptions = {},
): Promise<IngestCommandOutput> {
  let values: { category?: string; publish?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, options: { category: { type: 'string' }, publish: { type: 'boolean', default: false } } }));
  } catch (error) {
    return failure(`${(error as Error).message.split('.')[0]}. ${INGEST_USAGE}`);
  }
  if (positionals.length !== 1) return failure(INGEST_USAGE);
  const publish = values.publish === true;
  let fetched: FetchedFeed;
  try {
    fetched = await readFeedSource(positionals[0], fetchOptions);
    parseFeed(fetched.body, fetched.baseUrl);
  } catch (error) {
    return failure(error instanceof FeedError ? error.message : `Could not read ${positionals[0]}: ${(error as Error).message}`);
  }
  try {
    const report = await (await services()).ingest.ingestDocument(fetched, { category: values.category, publish });
    return { exitCode: 0, stdout: summary(report, publish), stderr: [] };
  } catch (error) {
    return failure(error instanceof FeedError || error instanceof DomainError ? error.message : `Ingestion failed: ${(error as Error).message}`);
  }
}
