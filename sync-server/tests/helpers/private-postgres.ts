/**
 * A PostgreSQL cluster of the test's own (initdb in a temp folder, a free port, fsync off), for tests
 * that restart the database: the shared one must never be restarted. Its binaries are found under
 * PG_BIN, else /usr/lib/postgresql/<newest>/bin, else on PATH. PostgreSQL refuses to run as root, so
 * under root its commands run as the `postgres` user (runuser), in a folder that user owns.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

function findBinDir(): string | undefined {
  const candidates = [process.env.PG_BIN];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  for (const dir of candidates) if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  try {
    return path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

const BIN_DIR = findBinDir();
const AS_ROOT = process.getuid?.() === 0;

/** Why a private cluster cannot be started here, or undefined when it can. */
export const privatePostgresUnavailable: string | undefined = !BIN_DIR
  ? 'PostgreSQL server binaries (initdb, pg_ctl) not found: set PG_BIN'
  : AS_ROOT && !hasUser('postgres')
    ? 'running as root without a postgres user to run PostgreSQL as'
    : undefined;

function hasUser(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function run(binary: string, args: string[]): string {
  const command = path.join(BIN_DIR!, binary);
  const [file, argv] = AS_ROOT ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** A superuser connection string to a database of the cluster (default `postgres`). */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  static async start(): Promise<PrivatePostgres> {
    if (privatePostgresUnavailable) throw new Error(privatePostgresUnavailable);
    const dir = mkdtempSync(path.join(tmpdir(), 'rephire-pg-'));
    if (AS_ROOT) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(dir, uid, gid);
    }
    run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const cluster = new PrivatePostgres(dir, await freePort());
    cluster.pgCtl('start');
    return cluster;
  }

  private pgCtl(action: 'start' | 'stop' | 'restart', mode: 'fast' | 'immediate' = 'fast') {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir} -c fsync=off -c full_page_writes=off`;
    try {
      run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-l', path.join(this.dir, 'log'), '-w', '-t', '60', '-m', mode, '-o', options, action]);
    } catch (error) {
      const log = existsSync(path.join(this.dir, 'log')) ? readFileSync(path.join(this.dir, 'log'), 'utf8').slice(-2000) : '';
      throw new Error(`pg_ctl ${action} failed: ${(error as { stderr?: string }).stderr ?? error}\n${log}`);
    }
  }

  /** Stops (fast: open connections are terminated, as on a server restart) and starts again. */
  restart(): void {
    this.pgCtl('restart');
  }

  stop(): void {
    this.pgCtl('stop');
  }

  startAgain(): void {
    this.pgCtl('start');
  }

  /** Stops the cluster at once and deletes its folder. */
  destroy(): void {
    try {
      this.pgCtl('stop', 'immediate');
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
