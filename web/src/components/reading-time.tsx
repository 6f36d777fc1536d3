import Typography, { type TypographyProps } from '@mui/material/Typography';

/** "4 min read": the body's reading time, beside (not inside) the byline. */
export function ReadingTime({ minutes, ...props }: { minutes: number } & Omit<TypographyProps, 'children'>) {
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="reading-time" {...props}>
      {minutes} min read
    </Typography>
  );
}
