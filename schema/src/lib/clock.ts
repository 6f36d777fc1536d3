/**
 * The site's "now": every reader read takes its time from one clock and sends it to the database
 * as a parameter (never the database's own now()), so the application and its SQL agree on what
 * has been published, and tests move time by giving the services another clock.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
