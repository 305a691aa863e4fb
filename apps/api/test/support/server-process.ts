import { type ChildProcess, spawn } from 'node:child_process';
// The e2e suite's helper: one way to find a free port for every test that starts a process.
import { freePort } from '../../../../e2e/support/product.ts';
import { repoRoot } from '../../src/paths.ts';

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process has exited (by itself or killed). */
  exited: Promise<number | null>;
  /** Ends the process (SIGTERM, then SIGKILL after 10 s) if it still runs. */
  stop(): Promise<void>;
}

/**
 * Starts the product's server entry (apps/api/src/server.ts, the code under test, through tsx: `npm test`
 * runs the API tests before the build) as a process of its own on 127.0.0.1, and waits for it to be ready.
 * Output is kept and shown only if it fails to start.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // The narrated demo lessons would rewrite lesson rows in the background while a test compares them.
      DEMO_MEDIA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + timeoutMs;
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    child,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The Cookie header value a browser would send back after these responses (name=value; …). */
function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function keepCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name) jar.set(name.trim(), value.join('='));
  }
}

/**
 * Signs a learner in as a browser does, through the development stand-in for Google (login → the stand-in's
 * form → the callback), and answers the session cookie (`kaushal_session=…`).
 */
export async function signInThroughStandIn(baseUrl: string, person: { name: string; email: string }) {
  const jar = new Map<string, string>();
  const login = await fetch(`${baseUrl}/api/v1/auth/google/login`, { redirect: 'manual' });
  keepCookies(jar, login);
  const form = new URL(String(login.headers.get('location')), baseUrl);
  const consent = await fetch(form, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, cookie: cookieHeader(jar) },
    body: new URLSearchParams({
      state: form.searchParams.get('state') ?? '',
      code_challenge: form.searchParams.get('code_challenge') ?? '',
      action: 'allow',
      name: person.name,
      email: person.email,
    }),
  });
  const callback = await fetch(new URL(String(consent.headers.get('location')), baseUrl), {
    redirect: 'manual',
    headers: { cookie: cookieHeader(jar) },
  });
  keepCookies(jar, callback);
  const session = jar.get('kaushal_session');
  if (!session)
    throw new Error(`sign-in failed: callback answered ${callback.status} ${callback.headers.get('location')}`);
  return `kaushal_session=${session}`;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end and keeps what it printed. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', DEMO_MEDIA: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** One of the API's commands (`npm run backup`, `npm run restore`: apps/api/src/cli/NAME.ts), through tsx. */
export function runApiCommand(name: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  return runCommand(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${name}.ts`, ...args], env);
}
