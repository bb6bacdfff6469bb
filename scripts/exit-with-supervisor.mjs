// Preloaded into the web server by scripts/start.mjs: when the supervisor dies without passing a
// signal on (kill -9), this process stops too instead of holding the port as an orphan.
const pid = Number(process.env.SUPERVISOR_PID);
if (Number.isInteger(pid) && pid > 0) {
  setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      process.kill(process.pid, 'SIGTERM');
    }
  }, 1_000).unref();
}
