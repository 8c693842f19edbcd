/**
 * What other areas use of SDK serving (client, frontend, OFREP and edge APIs, metrics): nothing yet. Other areas import
 * SDK serving only through this file (lint: switchyard/area-imports).
 */
export {};
