import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringOption, type Values } from './command.ts';
import { CliError, type Io } from './io.ts';

export type Profile = { url: string; token: string };
type ProfilesFile = { profiles: Record<string, Profile> };

export const profilesFile = (io: Io) =>
  path.join(io.env.XDG_CONFIG_HOME || path.join(io.home, '.config'), 'switchyard', 'profiles.json');

export function readProfiles(io: Io): ProfilesFile {
  const file = profilesFile(io);
  if (!existsSync(file)) return { profiles: {} };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ProfilesFile>;
    return { profiles: parsed.profiles ?? {} };
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Saves a profile, readable by its owner only (0600): it holds a token. */
export function saveProfile(io: Io, name: string, profile: Profile): string {
  const file = profilesFile(io);
  const all = readProfiles(io);
  all.profiles[name] = profile;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** The server and token: --url/--token first, then SWITCHYARD_URL/SWITCHYARD_TOKEN, then the saved profile. */
export function resolveSignIn(values: Values, io: Io): Profile {
  const profileName = stringOption(values, 'profile') ?? io.env.SWITCHYARD_PROFILE ?? 'default';
  const profile = readProfiles(io).profiles[profileName];
  if (stringOption(values, 'profile') && !profile)
    throw new CliError(`no profile "${profileName}" in ${profilesFile(io)}: run \`switchyard login\``);
  const url = stringOption(values, 'url') ?? io.env.SWITCHYARD_URL ?? profile?.url;
  const token = stringOption(values, 'token') ?? io.env.SWITCHYARD_TOKEN ?? profile?.token;
  if (!url || !token)
    throw new CliError(
      `not signed in: missing ${!url ? 'the server URL' : 'the token'}. Pass --url and --token, set SWITCHYARD_URL and SWITCHYARD_TOKEN, or run \`switchyard login\``,
      2,
    );
  return { url, token };
}
