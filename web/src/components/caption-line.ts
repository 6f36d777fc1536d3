import styled from '@emotion/styled';
import { madeOnce } from '../theme/made-once';

/** A caption-sized line in the secondary colour (bylines, ages, reading times), styled once. */
export const CaptionLine = styled('p')(madeOnce({ m: 0, typography: 'caption', color: 'text.secondary' }));
