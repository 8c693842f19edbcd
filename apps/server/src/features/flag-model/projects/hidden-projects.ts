import { type Access, isMember, seesEverything } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';

/**
 * The private projects this caller is no member of: what reads spanning projects must leave out. Every such read asks
 * here, so visibility is decided in one place; it lives with projects, whose mode makes one private.
 */
export async function hiddenProjects(db: Db, access: Access | undefined): Promise<string[]> {
  if (access && seesEverything(access)) return [];
  const rows = await db.query<{ id: string }>(`SELECT id FROM projects WHERE mode = 'private'`);
  return rows.map((row) => row.id).filter((project) => !access || !isMember(access, project));
}
