import { ServiceUnavailableError } from '../../../schema/src/index.js';

export interface RenderQueueOptions {
  /** Jobs running at once. */
  running: number;
  /** Jobs allowed to wait for a slot; one more is refused. */
  waiting: number;
  /** Retry-After sent with the refusal, in seconds. */
  retryAfterSeconds: number;
  /** What a refused client reads (default: about images). */
  message?: string;
}

const IMAGES_BUSY = 'Too many images are being prepared right now. Please try again in a moment.';

/**
 * A small bounded queue for CPU- or memory-heavy work (image renders and uploads, page renders). At most `running` jobs run at once and at most
 * `waiting` wait; a job beyond that is refused at once with a ServiceUnavailableError (503 and
 * Retry-After) instead of piling up and starving every other request of CPU.
 */
export class RenderQueue {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly options: RenderQueueOptions) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.queue.length };
  }

  /** @throws ServiceUnavailableError when every slot and every waiting place is taken. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.running) {
      if (this.queue.length >= this.options.waiting) {
        throw new ServiceUnavailableError(this.options.message ?? IMAGES_BUSY, this.options.retryAfterSeconds);
      }
      // The slot is handed over by the job that finishes, so `active` never drops in between.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await job();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
