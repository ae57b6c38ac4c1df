// Debian packages a test needs (PgBouncer, HAProxy): installed when missing and possible (root or
// passwordless sudo, apt); where they cannot be, the reason, and CI (which installs them in .ci/run)
// fails instead of skipping.
import { execFileSync } from 'node:child_process';

/**
 * Installs Debian's `pkg` unless `installed()` already holds; returns why it is unavailable, or
 * undefined. `name` is how the failure names it ("PgBouncer").
 */
export function debianPackageUnavailable(pkg: string, name: string, installed: () => boolean): string | undefined {
  if (installed()) return undefined;
  const install = ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', pkg];
  try {
    const command = process.getuid?.() === 0 ? install : ['sudo', '-n', ...install];
    execFileSync(command[0]!, command.slice(1), { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch (error) {
    return `${name} is not installed and could not be installed with apt-get (${(error as Error).message.split('\n')[0]})`;
  }
  return installed() ? undefined : `${name} is not installed and apt-get did not install it`;
}
