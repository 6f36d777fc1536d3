import styled from '@emotion/styled';
import { madeOnce } from '../theme/made-once';

/** A wrapping row of chips, as a list without bullets. */
export const ChipList = styled('ul')(madeOnce({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }));
