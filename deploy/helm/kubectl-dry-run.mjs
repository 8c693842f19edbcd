#!/usr/bin/env node
/**
 * Renders the chart (render.mjs) and gives the manifests to `kubectl apply --dry-run=client`, without a cluster:
 * kubectl needs an API server only to learn which kinds exist (discovery) and whether an object already exists,
 * so this answers those two questions on 127.0.0.1 for the kinds the chart makes, and nothing else.
 *   node deploy/helm/kubectl-dry-run.mjs [render.mjs arguments, e.g. --set ingress.enabled=true]
 * Run by hand where kubectl is installed (decision record 0046); the chart's test validates the same manifests
 * against the Kubernetes schema without kubectl.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { mergeValues, renderChart, setValue } from './render.mjs';

const CHART = path.join(import.meta.dirname, 'switchyard');
const RESOURCES = {
  v1: [
    { name: 'services', kind: 'Service' },
    { name: 'secrets', kind: 'Secret' },
  ],
  'apps/v1': [{ name: 'deployments', kind: 'Deployment' }],
  'networking.k8s.io/v1': [{ name: 'ingresses', kind: 'Ingress' }],
  'policy/v1': [{ name: 'poddisruptionbudgets', kind: 'PodDisruptionBudget' }],
};

let values = {
  database: { url: 'postgres://switchyard:secret@postgres:5432/switchyard' },
  secretsKey: 'c3dpdGNoeWFyZC1zbW9rZS1rZXktMzItYnl0ZXMhISE=',
};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--set') values = setValue(values, args[++i]);
  else throw new Error(`unknown argument ${args[i]}`);
}
const manifests = renderChart(CHART, { values: mergeValues({}, values) });

const json = (response, status, body) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const resourceList = (groupVersion) => ({
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion,
  resources: RESOURCES[groupVersion].map((resource) => ({
    ...resource,
    singularName: resource.kind.toLowerCase(),
    namespaced: true,
    verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  })),
});
const requests = [];
const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  requests.push(`${request.method} ${url.pathname}`);
  if (url.pathname === '/api') return json(response, 200, { kind: 'APIVersions', versions: ['v1'] });
  if (url.pathname === '/apis')
    return json(response, 200, {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: Object.keys(RESOURCES)
        .filter((gv) => gv.includes('/'))
        .map((gv) => ({
          name: gv.split('/')[0],
          versions: [{ groupVersion: gv, version: 'v1' }],
          preferredVersion: { groupVersion: gv, version: 'v1' },
        })),
    });
  if (url.pathname === '/api/v1') return json(response, 200, resourceList('v1'));
  const group = /^\/apis\/([^/]+\/v1)$/.exec(url.pathname);
  if (group && RESOURCES[group[1]]) return json(response, 200, resourceList(group[1]));
  // Any object: not there yet, so apply creates it.
  json(response, 404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const kubectl = spawn(
  'kubectl',
  [
    'apply',
    '--dry-run=client',
    '--validate=false',
    `--server=http://127.0.0.1:${port}`,
    '-n',
    'default',
    '-f',
    '-',
  ],
  { stdio: ['pipe', 'inherit', 'inherit'], env: { ...process.env, KUBECONFIG: '/dev/null' } },
);
kubectl.stdin.end(manifests);
const code = await new Promise((resolve) => kubectl.on('close', resolve));
server.close();
console.error(`[kubectl-dry-run] kubectl exited ${code}; it asked: ${[...new Set(requests)].join(', ')}`);
process.exit(code ?? 1);
