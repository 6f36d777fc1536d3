import { useEffect, useRef, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface ConfirmActionProps {
  /** The button that asks first, e.g. "Unpublish". */
  label: string;
  /** Its accessible name, when the label alone is ambiguous (a list of items). */
  ariaLabel?: string;
  /** What will happen, asked as a question. */
  question: string;
  /** The button that does it, e.g. "Yes, unpublish". */
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  size?: ButtonProps['size'];
}

/**
 * A destructive action that asks before it acts: the first press shows the question in place, with
 * the confirming button focused and Cancel beside it; Escape cancels. Nothing changes until confirmed.
 */
export function ConfirmAction({ label, ariaLabel, question, confirmLabel, onConfirm, disabled, size }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
    // Back to the button that asked, so the keyboard stays where it was.
    else if (wasAsking.current) askButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <Button ref={askButton} size={size} variant="outlined" color="error" disabled={disabled} aria-label={ariaLabel} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <Stack
      role="group"
      aria-label={question}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {question}
      </Typography>
      <Button
        ref={confirmButton}
        size={size}
        variant="contained"
        color="error"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </Button>
      <Button size={size} variant="text" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </Stack>
  );
}
