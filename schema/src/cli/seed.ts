import 'reflect-metadata';
import { openDatabase, parseDatabaseUrl } from '../index.js';

/** Migrates, then seeds the launch content into an empty database (never over existing content). */
const { orm, seeded, description } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL));
console.log(seeded ? `${description}: seeded the launch content.` : `${description}: already has content; nothing seeded.`);
await orm.close(true);
