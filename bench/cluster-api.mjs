// The built API (apps/api/dist/server.js) as API_PROCESSES processes sharing one port through
// node:cluster, as the same number of processes behind a load balancer would serve it (API-CONVENTIONS.md:
// the API is stateless, any number of processes share one PostgreSQL). Benchmarks only: each
// process has its own pools (DATABASE_POOL_SIZE, DATABASE_SEARCH_POOL_SIZE). SIGTERM stops every
// process, then this one.
import cluster from "node:cluster";
import path from "node:path";

const processes = Number(process.env.API_PROCESSES ?? 2);

if (cluster.isPrimary) {
  let stopping = false;
  let alive = processes;
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  for (let i = 0; i < processes; i += 1) cluster.fork();
  cluster.on("exit", (worker, code) => {
    alive -= 1;
    if (!stopping) {
      console.error(`API process ${worker.process.pid} exited (${code}): stopping the others`);
      stopAll();
    }
    if (alive === 0) process.exit(code ?? 0);
  });
  process.once("SIGTERM", stopAll);
} else {
  await import(path.resolve(import.meta.dirname, "../apps/api/dist/server.js"));
}
