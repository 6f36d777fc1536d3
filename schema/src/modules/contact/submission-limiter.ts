/**
 * Limits accepted inquiries per client. The gateway supplies the implementation (per IP); the
 * service applies it, so GraphQL and REST share one rule.
 */
export interface SubmissionLimiter {
  /**
   * Takes one submission from the client's allowance before anything is written, in one atomic
   * step: concurrent submissions can never all pass a check made before any of them counted.
   * @throws TooManyRequestsError when the allowance is spent.
   */
  consume(clientKey: string): Promise<void>;
  /** Gives a consumed submission back: the write failed, nothing was stored. */
  refund(clientKey: string): Promise<void>;
}

export const unlimited: SubmissionLimiter = {
  async consume() {},
  async refund() {},
};
