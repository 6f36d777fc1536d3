import { createContext, useContext, type ReactNode } from 'react';

/**
 * When an island's code loads: `load` as soon as the page has parsed, `idle` when the browser has
 * nothing better to do, `visible` when it scrolls into view, `interaction` on the first pointer,
 * key or focus event inside it.
 */
export type IslandWhen = 'load' | 'idle' | 'visible' | 'interaction';

/** The islands a server render placed on the page, and when each loads (the document preloads some). */
export type IslandRegistry = Map<string, IslandWhen>;

const IslandRegistryContext = createContext<IslandRegistry | null>(null);

export function IslandRegistryProvider({ value, children }: { value: IslandRegistry | null; children: ReactNode }) {
  return <IslandRegistryContext.Provider value={value}>{children}</IslandRegistryContext.Provider>;
}

export interface IslandProps<P> {
  /** The island module's file name without `.island.ts(x)`, e.g. `category-bar`. */
  name: string;
  when?: IslandWhen;
  /** What the island's code needs, serialised into the page: keep it small. */
  props?: P;
  children: ReactNode;
}

/**
 * Marks a part of a server-rendered page that runs code in the browser. Everything outside
 * islands is plain HTML and CSS; the client script (web/src/client) loads the module named here
 * when `when` says and hands it this element and its props.
 */
export function Island<P>({ name, when = 'idle', props, children }: IslandProps<P>) {
  useContext(IslandRegistryContext)?.set(name, when);
  return (
    <div data-island={name} data-when={when} data-props={props === undefined ? undefined : JSON.stringify(props)} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
