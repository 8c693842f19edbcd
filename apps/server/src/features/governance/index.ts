/**
 * What other areas use of governance (who may do what, and change requests): the access read model and the role and
 * project-access stores. Other areas import governance only through this file (lint: switchyard/area-imports).
 */
export { createAccessReadModel } from './access/access-read-model.ts';
export { createRoleStore } from './access/role-store.ts';
export { rootRoleIdOf } from './access/root-role.ts';
export { createProjectAccessStore } from './project-access/project-access-store.ts';
