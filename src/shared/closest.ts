// "Did you mean ...?" for a name that is not one of the known names: the nearest by edit distance,
// when it is near enough to be a typo (a third of the name's letters; two, which a swap of two
// letters costs, from four letters on; one below).
import { distance } from 'fastest-levenshtein';

export function closest(name: string, known: Iterable<string>): string | undefined {
  const limit = name.length < 4 ? 1 : Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}
