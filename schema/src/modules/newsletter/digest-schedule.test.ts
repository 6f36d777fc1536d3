import { describe, expect, it } from 'vitest';
import { dueDigests, siteTime } from './digest-schedule.js';

describe('digest schedule', () => {
  it('puts 07:00 on Sydney time, daylight saving included', () => {
    expect(siteTime('2030-01-15', 7).toISOString()).toBe('2030-01-14T20:00:00.000Z');
    expect(siteTime('2030-07-15', 7).toISOString()).toBe('2030-07-14T21:00:00.000Z');
    // The morning daylight saving ends (7 April 2030): 07:00 is already standard time.
    expect(siteTime('2030-04-07', 7).toISOString()).toBe('2030-04-06T21:00:00.000Z');
  });

  it('has nothing due before 07:00, the daily digest after, and the weekly one too on Mondays', () => {
    expect(dueDigests(new Date('2030-07-14T20:59:59Z'))).toEqual([]);
    const tuesday = dueDigests(new Date('2030-07-15T21:00:00Z'));
    expect(tuesday.map((d) => d.key)).toEqual(['daily:2030-07-16']);
    expect(tuesday[0].since.toISOString()).toBe('2030-07-14T21:00:00.000Z');
    const monday = dueDigests(new Date('2030-07-14T23:00:00Z'));
    expect(monday.map((d) => d.key)).toEqual(['daily:2030-07-15', 'weekly:2030-07-15']);
    expect(monday[1].since.toISOString()).toBe('2030-07-07T21:00:00.000Z');
  });
});
