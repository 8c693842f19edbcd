import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { renderChart, renderManifests, renderTemplate } from '../../../deploy/helm/render.mjs';

/**
 * The Helm chart rendered by deploy/helm/render.mjs (the Go template subset the chart uses; decision record 0046)
 * and each manifest validated against the Kubernetes OpenAPI schema as kubernetes-models compiles it.
 */
const CHART = path.resolve(import.meta.dirname, '../../../deploy/helm/switchyard');
const REQUIRED = {
  database: { url: 'postgres://switchyard:pw@postgres.db:5432/switchyard' },
  secretsKey: 'a2V5',
};

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/Secret': Secret,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

// Manifests are walked by path in the assertions; their shapes are what the schema check holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = Record<string, any>;
const render = (values: Record<string, unknown>) =>
  renderManifests(CHART, { values: { ...REQUIRED, ...values } }) as Manifest[];
const find = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name);

function expectValid(manifests: Manifest[]) {
  for (const manifest of manifests) {
    const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
    expect(
      Model,
      `${manifest.apiVersion} ${manifest.kind} is a kind the chart is expected to make`,
    ).toBeDefined();
    // validate() throws with the failing path, e.g. "data/spec/replicas must be integer".
    expect(() => new Model!(manifest as never).validate()).not.toThrow();
  }
}

describe('the Go template subset of render.mjs', () => {
  it('trims, branches, loops, includes and pipes as Go templates do', () => {
    const defines = '{{- define "pair" -}}{{ .k }}={{ .v | quote }}{{- end -}}';
    const text = renderTemplate(
      [
        'a:',
        '  {{- if .off }} never{{ else if eq .n 2 }} two{{ else }} other{{ end }}',
        '{{- range $i, $v := .list }}',
        '- {{ $i }} {{ $v }}',
        '{{- end }}',
        '{{ with .map }}{{ toYaml . | nindent 2 }}{{ else }}none{{ end }}',
        '{{ include "pair" (dict "k" "x" "v" 3) }} {{ .missing | default "fallback" }} {{ printf "%s:%v" "p" 8 }}',
        '{{/* a comment */}}{{ $.n }} {{ trunc 3 "abcdef" }} {{ trimAll "/" "/x/" }} {{ not .off }}',
      ].join('\n'),
      { n: 2, off: false, list: ['p', 'q'], map: { z: [1, 2], b: 'text' } },
      defines,
    );
    expect(text).toBe(
      [
        'a: two',
        '- 0 p',
        '- 1 q',
        '',
        '  b: text',
        '  z:',
        '  - 1',
        '  - 2',
        'x="3" fallback p:8',
        '2 abc x true',
      ].join('\n'),
    );
  });

  it('names the file and line of what it cannot render, never printing something else', () => {
    expect(() => renderTemplate('ok\n{{ lookup "v1" "Secret" "" "" }}', {})).toThrow(
      /template:2: function "lookup" is not supported/,
    );
    expect(() => renderTemplate('{{ .a.b }}', {})).toThrow(/nil pointer evaluating \.a\.b/);
    expect(() => renderTemplate('{{ if .a }}', {})).toThrow(/missing \{\{ end \}\}/);
    expect(() => renderTemplate('{{ fail "stop here" }}', {})).toThrow('stop here');
  });
});

describe('the chart', () => {
  it('renders with the default values: a server on PostgreSQL, probes, Secret-backed settings, PDB, resources', () => {
    const manifests = render({});
    expect(manifests.map((m) => `${m.kind}/${m.metadata.name}`)).toEqual([
      'Deployment/switchyard',
      'PodDisruptionBudget/switchyard',
      'Secret/switchyard',
      'Service/switchyard',
    ]);
    expectValid(manifests);
    const deployment = find(manifests, 'Deployment', 'switchyard')!;
    expect(deployment.spec.replicas).toBe(3);
    const [container] = deployment.spec.template.spec.containers;
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    const env = Object.fromEntries(container.env.map((e: Manifest) => [e.name, e]));
    expect(env.DATABASE_URL.valueFrom.secretKeyRef).toEqual({
      name: 'switchyard',
      key: 'DATABASE_URL',
      optional: false,
    });
    expect(env.SECRETS_KEY.valueFrom.secretKeyRef.optional).toBe(false);
    expect(env.BASE_URI_PATH).toBeUndefined();
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toMatch(/^\d+Mi$/);
    expect(deployment.spec.template.spec.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 10001,
    });
    const secret = find(manifests, 'Secret', 'switchyard')!;
    expect(secret.stringData).toEqual({
      DATABASE_URL: REQUIRED.database.url,
      SECRETS_KEY: REQUIRED.secretsKey,
    });
    // The pods roll when the Secret changes: the checksum is of the rendered Secret.
    const changed = find(render({ secretsKey: 'b3RoZXI=' }), 'Deployment', 'switchyard')!;
    expect(changed.spec.template.metadata.annotations['checksum/secret']).not.toBe(
      deployment.spec.template.metadata.annotations['checksum/secret'],
    );
    const pdb = find(manifests, 'PodDisruptionBudget', 'switchyard')!;
    expect(pdb.spec).toEqual({
      minAvailable: 1,
      selector: { matchLabels: deployment.spec.selector.matchLabels },
    });
    const service = find(manifests, 'Service', 'switchyard')!;
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
  });

  it('renders replicas, an Ingress, the edge and a path prefix, every manifest valid', () => {
    const manifests = render({
      replicaCount: 4,
      basePath: '/flags/',
      ingress: { enabled: true, className: 'nginx', host: 'flags.example.com', tlsSecretName: 'flags-tls' },
      edge: { enabled: true, tokens: 'default:production.edge' },
    });
    expect(manifests.map((m) => `${m.kind}/${m.metadata.name}`)).toEqual([
      'Deployment/switchyard',
      'Deployment/switchyard-edge',
      'Service/switchyard-edge',
      'Ingress/switchyard',
      'PodDisruptionBudget/switchyard',
      'Secret/switchyard',
      'Service/switchyard',
    ]);
    expectValid(manifests);
    const [server] = find(manifests, 'Deployment', 'switchyard')!.spec.template.spec.containers;
    expect(server.env).toContainEqual({ name: 'BASE_URI_PATH', value: '/flags' });
    expect(server.readinessProbe.httpGet.path).toBe('/flags/ready');
    expect(server.livenessProbe.httpGet.path).toBe('/flags/health');
    const ingress = find(manifests, 'Ingress', 'switchyard')!;
    expect(ingress.spec).toMatchObject({
      ingressClassName: 'nginx',
      tls: [{ hosts: ['flags.example.com'], secretName: 'flags-tls' }],
      rules: [{ host: 'flags.example.com', http: { paths: [{ path: '/flags', pathType: 'Prefix' }] } }],
    });
    const [edge] = find(manifests, 'Deployment', 'switchyard-edge')!.spec.template.spec.containers;
    expect(edge.command).toEqual(['node', 'apps/server/dist/switchyard-edge.mjs']);
    expect(edge.env).toContainEqual({ name: 'UPSTREAM_URL', value: 'http://switchyard:4242/flags' });
    expect(edge.env).toContainEqual({
      name: 'TOKENS',
      valueFrom: { secretKeyRef: { name: 'switchyard', key: 'EDGE_TOKENS', optional: true } },
    });
    expect(find(manifests, 'Secret', 'switchyard')!.stringData.EDGE_TOKENS).toBe('default:production.edge');
  });

  it('renders one replica without a PDB, an existing Secret without its own, and refuses no database', () => {
    const one = render({ replicaCount: 1 });
    expect(one.some((m) => m.kind === 'PodDisruptionBudget')).toBe(false);
    const own = renderManifests(CHART, { values: { existingSecret: 'mine' } }) as Manifest[];
    expect(own.some((m) => m.kind === 'Secret')).toBe(false);
    const [container] = find(own, 'Deployment', 'switchyard')!.spec.template.spec.containers;
    expect(container.env.find((e: Manifest) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef.name).toBe(
      'mine',
    );
    expectValid(own);
    expect(() => renderChart(CHART)).toThrow(/set database\.url/);
  });

  it('fails validation of a manifest that breaks the schema, so the checks above can fail', () => {
    const [deployment] = render({});
    deployment!.spec.replicas = 'three';
    expect(() => new Deployment(deployment as never).validate()).toThrow(/replicas must be integer/);
  });
});
