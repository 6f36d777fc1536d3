import type { Configuration, Constructor, EntityManagerType } from '@mikro-orm/core';
import {
  AbstractSqlDriver,
  EntityManager as PostgreSqlEntityManager,
  MikroORM as PostgreSqlMikroORM,
  PostgreSqlConnection,
  PostgreSqlPlatform,
} from '@mikro-orm/postgresql';

/** A named statement: PostgreSQL parses and plans it once per connection. */
export interface PreparedStatement {
  name: string;
  /** The SQL with numbered placeholders ($1, $2, ...). */
  text: string;
}

/**
 * PostgreSQL's connection (the primary's or a replica's) that can also run named prepared
 * statements (decision 036) on its own pool, logged as the ORM logs every query: with the
 * connection's type and name, so a test sees which database served a read.
 */
export class ReaderPostgreSqlConnection extends PostgreSqlConnection {
  async preparedRows<Row>(statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]> {
    const pool = await this.getNativeClient();
    return this.executeQuery(
      statement.text,
      async () => (await pool.query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[],
      { params: [...values] },
    );
  }
}

/**
 * MikroORM's PostgreSQL driver with ReaderPostgreSqlConnection for the primary and every replica:
 * the same platform, entity manager and ORM class as PostgreSqlDriver, built through the SQL
 * driver's constructor, which takes the connection class.
 */
export class SitePostgreSqlDriver extends AbstractSqlDriver<ReaderPostgreSqlConnection, PostgreSqlPlatform> {
  declare [EntityManagerType]: PostgreSqlEntityManager<this>;

  constructor(config: Configuration) {
    super(config, new PostgreSqlPlatform(), ReaderPostgreSqlConnection, ['kysely', 'pg']);
  }

  override createEntityManager(useContext?: boolean): this[typeof EntityManagerType] {
    const EntityManagerClass = this.config.get('entityManager', PostgreSqlEntityManager);
    return new EntityManagerClass(this.config, this, this.metadata, useContext) as this[typeof EntityManagerType];
  }

  override getORMClass(): Constructor<PostgreSqlMikroORM> {
    return PostgreSqlMikroORM;
  }
}
