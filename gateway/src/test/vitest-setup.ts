import 'reflect-metadata';
import { unhandledRejectionHandler } from '../lifecycle/unhandled-rejections.js';

// The server's own rule: the database client's type lookup, cut by a test's outage, is survived;
// any other unhandled rejection still fails the run.
process.on('unhandledRejection', unhandledRejectionHandler({ warn: () => {} }));
