import { scheduleWarmUp } from './warm-up';

/** Spec section 7: HEAD warm-ups about 100 ms after home loads. */
export function hydrate(): void {
  scheduleWarmUp();
}
