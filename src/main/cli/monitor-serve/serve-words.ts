import { positionals } from '../args/options';

/** True for a `databridge monitor serve ...` command line (loaded before anything heavy). */
export function isMonitorServe(argv: readonly string[]): boolean {
  const [group, command] = positionals(argv);
  return group === 'monitor' && command === 'serve';
}
