import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parse, stringify } from 'yaml';
import { type Db, inTransaction } from '../../../db/db.ts';
import { BadDataError, NoAccessError } from '../../../http/errors.ts';
import { errorResponses, noContent } from '../../../http/operation.ts';
import { createAccessReadModel } from '../../governance/index.ts';
import { actorOf } from '../../flag-model/flags/request-actor.ts';
import type { ProjectPorts } from '../../flag-model/projects/project-ports.ts';
import { describeLegacy } from '../legacy.ts';
import type { State } from './legacy-state.ts';
import { createLegacyStateImport } from './legacy-state-import.ts';
import { assertImportMayWriteDirectly } from './legacy-state-review.ts';
import { createLegacyStateReadModel } from './legacy-state-read-model.ts';
import { ExportQuery, ImportQuery, StateBody, StateResponse } from './legacy-state-schemas.ts';

/** A state file larger than this is refused (413) before it is parsed. */
export const STATE_BODY_LIMIT = 5 * 1024 * 1024;
const YAML_TYPES = ['application/x-yaml', 'application/yaml', 'text/yaml'];
const REPLACEMENT = 'POST /api/admin/features-batch/export and POST /api/admin/features-batch/import';

/** The state file export and import of Unleash v4's Admin API. */
export function legacyStateRoutes(deps: { db: Db; ports: ProjectPorts }): FastifyPluginAsyncTypebox {
  const { db, ports } = deps;
  return async (app) => {
    // Only in this plugin: the state file may be sent as YAML, as Unleash's export could write it.
    app.addContentTypeParser(
      YAML_TYPES,
      { parseAs: 'string', bodyLimit: STATE_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, parse(body.toString(), { maxAliasCount: 100 }));
        } catch (error) {
          done(
            new BadDataError(`The body is not YAML: ${(error as Error).message}`, [
              { message: 'not YAML', path: '/body' },
            ]),
            undefined,
          );
        }
      },
    );

    app.get(
      '/api/admin/state/export',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describeLegacy(
            'legacyExportState',
            'Export the configuration as a state file',
            'The whole configuration as one version-4 state file: flags with their strategies, environments and the segments (`featureToggles`), strategy definitions, projects, tags and environments, each left out with its query flag set to false. Archived flags are left out. `format=yaml` writes YAML; `download=true` answers as an attachment.',
            REPLACEMENT,
          ),
          querystring: ExportQuery,
          response: { 200: StateResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const { format = 'json', download = false, ...parts } = request.query;
        const state = await createLegacyStateReadModel(db).export({
          featureToggles: parts.featureToggles ?? true,
          strategies: parts.strategies ?? true,
          projects: parts.projects ?? true,
          tags: parts.tags ?? true,
          environments: parts.environments ?? true,
        });
        if (download) {
          reply.header(
            'content-disposition',
            `attachment; filename="export.${format === 'yaml' ? 'yml' : 'json'}"`,
          );
        }
        if (format === 'yaml') {
          // Sent as written: the JSON serializer of the declared response would not take a string.
          return reply
            .type('text/yaml; charset=utf-8')
            .serializer((text) => text as string)
            .send(stringify(state) as never);
        }
        return state;
      },
    );

    app.post(
      '/api/admin/state/import',
      {
        bodyLimit: STATE_BODY_LIMIT,
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describeLegacy(
            'legacyImportState',
            'Import a state file',
            'Imports a state file (JSON, or YAML with a YAML content type; at most 5 MiB) through the same rules as the Admin API, in one transaction: a refused item (400 naming it, e.g. `/body/features/3`) leaves nothing changed. Environments, projects, tag types and tags that exist are kept. Flags, strategy definitions and segments that exist are kept with `keep=true` (the default) and get the file’s configuration with `keep=false`; a flag’s strategies are then replaced in each environment the file lists. `drop=true` deletes every flag first.',
            REPLACEMENT,
          ),
          querystring: ImportQuery,
          body: StateBody,
          response: { 202: noContent('Imported.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const state: State = {
          version: body.version ?? 4,
          features: body.features ?? [],
          strategies: body.strategies ?? [],
          projects: body.projects ?? [],
          tagTypes: body.tagTypes ?? [],
          tags: body.tags ?? [],
          featureTags: body.featureTags ?? [],
          environments: body.environments ?? [],
          featureStrategies: body.featureStrategies ?? [],
          featureEnvironments: body.featureEnvironments ?? [],
          segments: body.segments ?? [],
        };
        const options = { drop: request.query.drop ?? false, keep: request.query.keep ?? true };
        const actor = actorOf(request);
        const access = request.access;
        if (!access)
          throw new NoAccessError('Importing a state file needs a signed-in user or an admin token');
        await inTransaction(db, async (tx) => {
          await assertImportMayWriteDirectly(tx, state, options, access, createAccessReadModel(tx));
          await createLegacyStateImport(tx, ports).import(state, options, actor);
        });
        return reply.status(202).send();
      },
    );
  };
}
