// The V8 settings `npm run server` starts Node with (package.json repeats them; a test keeps the two equal).
// Measured with `npm run bench -- workers` (1,000 flags, wrk, 50 connections, a new Frontend API context per
// request): `--heap-growing-percent=10`, used until 0.1 to keep the old generation small, made V8 collect it fully
// so often under load that the Frontend API lost a third of its throughput and its p99 passed 150 ms; without it a
// process holds about 30 MB more (about 310 MB under that load).
export const SERVER_NODE_FLAGS = [
  // A young generation of 2 × 8 MB instead of up to 2 × 16 MB: requests allocate little that lives past one.
  '--max-semi-space-size=8',
];
