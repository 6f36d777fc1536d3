import { useId } from 'react';
import styled from '@emotion/styled';
import { madeOnce } from '../theme/made-once';
import { SidePanel } from './side-panel';

const Form = styled('form')(
  madeOnce({
    '& label': { display: 'block', fontWeight: 600, mb: 0.5 },
    '& input[type="email"]': { boxSizing: 'border-box', width: '100%', p: 1, mb: 1, font: 'inherit' },
    // The honeypot: out of sight and out of the tab order, for bots only.
    '& .trap': { position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' },
    '& button': {
      px: 2,
      py: '6px',
      border: 0,
      borderRadius: 'var(--mui-shape-borderRadius)',
      typography: 'button',
      cursor: 'pointer',
      bgcolor: 'primary.main',
      color: 'primary.contrastText',
      '&:hover': { bgcolor: 'primary.dark' },
    },
  }),
);
const Note = styled('p')(madeOnce({ mt: 0, mb: 1.5 }));

/**
 * The short subscribe form (every category, daily): a plain POST to /newsletter, which answers the
 * newsletter page with the outcome; `page` is kept as where consent was given.
 */
export function NewsletterSignup({ page }: { page: string }) {
  const id = useId();
  return (
    <SidePanel aria-labelledby={`${id}-heading`} data-print="hide">
      <h2 id={`${id}-heading`}>Get the morning digest</h2>
      <Note>
        The day&apos;s Australian tech stories at 7 am Sydney time. <a href="/newsletter">Choose categories or weekly</a>.
      </Note>
      <Form method="post" action="/newsletter">
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input id={`${id}-email`} name="email" type="email" required maxLength={254} autoComplete="email" />
        <div className="trap" aria-hidden="true">
          <label>
            Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <input type="hidden" name="page" value={page} />
        <button type="submit">Subscribe</button>
      </Form>
    </SidePanel>
  );
}
