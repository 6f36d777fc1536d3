import type { IslandWhen } from '../islands/island';
import { whenIdle } from './when-idle';

/** What every `*.island.ts(x)` module exports: bring the server-rendered element to life. */
export interface IslandModule {
  hydrate(element: HTMLElement, props: unknown): void | Promise<void>;
}

export type IslandLoader = () => Promise<IslandModule>;

/** `../features/home/category-bar.island.ts` -> `category-bar`. */
export function islandName(modulePath: string): string {
  return modulePath.replace(/^.*\//, '').replace(/\.island\.tsx?$/, '');
}

export function islandLoaders(modules: Record<string, IslandLoader>): Map<string, IslandLoader> {
  return new Map(Object.entries(modules).map(([path, load]) => [islandName(path), load]));
}

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'focusin', 'mouseover', 'touchstart'] as const;

function whenVisible(element: HTMLElement, run: () => void): void {
  // display: contents has no box of its own: watch its children.
  const targets = [...element.children];
  if (!('IntersectionObserver' in window) || targets.length === 0) return run();
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      observer.disconnect();
      run();
    }
  }, { rootMargin: '200px' });
  for (const target of targets) observer.observe(target);
}

function onInteraction(element: HTMLElement, run: () => void): void {
  // A reader who reached it before this script ran (focus in a field, the pointer on it) is interacting already.
  if (element.contains(document.activeElement) || element.querySelector(':hover')) return run();
  const start = () => {
    for (const type of INTERACTION_EVENTS) element.removeEventListener(type, start, true);
    run();
  };
  for (const type of INTERACTION_EVENTS) element.addEventListener(type, start, { capture: true, passive: true });
}

/**
 * A form inside an island that is still loading must not submit the old-fashioned way: hold the
 * submission and make it again once the island's code has taken over. If the code never arrives
 * (blocked, offline), the form is the server's again: a held submission is posted to it.
 */
function holdSubmissions(element: HTMLElement, hydrated: Promise<void>): void {
  let held: HTMLFormElement | null = null;
  const hold = (event: Event) => {
    event.preventDefault();
    held = event.target as HTMLFormElement;
  };
  element.addEventListener('submit', hold, true);
  void hydrated.then(
    () => {
      element.removeEventListener('submit', hold, true);
      // The island's own handler is attached now: let it send what the reader submitted.
      if (held?.isConnected) setTimeout(() => held?.requestSubmit(), 0);
    },
    () => {
      element.removeEventListener('submit', hold, true);
      if (held?.isConnected) held.requestSubmit();
    },
  );
}

function schedule(when: IslandWhen, element: HTMLElement, run: () => void): void {
  if (when === 'load') run();
  else if (when === 'visible') whenVisible(element, run);
  else if (when === 'interaction') onInteraction(element, run);
  else whenIdle(run, 1500, 200);
}

function parseProps(element: HTMLElement): unknown {
  const raw = element.dataset.props;
  return raw === undefined ? undefined : JSON.parse(raw);
}

/**
 * Finds every island on the page and hydrates each when its `data-when` says. Resolves once the
 * islands that load by themselves (load, idle) are running; `<html data-islands="ready">` says so too.
 */
export async function loadIslands(loaders: Map<string, IslandLoader>, root: ParentNode = document): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    const load = loaders.get(name);
    if (!load) {
      console.error(`No island module named "${name}"`);
      continue;
    }
    const when = (element.dataset.when ?? 'idle') as IslandWhen;
    const hydrated = new Promise<void>((resolve, reject) => {
      schedule(when, element, () => {
        load()
          .then((module) => module.hydrate(element, parseProps(element)))
          .then(() => {
            element.dataset.hydrated = 'true';
            resolve();
          }, reject);
      });
    });
    if (when === 'load' || when === 'idle') pending.push(hydrated);
    else holdSubmissions(element, hydrated);
  }
  await Promise.all(pending);
  document.documentElement.dataset.islands = 'ready';
}
