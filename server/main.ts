import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { SHUTDOWN_DEADLINE_MS, shutDown } from './http/shutdown.js';

// Reads the environment, starts, and shuts down gracefully (docs/product.md#running-start).
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: answering the requests in flight, refusing new ones');
    // A last resort should a hook hang past the deadline (shutDown itself resolves by then).
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS + 1_000).unref();
    try {
      const { code, ms } = await shutDown(app);
      if (code === 0) app.log.info({ ms }, 'shut down');
      else app.log.error({ ms }, `shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms`);
      process.exit(code);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
