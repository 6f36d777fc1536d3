import { hydrateReactIsland } from '../../islands/hydrate-react-island';
import { AnalyticsDashboard } from './analytics-dashboard';

/**
 * The owner's audience dashboard: its own chunk (charts included), loaded only by
 * /newsroom/analytics, so no reader's page downloads it.
 */
export function hydrate(element: HTMLElement): void {
  hydrateReactIsland(element, <AnalyticsDashboard />);
}
