// The V8 settings `npm run server` starts Node with (package.json repeats them; a test keeps the two equal).
// Measured with `npm run bench` (1,000 flags, 50 connections): peak RSS 142-151 MB with Node's defaults after the
// first large request bursts, 125-131 MB with these, at the same throughput on every endpoint.
export const SERVER_NODE_FLAGS = [
  // A young generation of 2 × 8 MB instead of up to 2 × 16 MB: requests allocate little that lives past one.
  '--max-semi-space-size=8',
  // Grow the old generation by 10% after a full collection instead of V8's adaptive factor (up to 4×), which let
  // it balloon after the start-up burst and after each burst of requests, and kept it there.
  '--heap-growing-percent=10',
];
