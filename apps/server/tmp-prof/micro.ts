import { compileSnapshot } from '@switchyard/evaluation';
import { seedFlags } from '../bench/seed-flags.ts';
import { buildFrontendContext } from '../src/features/frontend-api/frontend-context.ts';
import { serialiseToggles } from '../src/features/frontend-api/frontend-response.ts';

const features = seedFlags(1000).map((flag) => ({
  name: flag.name, type: 'release', project: 'default', enabled: flag.enabled, impressionData: false,
  strategies: [{ ...flag.strategy, segments: [] }], variants: [], dependencies: [],
}));
const snap = compileSnapshot({ features, segments: [] } as never);
const raw = (n: number) => ({ appName: 'web', userId: `user-${n}`, sessionId: `s-${n * 7}`, properties: { email: `user-${n}@example.com`, accountAgeDays: String(n % 1000), appVersion: `2.${n % 5}.${n % 13}` } });
let bytes = 0, count = 0;
for (let i = 0; i < 3000; i++) { const r = serialiseToggles(snap.evaluateAll(buildFrontendContext(raw(i), '127.0.0.1'))); bytes = r.json.length; }
const N = 10000;
let t = performance.now();
for (let i = 0; i < N; i++) { const c = buildFrontendContext(raw(i), '127.0.0.1'); }
const ctx = performance.now() - t; t = performance.now();
const c0 = buildFrontendContext(raw(5), '127.0.0.1');
let results: any;
for (let i = 0; i < N; i++) { results = snap.evaluateAll(buildFrontendContext(raw(i), '127.0.0.1')); count = results.length; }
const ev = performance.now() - t; t = performance.now();
for (let i = 0; i < N; i++) { serialiseToggles(results); }
const ser = performance.now() - t;
console.log({ enabled: count, bytes, ctxMs: ctx / N, evalPlusCtxMs: ev / N, serialiseMs: ser / N });
