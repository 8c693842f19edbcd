import { seg } from '../admin-client.ts';
import { defineCommand, stringOption } from '../command.ts';
import type { WireFlag } from '../flags-as-code/server-state.ts';

export default defineCommand({
  name: 'flags show',
  summary: 'Show one flag: its environments, strategies and variants',
  args: ['NAME'],
  options: {
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'The project (`default` unless given).',
    },
  },
  unleash: 'Yes: `GET /api/admin/projects/{project}/features/{name}`.',
  examples: ['switchyard flags show new-checkout'],
  async run({ values, positionals, io, json, client }) {
    const project = stringOption(values, 'project') ?? 'default';
    const flag = await (
      await client()
    ).get<WireFlag>(`/api/admin/projects/${seg(project)}/features/${seg(positionals[0]!)}`);
    if (json) return io.stdout(JSON.stringify(flag, null, 2));
    const lines = [
      `${flag.name} (${flag.type}${flag.stale ? ', stale' : ''}) in project ${flag.project}`,
      ...(flag.description ? [flag.description] : []),
    ];
    for (const env of flag.environments) {
      lines.push(`  ${env.name}: ${env.enabled ? 'on' : 'off'}`);
      for (const strategy of env.strategies ?? []) {
        const parameters = Object.entries(strategy.parameters ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join(' ');
        const extra = [
          strategy.disabled ? 'disabled' : '',
          strategy.constraints?.length ? `${strategy.constraints.length} constraints` : '',
          strategy.segments?.length ? `segments ${strategy.segments.join(',')}` : '',
          strategy.variants?.length ? `${strategy.variants.length} variants` : '',
        ].filter(Boolean);
        lines.push(
          `    - ${strategy.title || strategy.name} ${parameters}${extra.length ? ` (${extra.join(', ')})` : ''}`,
        );
      }
      if (env.variants?.length) lines.push(`    variants: ${env.variants.map((v) => v.name).join(', ')}`);
    }
    io.stdout(lines.join('\n'));
  },
});
