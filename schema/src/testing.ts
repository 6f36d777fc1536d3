/**
 * schema's entry for tests only (the gateway's *.test.ts): a migrated, seeded database per test
 * file, the seed content to assert against, and the entities and service classes tests use to
 * inspect or prepare stored rows. Production code imports ./index.ts.
 */
export { createTestDatabase, TEST_NOW, type TestDatabase } from './test/test-database.js';
export { coverImagePath, seedArticles, seedDatabase } from './seeders/database-seeder.js';
export { breakingNews, categories, partners } from './seeders/data/site-content.js';
export { ContactMessage } from './modules/contact/contact-message.entity.js';
export { OutboxMessage } from './modules/notification/outbox-message.entity.js';
export { ContactService } from './modules/contact/contact.service.js';
export { insertSearchFixtures, type SearchFixture } from './modules/search/search.fixtures.js';
