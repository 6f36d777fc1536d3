/** An ad slot position is reserved after every 4th card on home. */
export const AD_SLOT_INTERVAL = 4;

/** True when an ad slot follows the card at this zero-based index (after cards 4, 8, ...). */
export function hasAdSlotAfter(index: number): boolean {
  return (index + 1) % AD_SLOT_INTERVAL === 0;
}

export interface AdSlotProps {
  /** 1-based slot number on the page, for the ad server once one exists. */
  slot: number;
}

/**
 * Reserved ad position. No ad network is wired up yet, so it renders nothing (no empty box,
 * no layout shift); when it does, it should return a full-width grid item.
 */
export function AdSlot(_props: AdSlotProps) {
  return null;
}
