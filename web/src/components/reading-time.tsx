import { CaptionLine } from './caption-line';

/** "4 min read": the body's reading time, beside (not inside) the byline. */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

/** The reading time at caption size, styled once: for lists that show it many times (cards). */
export function ReadingTimeCaption({ minutes }: { minutes: number }) {
  return <CaptionLine data-testid="reading-time">{readingTimeLabel(minutes)}</CaptionLine>;
}
