import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SidebarPartner } from './sidebar-partner';
import { partners } from './home.fixtures.test-utils';

const sidebarPartners = partners.filter((p) => p.placement === 'SIDEBAR');

describe('SidebarPartner', () => {
  it('renders the first partner on the server, whatever the random pick, so hydration matches', () => {
    const random = vi.fn(() => 0.99);
    const html = renderToString(<SidebarPartner partners={sidebarPartners} random={random} />);
    expect(html).toContain('SummitStack Hosting');
    expect(html).not.toContain('PressPeak WordPress Hosting');
    expect(random).not.toHaveBeenCalled();
  });

  it('picks a random partner after mount', async () => {
    render(<SidebarPartner partners={sidebarPartners} random={() => 0.99} />);
    await waitFor(() => expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('PressPeak WordPress Hosting'));
    expect(screen.getAllByTestId('partner-card')).toHaveLength(1);
  });

  it('renders nothing without sidebar partners', () => {
    const { container } = render(<SidebarPartner partners={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
