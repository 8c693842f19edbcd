import { defineCommand, stringOption } from '../command.ts';
import type { WireSegment } from '../flags-as-code/server-state.ts';
import { printTable } from '../output.ts';

export default defineCommand({
  name: 'segments list',
  summary: 'List segments',
  options: {
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'Only the global segments and those of this project.',
    },
  },
  unleash: 'Yes: `GET /api/admin/segments`.',
  async run({ values, io, json, client }) {
    const project = stringOption(values, 'project');
    const { segments } = await (await client()).get<{ segments: WireSegment[] }>('/api/admin/segments');
    const shown = segments.filter((s) => !project || !s.project || s.project === project);
    printTable(
      io,
      json,
      shown.map((s) => ({
        id: s.id,
        name: s.name,
        project: s.project ?? '(global)',
        constraints: s.constraints.length,
      })),
      ['id', 'name', 'project', 'constraints'],
      shown,
    );
  },
});
