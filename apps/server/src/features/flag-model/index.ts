/**
 * The flag model: projects, environments, flags and their strategies, segments, context fields, dependencies, tags,
 * flag types, the archive, import and export, events, search and the playground. Every other area builds on it and
 * may import its modules at any depth; it imports no other area (lint: switchyard/area-imports), so it exports nothing
 * here.
 */
export {};
