/** `npm start`: build the app if needed, migrate, serve the app and /api on one origin. */
import { loadConfig } from './lib/config';
import { buildPwaIfStale } from './build-pwa';
import { startServer } from './server';

async function main() {
  const root = process.cwd();
  const config = loadConfig();
  await buildPwaIfStale(root);
  const running = await startServer(config, process.env.LOG_REQUESTS === '0' ? undefined : (line) => console.log(line));
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}/pglite`;
  console.log(`RepHire is running at ${running.url} — database: ${where}`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
