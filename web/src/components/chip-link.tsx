import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ChipContent, chipLook, chipStyles, type ChipLook } from './chip';

const ChipRoute = styled(RouterLink)(chipStyles);

export interface ChipLinkProps extends ChipLook {
  to: string;
  label: string;
  icon?: ReactNode;
  current?: boolean;
}

/** A chip that is a link to a route of the site (categories, topics, filters); its look is chip.tsx's. */
export function ChipLink({ to, label, icon, current, ...look }: ChipLinkProps) {
  return (
    <ChipRoute to={to} {...chipLook(look)} aria-current={current ? 'true' : undefined}>
      <ChipContent icon={icon} label={label} />
    </ChipRoute>
  );
}
