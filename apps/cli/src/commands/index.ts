import type { Command } from '../command.ts';
import apply from './apply.ts';
import contextCreate from './context-create.ts';
import contextList from './context-list.ts';
import exportCommand from './export.ts';
import flagsArchive from './flags-archive.ts';
import flagsCreate from './flags-create.ts';
import flagsList from './flags-list.ts';
import flagsShow from './flags-show.ts';
import flagsToggle from './flags-toggle.ts';
import login from './login.ts';
import mcp from './mcp.ts';
import plan from './plan.ts';
import refs from './refs.ts';
import removeFlag from './remove-flag.ts';
import segmentsCreate from './segments-create.ts';
import segmentsList from './segments-list.ts';
import tokensCreate from './tokens-create.ts';
import tokensList from './tokens-list.ts';

/** Every command, in the order `--help` and the reference list them. A new command is a file here and a line below. */
export const COMMANDS: Command[] = [
  login,
  flagsList,
  flagsShow,
  flagsCreate,
  flagsToggle,
  flagsArchive,
  segmentsList,
  segmentsCreate,
  contextList,
  contextCreate,
  tokensList,
  tokensCreate,
  exportCommand,
  plan,
  apply,
  refs,
  removeFlag,
  mcp,
];
