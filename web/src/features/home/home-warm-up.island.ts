import { scheduleWarmUp } from './warm-up';

/** HEAD warm-ups of the articles and the ticker about 100 ms after home loads. */
export function hydrate(): void {
  scheduleWarmUp();
}
