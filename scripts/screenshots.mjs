#!/usr/bin/env node
// Refreshes the README screenshots from a running site: `npm start`, then `npm run screenshots`.
// BASE_URL (default http://localhost:3000) and CHROMIUM_PATH (default: /usr/bin/chromium, else the
// Chromium packaged in node_modules) override.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumExecutable } from './chromium-executable.mjs';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
await mkdir(out, { recursive: true });

const articles = await (await fetch(`${base}/api/articles?limit=1`)).json();
const pages = [
  ['home', '/'],
  ['article', `/articles/${articles[0].id}`],
  ['category', '/categories/cybersecurity'],
  ['contact', '/contact'],
  ['about', '/about'],
  ['search', '/search?q=cloud'],
  ['categories', '/categories'],
];
// The same pages in the dark theme (the reader's system preference).
const darkPages = [
  ['home-dark', '/'],
  ['article-dark', `/articles/${articles[0].id}`],
];

const browser = await chromium.launch({
  executablePath: await chromiumExecutable(),
  args: [...CHROMIUM_FLAGS],
});
try {
  const width = Number(process.env.SCREENSHOT_WIDTH ?? 1280);
  const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  for (const [name, path] of pages) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${out}${name}${process.env.SCREENSHOT_SUFFIX ?? ''}.png`, fullPage: process.env.FULL_PAGE === '1' });
    console.log(`docs/screenshots/${name}.png`);
  }
  const dark = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce', colorScheme: 'dark' });
  for (const [name, path] of darkPages) {
    await dark.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await dark.screenshot({ path: `${out}${name}.png` });
    console.log(`docs/screenshots/${name}.png`);
  }
} finally {
  await browser.close();
}
