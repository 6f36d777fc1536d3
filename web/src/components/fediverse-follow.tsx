import { useId } from 'react';
import styled from '@emotion/styled';
import { useSiteConfig } from '../config/site-config';
import { Island } from '../islands/island';
import { fediverseAccount } from '../lib/fediverse-account';
import { madeOnce } from '../theme/made-once';
import { ButtonLook, buttonLook } from './button-link';

const Panel = styled('section')(
  madeOnce({
    maxWidth: 640,
    p: 2,
    bgcolor: 'background.paper',
    color: 'text.primary',
    border: 1,
    borderColor: 'divider',
    borderRadius: 'var(--mui-shape-borderRadius)',
    '& > h2': { m: 0, mb: 0.5, typography: 'subtitle1', fontWeight: 700 },
    '& > p': { m: 0, mb: 1.5, typography: 'body2', color: 'text.secondary' },
    '& .fediverse-row': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 },
    // One click or tap selects the whole handle; a long one wraps on a phone rather than overflowing.
    '& code': { typography: 'body1', fontFamily: 'inherit', fontWeight: 700, userSelect: 'all', overflowWrap: 'anywhere' },
    // Always in the page (a live region added later may go unannounced); no height while empty.
    '& [role="status"]': { display: 'block', typography: 'body2', color: 'text.secondary' },
    '& [role="status"]:not(:empty)': { mt: 1 },
  }),
);

/**
 * "Follow on the fediverse": one of the site's accounts as its handle, text a reader can select
 * without script, and a Copy button (the island) that reports in a live region.
 */
export function FediverseFollow({ username, description }: { username: string; description: string }) {
  const { siteUrl } = useSiteConfig();
  const { handle } = fediverseAccount(siteUrl, username);
  const id = useId().replace(/:/g, '');
  return (
    <Panel aria-labelledby={`${id}-heading`} data-testid="fediverse-follow" data-print="hide">
      <h2 id={`${id}-heading`}>Follow on the fediverse</h2>
      <p>{description}</p>
      <Island name="fediverse-follow" when="visible">
        <div className="fediverse-row">
          <code id={`${id}-handle`} data-fediverse-handle>
            {handle}
          </code>
          <span data-fediverse-copy hidden>
            <ButtonLook type="button" aria-describedby={`${id}-handle`} {...buttonLook({ variant: 'outlined', size: 'small' })}>
              Copy
            </ButtonLook>
          </span>
        </div>
        <span role="status" aria-live="polite" data-fediverse-status />
      </Island>
    </Panel>
  );
}
