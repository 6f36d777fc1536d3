import { render, screen } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteConfigProvider } from '../../config/site-config';
import { RenderCollectorProvider, type RenderCollector } from '../../page-head/render-collector';
import { renderPage, testSiteConfig } from '../../test/render-page';
import { createEmotionCache } from '../../theme/emotion-cache';
import { theme } from '../../theme/theme';
import { NotFoundPage } from './not-found-page';

afterEach(() => {
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
});

describe('NotFoundPage', () => {
  it('shows the 404 heading, a helpful sentence and a link home', () => {
    renderPage(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
    expect(screen.getByText(/couldn’t find that page/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('reports status 404, noindex and the requested path as canonical', () => {
    const collector: RenderCollector = { status: 200, head: null };
    render(
      <CacheProvider value={createEmotionCache()}>
        <ThemeProvider theme={theme}>
          <SiteConfigProvider value={testSiteConfig}>
            <RenderCollectorProvider value={collector}>
              <MemoryRouter initialEntries={['/no/such/page']}>
                <Routes>
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </MemoryRouter>
            </RenderCollectorProvider>
          </SiteConfigProvider>
        </ThemeProvider>
      </CacheProvider>,
    );
    expect(collector.status).toBe(404);
    expect(collector.head).toMatchObject({ title: `Page Not Found | ${testSiteConfig.siteName}`, path: '/no/such/page', noindex: true });
    expect(document.title).toBe(`Page Not Found | ${testSiteConfig.siteName}`);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
