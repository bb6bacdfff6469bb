/**
 * `npm run studio`: the game studio's server process (a third-party game provider). Listens on
 * STUDIO_HOST:STUDIO_PORT (loopback by default), stops cleanly on SIGTERM/SIGINT, and, when started by a
 * supervisor that sets SUPERVISOR_PID, stops once that process is gone (as scripts/exit-with-supervisor.mjs
 * does for the web server).
 */
import { buildStudio } from './app';
import { loadStudioConfig } from './config';

const config = loadStudioConfig();
// Its log follows LOG_LEVEL like the API's (the e2e stack asks for warnings only).
const studio = await buildStudio(config, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
const address = await studio.app.listen({ host: config.host, port: config.port });
studio.app.log.info(
  `studio: listening on ${address}, public ${config.publicUrl}, wallet ${config.walletUrl}`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  studio.app.log.info(`studio: ${signal}, stopping`);
  await studio.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

const supervisor = Number(process.env.SUPERVISOR_PID);
if (Number.isInteger(supervisor) && supervisor > 0) {
  setInterval(() => {
    try {
      process.kill(supervisor, 0);
    } catch {
      void stop('supervisor gone');
    }
  }, 1_000).unref();
}
