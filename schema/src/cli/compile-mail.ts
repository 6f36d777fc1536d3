import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAIL_BLOCKS_MODULE, mailBlocksModule } from '../lib/mail/compile-mail-blocks.js';

/** Writes the compiled mail blocks; with --check, fails when the committed module is stale. */
const text = await mailBlocksModule();
const relative = path.relative(process.cwd(), MAIL_BLOCKS_MODULE);
if (process.argv.includes('--check')) {
  if ((await readFile(MAIL_BLOCKS_MODULE, 'utf8').catch(() => '')) !== text) {
    console.error(`${relative} is stale: run \`npm run mail:compile\` and commit it.`);
    process.exit(1);
  }
  console.log(`${relative} is up to date.`);
} else {
  await writeFile(MAIL_BLOCKS_MODULE, text);
  console.log(`Wrote ${relative}`);
}
