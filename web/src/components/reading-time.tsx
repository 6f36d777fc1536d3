import Typography, { type TypographyProps } from '@mui/material/Typography';
import { CaptionLine } from './caption-line';

/** "4 min read": the body's reading time, beside (not inside) the byline. */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

export function ReadingTime({ minutes, ...props }: { minutes: number } & Omit<TypographyProps, 'children'>) {
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="reading-time" {...props}>
      {readingTimeLabel(minutes)}
    </Typography>
  );
}

/** The same at caption size, styled once: for lists that show it many times (cards). */
export function ReadingTimeCaption({ minutes }: { minutes: number }) {
  return <CaptionLine data-testid="reading-time">{readingTimeLabel(minutes)}</CaptionLine>;
}
