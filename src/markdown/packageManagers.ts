// npm commands as Yarn and pnpm commands, for the tabs a ```bash npm2yarn fence becomes (the
// conversion @docusaurus/remark-plugin-npm2yarn makes with the npm-to-yarn package, written here so
// a site needs neither installed): `npm install` -> `yarn add` / `pnpm add`, `npm i -D x` ->
// `yarn add --dev x` / `pnpm add -D x`, `npm run x` -> `yarn x` / `pnpm run x`, `npm init x` ->
// `yarn create x` / `pnpm create x`. Each `npm ...` up to a newline or `&` is converted; a command
// neither knows is kept with a note that it could not be converted.

/** A command line split at spaces outside quotes (quotes kept). */
function splitArgs(command: string): string[] {
  const args: string[] = [];
  let part = '';
  let quote: string | undefined;
  let escaped = false;
  for (const c of command) {
    if (escaped) {
      part += c;
      escaped = false;
    } else if (c === '\\') {
      part += c;
      escaped = true;
    } else if (c === ' ' && !quote) {
      args.push(part);
      part = '';
    } else {
      if (c === '"' || c === "'") quote = quote === c ? undefined : (quote ?? c);
      part += c;
    }
  }
  args.push(part);
  return args.filter(Boolean);
}

/** Commands Yarn has under the same name, which `npm run <name>` must keep `run` for. */
const YARN_COMMANDS = new Set(
  'add audit autoclean bin cache check config create dedupe generate-lock-entry global help import info init install licenses link list lockfile login logout outdated owner pack policies prune publish remove run self-update tag team test unlink upgrade upgrade-interactive version versions why workspace workspaces'.split(
    ' ',
  ),
);
const YARN_SAME = new Set(['test', 'login', 'logout', 'link', 'publish', 'cache', 'start', 'stop']);

const YARN_INSTALL_FLAGS: Record<string, string> = {
  '--save-dev': '--dev',
  '-D': '--dev',
  '--save-prod': '--production',
  '-P': '--production',
  '--no-package-lock': '--no-lockfile',
  '--save-optional': '--optional',
  '-O': '--optional',
  '--save-exact': '--exact',
  '-E': '--exact',
  '--save': '',
  '-S': '',
  '--global': '',
  '-g': '',
};

function yarnInstallArgs(args: string[]): string[] {
  const global = args.includes('--global') || args.includes('-g');
  const converted = args.map((a) => YARN_INSTALL_FLAGS[a] ?? a);
  return global ? ['global', ...converted] : converted;
}

function toYarn(args: string[]): string[] | undefined {
  const [command, ...rest] = args;
  switch (command) {
    case 'install':
    case 'i':
      return rest.length ? yarnInstallArgs(['add', ...rest]) : ['install'];
    case 'uninstall':
    case 'remove':
    case 'un':
    case 'unlink':
    case 'r':
    case 'rm':
      return yarnInstallArgs(['remove', ...rest]);
    case 'run':
    case 'exec':
      return rest[0] && !YARN_COMMANDS.has(rest[0]) ? rest : ['run', ...rest];
    case 'init':
      return rest[0] && !rest[0].startsWith('-') ? ['create', ...rest.filter((a) => a !== '--scope')] : args;
    case 'version':
      return args.map((a) => (/^(major|minor|patch)$/.test(a) ? `--${a}` : a));
    case 'rebuild':
    case 'rb':
      return ['add', ...rest, '--force'];
    case 'ls':
    case 'list':
      return ['list', ...rest];
    default:
      return YARN_SAME.has(command) ? args : undefined;
  }
}

const PNPM_SAME: Record<string, string> = {
  run: 'run',
  exec: 'exec',
  test: 'test',
  t: 'test',
  tst: 'test',
  start: 'start',
  link: 'link',
  ln: 'link',
  outdated: 'outdated',
  unlink: 'unlink',
};

function toPnpm(args: string[]): string[] | undefined {
  const [command, ...rest] = args;
  const flags = (list: string[]) => list.map((a) => (a === '--save' || a === '-S' ? '' : a === '--no-package-lock' ? '--frozen-lockfile' : a));
  switch (command) {
    case 'install':
    case 'i':
      return flags([rest.some((a) => !a.startsWith('-')) ? 'add' : 'install', ...rest]);
    case 'uninstall':
    case 'remove':
    case 'un':
    case 'r':
    case 'rm':
      return flags(['remove', ...rest]);
    case 'init':
      return rest[0] && !rest[0].startsWith('-') ? ['create', ...rest.filter((a) => a !== '--scope')] : args;
    case 'rebuild':
    case 'rb':
      return ['rebuild', ...rest];
    case 'ls':
    case 'list':
      return ['list', ...rest];
    default:
      return command in PNPM_SAME ? [PNPM_SAME[command], ...rest] : undefined;
  }
}

const NPM_COMMAND = /(?<![\w@/.-])npm(?: +([^&\n\r]*))?(?![\w-])/gm;

function convert(code: string, manager: 'yarn' | 'pnpm'): string {
  return code.replace(NPM_COMMAND, (whole, command: string | undefined) => {
    const trailing = /\s*$/.exec(command ?? '')![0];
    let args = splitArgs((command ?? '').trim());
    // Yarn passes everything after the script name on: npm's "--" goes.
    if (manager === 'yarn') {
      const dashes = args.indexOf('--');
      if (dashes >= 0) args.splice(dashes, 1);
    }
    const converted = manager === 'yarn' ? toYarn(args) : toPnpm(args);
    if (!converted) return `${manager === 'yarn' ? 'yarn' : 'npm'} ${(command ?? '').trim()}\n# couldn't auto-convert command${trailing}`;
    args = converted.filter(Boolean);
    return `${manager} ${args.join(' ')}${trailing}`;
  });
}

export const npmToYarn = (code: string): string => convert(code, 'yarn');
export const npmToPnpm = (code: string): string => convert(code, 'pnpm');
