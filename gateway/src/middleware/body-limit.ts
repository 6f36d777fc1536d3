/** Bodies the API reads are small; anything larger is refused with 413. In bytes (100 kB). */
export const BODY_LIMIT = 100 * 1024;

/** The newsroom's article bodies: up to 50,000 characters of text, which may take three bytes each. */
export const NEWSROOM_BODY_LIMIT = '512kb';
