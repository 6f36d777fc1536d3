import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** varnishd for the topology test and the news-day benchmark: VARNISHD_BIN, else on PATH, else Debian's /usr/sbin. */
export function varnishBinary() {
  if (process.env.VARNISHD_BIN) return process.env.VARNISHD_BIN;
  const found = spawnSync('sh', ['-c', 'command -v varnishd'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (existsSync('/usr/sbin/varnishd')) return '/usr/sbin/varnishd';
  throw new Error('varnishd not found: apt-get install -y varnish varnish-modules (or set VARNISHD_BIN)');
}
