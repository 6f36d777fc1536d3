/** Bodies the API reads are small; anything larger is refused with 413. */
export const BODY_LIMIT = '100kb';
