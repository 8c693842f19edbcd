import { defineCommand, listOption, stringOption } from '../command.ts';
import { printRecord } from '../output.ts';

export default defineCommand({
  name: 'context create',
  summary: 'Create a context field',
  args: ['NAME'],
  options: {
    description: { type: 'string', placeholder: 'text', description: 'What the field holds.' },
    'legal-value': {
      type: 'string',
      multiple: true,
      placeholder: 'value',
      description: 'A value the field may take.',
    },
    stickiness: { type: 'boolean', description: 'Offer it as stickiness for rollouts and variants.' },
  },
  unleash: 'Yes: `POST /api/admin/context`.',
  examples: ['switchyard context create region --legal-value eu-north --legal-value us-east --stickiness'],
  async run({ values, positionals, io, json, client }) {
    const body = {
      name: positionals[0],
      description: stringOption(values, 'description') ?? '',
      stickiness: values.stickiness === true,
      legalValues: listOption(values, 'legal-value').map((value) => ({ value })),
    };
    await (await client()).send('POST', '/api/admin/context', body);
    printRecord(io, json, { created: body.name, 'legal values': body.legalValues.length }, body);
  },
});
