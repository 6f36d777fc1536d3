import { defineEntity, p } from '@mikro-orm/core';

/**
 * A named lease on a job that must run in one process at a time (feed ingestion): whoever holds
 * an unexpired row runs; an expired one (its holder died mid-run) may be taken over.
 */
const JobLeaseSchema = defineEntity({
  name: 'JobLease',
  tableName: 'job_lease',
  properties: {
    name: p.string().length(80).primary(),
    holder: p.string().length(80),
    expiresAt: p.datetime(),
  },
});

export class JobLease extends JobLeaseSchema.class {}
JobLeaseSchema.setClass(JobLease);
export { JobLeaseSchema };
