import { p } from '@mikro-orm/core';

/** createdAt and updatedAt, set by the ORM: spread into an entity's properties. */
export const timestamps = {
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};
