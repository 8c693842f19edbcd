/**
 * Releases: release templates (ordered milestones, each with the strategies it puts on a flag environment). Other
 * areas import nothing from it yet, so it exports nothing here (lint: switchyard/area-imports).
 */
export {};
