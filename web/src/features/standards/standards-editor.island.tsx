import { hydrateReactIsland } from '../../islands/hydrate-react-island';
import { StandardsEditor } from './standards-editor';

/** The owner's editor of the standards pages: its own chunk, loaded only by /newsroom/standards. */
export function hydrate(element: HTMLElement): void {
  hydrateReactIsland(element, <StandardsEditor />);
}
