// The Node.js flags the API server runs with, wherever it is started: `npm start`, the end-to-end
// tests' server and the benchmarks. One list, so that what is measured is what runs.
//
// --max-semi-space-size=32 (MB; Node 20's default is 16): a search allocates its rows, strings
// and JSON, short-lived garbage that the young generation's scavenges collect. Twice the space,
// half the scavenges, each costing what survives, not what died: in three alternated pairs of
// runs of the coordinate search (500,000 parks, 20 clients) the API's CPU per request went
// 640 → 566, 565 → 509 and 626 → 604 µs, and p99 48 → 38, 53 → 36 and 48 → 45 ms. The cost is
// up to 48 MB more young generation per process.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];
