import styled from '@emotion/styled';
import { madeOnce } from '../theme/made-once';

/** MUI's `<Container maxWidth="lg">` in sx terms: the width every page's sections line up on. */
export const PAGE_CONTAINER_SX = { width: '100%', mx: 'auto', boxSizing: 'border-box', px: { xs: 2, sm: 3 }, maxWidth: { lg: 1200 } } as const;

/** The same, styled once. */
export const PageContainer = styled('div')(madeOnce(PAGE_CONTAINER_SX));
