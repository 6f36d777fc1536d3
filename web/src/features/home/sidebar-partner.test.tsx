import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SidebarPartner } from './sidebar-partner';
import { hydrate } from './sidebar-partner.island';
import { partners } from './home.fixtures.test-utils';

const sidebarPartners = partners.filter((p) => p.placement === 'SIDEBAR');

function renderSidebar() {
  const view = render(<SidebarPartner partners={sidebarPartners} />);
  return { ...view, island: view.container.querySelector<HTMLElement>('[data-island="sidebar-partner"]')! };
}

const visibleHeading = () => screen.getByRole('heading', { level: 3 }).textContent;

describe('SidebarPartner', () => {
  it('shows the first partner in the server HTML and hides the others', () => {
    renderSidebar();
    expect(visibleHeading()).toBe('SummitStack Hosting');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('picks a random partner in the browser, leaving exactly one card', () => {
    const { island } = renderSidebar();
    hydrate(island, undefined, () => 0.99);
    expect(screen.getAllByTestId('partner-card')).toHaveLength(1);
    expect(visibleHeading()).toBe('PressPeak WordPress Hosting');
  });

  it('keeps the first partner when the random pick is the first', () => {
    const { island } = renderSidebar();
    hydrate(island, undefined, () => 0);
    expect(screen.getAllByTestId('partner-card')).toHaveLength(1);
    expect(visibleHeading()).toBe('SummitStack Hosting');
  });

  it('renders nothing without sidebar partners', () => {
    const { container } = render(<SidebarPartner partners={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
