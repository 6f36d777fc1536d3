/**
 * Limits accepted inquiries per client. The gateway supplies the implementation (per IP); the
 * service applies it, so GraphQL and REST share one rule.
 */
export interface SubmissionLimiter {
  /** Throws TooManyRequestsError when the client may not submit now. */
  assertAllowed(clientKey: string): Promise<void>;
  /** Counts one accepted submission. */
  record(clientKey: string): Promise<void>;
}

export const unlimited: SubmissionLimiter = {
  async assertAllowed() {},
  async record() {},
};
