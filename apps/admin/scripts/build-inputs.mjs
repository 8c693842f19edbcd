// What the admin UI's dist/ was built from, so `npm start`, `npm run server` and the browser tests build it only
// when it is missing or a file it was built from changed since: the one place that decides "build if stale".
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADMIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Kept out of dist/, which the server serves to anyone: the record lists the build machine's paths. */
const inputsFile = (dir) => path.join(dir, '.cache/build-inputs.json');

/** Whether dir/dist holds a build and no file it was built from changed (or vanished) since the build began. */
export function adminUiIsCurrent(dir = ADMIN_DIR) {
  try {
    const { startedAt, inputs } = JSON.parse(readFileSync(inputsFile(dir), 'utf8'));
    statSync(path.join(dir, 'dist/index.html'));
    return inputs.every((input) => statSync(input).mtimeMs < startedAt);
  } catch {
    return false;
  }
}

/**
 * Builds dir/dist with Vite unless it is current: one line when it builds, nothing when it is current, Vite's
 * warnings and errors only. False when the build failed.
 */
export function buildAdminUiUnlessCurrent(dir = ADMIN_DIR, say = (line) => console.log(line)) {
  if (adminUiIsCurrent(dir)) return true;
  say(
    `[build] building the admin UI into ${path.relative(path.resolve(ADMIN_DIR, '../..'), path.join(dir, 'dist'))}…`,
  );
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: dir,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return built.status === 0;
}

/**
 * The Vite plugin that writes the record adminUiIsCurrent() reads: every file in the module graph, the config,
 * the manifests (a dependency update changes the lock file, not the extracted files' times) and public/.
 */
export function recordBuildInputs() {
  let root = '';
  let publicDir = '';
  let configFile;
  let startedAt = 0;
  let modules = [];
  return {
    name: 'switchyard:record-build-inputs',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
      configFile = config.configFile;
    },
    buildStart() {
      startedAt = Date.now();
      modules = [];
      // A build that fails from here on leaves no record, so it is never taken for current.
      rmSync(inputsFile(root), { force: true });
    },
    generateBundle() {
      modules = [...this.getModuleIds()];
    },
    closeBundle() {
      if (modules.length === 0) return;
      const files = modules
        .filter((id) => path.isAbsolute(id))
        .map((id) => id.split('?')[0])
        .filter((file) => !file.includes('\0'));
      const publicFiles =
        publicDir && existsSync(publicDir)
          ? [publicDir, ...readdirSync(publicDir).map((name) => path.join(publicDir, name))]
          : [];
      const manifests = [path.join(root, 'package.json'), path.resolve(ADMIN_DIR, '../../package-lock.json')];
      const inputs = [
        ...new Set([...files, ...publicFiles, ...manifests, ...(configFile ? [configFile] : [])]),
      ].filter((file) => existsSync(file));
      const file = inputsFile(root);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify({ startedAt, inputs }));
      renameSync(`${file}.${process.pid}.tmp`, file);
    },
  };
}
