import { Fragment } from 'react';

/**
 * A domain name that wraps only after its dots ("austechnews." / "com.au"), never inside a label:
 * each label is kept whole, and a break is offered after each dot.
 */
export function DomainName({ domain }: { domain: string }) {
  const labels = domain.split('.');
  return (
    <>
      {labels.map((label, i) => (
        <Fragment key={i}>
          <span data-domain-label="" style={{ whiteSpace: 'nowrap' }}>
            {i < labels.length - 1 ? `${label}.` : label}
          </span>
          {i < labels.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
