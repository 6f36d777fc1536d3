import { islandName, type IslandModule } from '../client/load-islands';

// Plain-DOM islands only: React islands are already live in a test's React tree.
const modules = import.meta.glob<IslandModule>('../**/*.island.ts', { eager: true });
const byName = new Map(Object.entries(modules).map(([path, module]) => [islandName(path), module]));

/** Brings a rendered screen's plain-DOM islands to life, as the client script does in the browser. */
export function hydrateIslands(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')) {
    element.dataset.hydrated = 'true';
    const raw = element.dataset.props;
    void byName.get(element.dataset.island ?? '')?.hydrate(element, raw === undefined ? undefined : JSON.parse(raw));
  }
}
