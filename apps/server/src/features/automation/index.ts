/**
 * What other areas use of automation (actions, signals and integrations): nothing yet. Other areas import automation
 * only through this file (lint: switchyard/area-imports).
 */
export {};
