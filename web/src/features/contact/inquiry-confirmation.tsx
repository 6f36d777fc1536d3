import { useEffect, useRef, type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { MEETS_ASKING_PRICE_TEXT, nextStepText, SENT_TEXT, SENT_TITLE } from './inquiry-form-data';

export interface InquiryConfirmationProps {
  reference: string;
  inquiryType?: string;
  /** A domain offer at or above the Buy-Now price. */
  meetsAskingPrice?: boolean;
  /** The form's page: without JavaScript, dismissing loads it afresh. */
  path: string;
  /** Each new send focuses the panel again. */
  sendCount: number;
  onDismiss: () => void;
}

/**
 * What stays on the page after a send, until the reader dismisses it: the reference to quote when
 * writing again, and what happens next. It takes focus, so screen readers announce it and the
 * keyboard continues from it; a page answered without JavaScript focuses it with `autofocus`.
 */
export function InquiryConfirmation({ reference, inquiryType, meetsAskingPrice = false, path, sendCount, onDismiss }: InquiryConfirmationProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sendCount > 0) panel.current?.focus();
  }, [sendCount]);
  return (
    <Alert
      ref={panel}
      tabIndex={-1}
      // Server-rendered only: a hydrating island must not pull focus back to the panel.
      autoFocus={typeof window === 'undefined'}
      severity="success"
      variant="outlined"
      data-testid="inquiry-confirmation"
      aria-labelledby="inquiry-confirmation-title"
      sx={{ mb: 3, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '3px solid', outlineColor: 'success.main', outlineOffset: 2 } }}
      action={
        <Button component="a" href={path} color="inherit" size="small" onClick={(event: MouseEvent) => {
          event.preventDefault();
          onDismiss();
        }}>
          Dismiss
        </Button>
      }
    >
      <AlertTitle id="inquiry-confirmation-title">{SENT_TITLE}</AlertTitle>
      {SENT_TEXT} Your reference: <strong data-testid="inquiry-reference">{reference}</strong>.{nextStepText(inquiryType)}
      {meetsAskingPrice && <strong data-testid="meets-asking-price"> {MEETS_ASKING_PRICE_TEXT}</strong>}
    </Alert>
  );
}
