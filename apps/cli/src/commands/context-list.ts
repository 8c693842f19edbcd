import { defineCommand } from '../command.ts';
import type { WireContextField } from '../flags-as-code/server-state.ts';
import { printTable } from '../output.ts';

export default defineCommand({
  name: 'context list',
  summary: 'List context fields',
  unleash: 'Yes: `GET /api/admin/context`.',
  async run({ io, json, client }) {
    const fields = await (await client()).get<WireContextField[]>('/api/admin/context');
    printTable(
      io,
      json,
      fields.map((f) => ({
        name: f.name,
        stickiness: f.stickiness ? 'yes' : '',
        'legal values': (f.legalValues ?? []).map((v) => v.value),
        description: f.description ?? '',
      })),
      ['name', 'stickiness', 'legal values', 'description'],
      fields,
    );
  },
});
