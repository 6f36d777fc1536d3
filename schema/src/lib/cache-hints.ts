/**
 * Apollo's `@cacheControl` hint for the types of public reads: how long a shared cache (a CDN,
 * nginx) may keep a GraphQL answer made only of them, as REST reads' `s-maxage`. Types without a
 * hint (drafts, inquiries, tokens, receipts) and mutations make the whole answer `no-store`, so a
 * new private type is never shared by accident. Read by Apollo's cache control plugin from the
 * schema's AST (the directive is applied, not declared, so the published SDL does not change).
 */
export const PUBLIC_CACHE_HINT = '@cacheControl(maxAge: 30)';
