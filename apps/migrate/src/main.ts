/**
 * `npm run migrate -- --from <Unleash URL> --from-token <admin token> --to <Switchyard URL> --to-token <admin token>
 * [--dry-run] [--projects a,b] [--from-file export.json ...]`
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from './migrate.ts';
import { formatReport, isClean } from './report.ts';

const USAGE = `usage: npm run migrate -- --from <Unleash URL> --from-token <admin token>
                        --to <Switchyard URL> --to-token <admin token>
                        [--dry-run] [--projects a,b] [--from-file <export.json> ...]
                        [--verify-token <client token> ...]`;

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
      'verify-token': { type: 'string', multiple: true },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // npm runs the script in apps/migrate; paths are meant from where the command was typed.
  const fromFiles = (values['from-file'] ?? []).map((file) =>
    path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
  );
  if (!values.to || !values['to-token'] || (!fromFiles.length && (!values.from || !values['from-token']))) {
    console.error(USAGE);
    return 2;
  }
  const result = await migrate({
    ...(values.from && values['from-token']
      ? { from: { url: values.from, token: values['from-token'] } }
      : {}),
    fromFiles,
    to: { url: values.to, token: values['to-token'] },
    dryRun: values['dry-run'],
    verifyTokens: values['verify-token'] ?? [],
    ...(values.projects
      ? {
          projects: values.projects
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
        }
      : {}),
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
