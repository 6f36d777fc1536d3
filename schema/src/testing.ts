/**
 * schema's entry for tests only (the gateway's *.test.ts): a migrated database per test file,
 * seeded with the test content (./test/test-content.ts) that tests assert against, and the
 * entities and service classes tests use to inspect or prepare stored rows. The launch content is
 * not exported: tests own their rows, so it can change freely. Production code imports ./index.ts.
 */
export { createTestDatabase, TEST_NOW, type TestDatabase, type TestDatabaseOptions } from './test/test-database.js';
export { categories, testArticles, testBreakingNews, testPartners } from './test/test-content.js';
export { TEST_SVG, testGif, testPicture, testPngBomb } from './test/test-images.js';
export { ContactMessage } from './modules/contact/contact-message.entity.js';
export { OutboxMessage } from './modules/notification/outbox-message.entity.js';
export { ContactService } from './modules/contact/contact.service.js';
export { insertSearchFixtures, type SearchFixture } from './modules/search/search.fixtures.js';
