/**
 * `npm run migrate -- --from <Unleash URL> --from-token <admin token> --to <Switchyard URL> --to-token <admin token>
 * [--dry-run] [--projects a,b] [--from-file export.json ...]`
 */
import { parseArgs } from 'node:util';
import { migrate } from './migrate.ts';
import { formatReport, isClean } from './report.ts';

const USAGE = `usage: npm run migrate -- --from <Unleash URL> --from-token <admin token>
                        --to <Switchyard URL> --to-token <admin token>
                        [--dry-run] [--projects a,b] [--from-file <export.json> ...]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      'from-token': { type: 'string' },
      'from-file': { type: 'string', multiple: true },
      to: { type: 'string' },
      'to-token': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      projects: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const fromFiles = values['from-file'] ?? [];
  if (!values.to || !values['to-token'] || (!fromFiles.length && (!values.from || !values['from-token']))) {
    console.error(USAGE);
    return 2;
  }
  const result = await migrate({
    ...(values.from && values['from-token'] ? { from: { url: values.from, token: values['from-token'] } } : {}),
    fromFiles,
    to: { url: values.to, token: values['to-token'] },
    dryRun: values['dry-run'],
    ...(values.projects ? { projects: values.projects.split(',').map((p) => p.trim()).filter(Boolean) } : {}),
  });
  console.log(formatReport(result));
  return isClean(result) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[migrate] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
