import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Opens the database, applies the shipped migrations, and closes it after the last request. */
export default fp(
  async (fastify) => {
    const database = await openDatabase(fastify.config.database);
    try {
      await database.migrate();
    } catch (err) {
      await database.close();
      throw err;
    }
    fastify.decorate('database', database);
    fastify.decorate('db', database.db);
    // onClose runs after the HTTP server has drained, so no request still needs the database.
    fastify.addHook('onClose', async () => {
      await database.close();
    });
    fastify.log.info({ driver: database.driver }, 'database ready');
  },
  { name: 'db', dependencies: ['config'] },
);
