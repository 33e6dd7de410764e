// The search benchmark's HTTP floor (bench/search.ts): a Fastify process like the API's (the same
// Fastify, request ids and a hook setting the headers) that answers the park search's path with one
// answer the API gave, its headers and its bytes, from FLOOR_ANSWER (a JSON file: { headers, body }).
// No database, no validation, no serialization: what answering the same bytes costs a Node process
// before the API does any work of its own. SIGTERM stops it.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import Fastify from "fastify";

const { headers, body } = JSON.parse(fs.readFileSync(process.env.FLOOR_ANSWER, "utf8"));
const app = Fastify({ logger: { level: "warn" }, genReqId: () => randomUUID() });
app.addHook("onRequest", (req, reply, done) => {
  reply.headers(headers);
  reply.header("x-request-id", req.id);
  done();
});
app.get("/api/v1/parks/front/parks/", async () => body);
app.get("/api/health", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
