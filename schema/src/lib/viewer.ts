/**
 * Who is asking, as the gateway established it from the request. A leaf: the services that check
 * it (editors, API keys) and the request context that carries it both import it from here.
 */
export interface Viewer {
  /** The client's address (after TRUST_PROXY), used to key per-client limits. */
  clientKey: string;
  /** Presented the owner's ADMIN_TOKEN. */
  isAdmin: boolean;
  /** False when no ADMIN_TOKEN is configured: the owner's access is off (editor tokens still work). */
  adminEnabled: boolean;
  /**
   * SHA-256 (hex) of the bearer token presented, if any: an editor token is looked up by it
   * (`services.editors.require(viewer, permission)`, the one role check).
   */
  credential?: string | null;
}

export const ANONYMOUS: Viewer = { clientKey: 'anonymous', isAdmin: false, adminEnabled: false, credential: null };
